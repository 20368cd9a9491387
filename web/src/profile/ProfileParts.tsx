import { LoadingScreen, Skeleton } from '../components/States';
import { countOf } from '../lib/format';

const numbers = new Intl.NumberFormat('en');

interface ProfileStatsProps {
  /** Left out when not known (not every playlist is loaded yet). */
  publicPlaylists?: number;
  /** Null when the music service does not say. */
  followers?: number | null;
  following?: number;
}

/** The counts under a profile's name: "2 public playlists · 5 followers · 8 following". */
export function ProfileStats({ publicPlaylists, followers, following }: ProfileStatsProps) {
  const parts: string[] = [];
  if (publicPlaylists !== undefined) parts.push(countOf(publicPlaylists, 'public playlist'));
  if (followers !== undefined && followers !== null) parts.push(countOf(followers, 'follower'));
  if (following !== undefined) parts.push(`${numbers.format(following)} following`);
  return parts.length > 0 ? <p>{parts.join(' · ')}</p> : null;
}

/** A profile on its way: a round picture, a name, and a shelf. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <LoadingScreen label={label}>
      <div className="flex flex-col items-center gap-6 px-4 pt-6 pb-6 sm:flex-row sm:items-end md:px-6">
        <div className="size-44 shrink-0 overflow-hidden rounded-full sm:size-52">
          <Skeleton className="size-full" />
        </div>
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 px-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </LoadingScreen>
  );
}
