import { HeartIcon as HeartOutline } from '@heroicons/react/24/outline';
import { HeartIcon as HeartSolid } from '@heroicons/react/24/solid';
import { useSaveToLibrary } from '../library/useLibraryMutations';

interface LikeButtonProps {
  uri: string;
  /** Null when the music service did not say; the button then offers to save. */
  saved: boolean | null | undefined;
  /** What it is, for the accessible name: "Save Song name to your library". */
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' };

/** Saves a track, album, show or episode to the library, or removes it: a heart, filled when saved. */
export function LikeButton({ uri, saved, name, size = 'md', className = '' }: LikeButtonProps) {
  const save = useSaveToLibrary();
  const isSaved = saved === true;
  const Icon = isSaved ? HeartSolid : HeartOutline;
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={isSaved ? `Remove ${name} from your library` : `Save ${name} to your library`}
      title={isSaved ? 'Remove from your library' : 'Save to your library'}
      onClick={(event) => {
        event.stopPropagation();
        void save(uri, !isSaved);
      }}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center sm:min-h-0 sm:min-w-0 rounded-full p-1 transition hover:scale-110 ${isSaved ? 'text-accent' : 'text-neutral-400 hover:text-white'} ${className}`}
    >
      <Icon aria-hidden="true" className={sizes[size]} />
    </button>
  );
}
