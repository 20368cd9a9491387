import { useFollowArtist } from './useFollowArtist';

interface FollowButtonProps {
  artist: { id: string; name: string };
  /** Null when the music service did not say; the button then offers to follow. */
  following: boolean | null | undefined;
}

/**
 * Follows an artist, or stops following them: "Follow", or "Following" while the listener follows
 * (the name says the state, so the button is not a pressed toggle as well).
 */
export function FollowButton({ artist, following }: FollowButtonProps) {
  const follow = useFollowArtist();
  const isFollowing = following === true;
  return (
    <button
      type="button"
      title={isFollowing ? `Unfollow ${artist.name}` : `Follow ${artist.name}`}
      onClick={() => void follow(artist, !isFollowing)}
      className={`rounded-full px-4 py-1.5 text-sm min-h-11 sm:min-h-0 font-bold ring-1 transition hover:scale-105 ${
        isFollowing ? 'text-white ring-white/60 hover:ring-white' : 'text-neutral-200 ring-white/30 hover:ring-white'
      }`}
    >
      {isFollowing ? 'Following' : 'Follow'}
    </button>
  );
}
