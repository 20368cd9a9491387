import type { ReactNode } from 'react';
import { Cover, type ImageData } from './Cover';

interface PageHeaderProps {
  /** "Album", "Playlist", "Artist" … */
  kind: string;
  title: string;
  images?: readonly ImageData[] | null;
  shape?: 'square' | 'round';
  /** The lines under the title: owner, counts, duration. */
  children?: ReactNode;
}

/** The top of an album, playlist, artist, show or profile: the cover and the name, large. */
export function PageHeader({ kind, title, images, shape = 'square', children }: PageHeaderProps) {
  const long = title.length > 40;
  return (
    <div className="flex flex-col items-center gap-6 bg-gradient-to-b from-neutral-700/60 to-neutral-900 px-4 pt-6 pb-6 sm:flex-row sm:items-end md:px-6">
      {images !== undefined && (
        <Cover images={images} size={232} shape={shape} className="size-44 shadow-2xl sm:size-52 lg:size-58" />
      )}
      <div className="min-w-0 text-center sm:text-left">
        <p className="text-sm font-semibold">{kind}</p>
        <h1
          className={`mt-1 font-extrabold tracking-tight break-words ${long ? 'text-3xl md:text-4xl' : 'text-4xl md:text-6xl'}`}
        >
          {title}
        </h1>
        {children && <div className="mt-3 space-y-1 text-sm text-neutral-300">{children}</div>}
      </div>
    </div>
  );
}

/** The row of actions under a header: play, like, follow, more. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-4 px-4 py-4 md:px-6">{children}</div>;
}
