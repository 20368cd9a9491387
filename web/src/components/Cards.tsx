import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PlayTarget } from '../player/context';
import { Cover, type ImageData } from './Cover';
import { PlayButton } from './PlayButton';

interface MediaCardProps {
  to: string;
  title: string;
  subtitle?: ReactNode;
  images: readonly ImageData[] | null | undefined;
  shape?: 'square' | 'round';
  /** Shows a play button on hover and focus. */
  play?: { uri: string; target: PlayTarget };
}

/** A card for an album, playlist, artist, show or category: a cover, a title and a line under it. */
export function MediaCard({ to, title, subtitle, images, shape = 'square', play }: MediaCardProps) {
  return (
    <li className="group relative rounded-lg p-3 transition hover:bg-white/5 focus-within:bg-white/5">
      <div className="relative">
        <Cover images={images} size={180} shape={shape} className="aspect-square w-full shadow-lg" />
        {play && (
          <PlayButton
            uri={play.uri}
            target={play.target}
            name={title}
            size="md"
            className="absolute right-2 bottom-2 z-10 translate-y-2 opacity-0 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100"
          />
        )}
      </div>
      <Link to={to} className="mt-3 block truncate font-semibold after:absolute after:inset-0 hover:underline">
        {title}
      </Link>
      {subtitle && <p className="mt-1 line-clamp-2 text-sm text-neutral-400">{subtitle}</p>}
    </li>
  );
}

/** A titled row of cards, wrapping into a grid; a "Show all" link when there is more. */
export function Shelf({ title, more, children }: { title: string; more?: string; children: ReactNode }) {
  return (
    <section className="px-4 py-4 md:px-6" aria-label={title}>
      <div className="mb-2 flex items-end justify-between">
        <h2 className="text-2xl font-bold">{title}</h2>
        {more && (
          <Link to={more} className="text-sm font-semibold text-neutral-400 hover:text-white hover:underline">
            Show all
          </Link>
        )}
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">{children}</ul>
    </section>
  );
}
