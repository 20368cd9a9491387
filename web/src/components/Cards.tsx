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
    <li className="group relative w-36 shrink-0 snap-start rounded-lg p-2 transition hover:bg-white/5 focus-within:bg-white/5 sm:w-auto sm:p-3">
      <div className="relative">
        <Cover images={images} size={180} shape={shape} className="aspect-square w-full shadow-lg" />
        {/* Shown on hover or focus; a phone has neither, and there a card opens, as in Spotify's app. */}
        {play && (
          <PlayButton
            uri={play.uri}
            target={play.target}
            name={title}
            size="md"
            className="absolute right-2 bottom-2 z-10 translate-y-2 max-sm:hidden opacity-0 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100"
          />
        )}
      </div>
      {/* The whole card opens it; on a phone the title's line is a thumb's height, so the link itself is one too. */}
      <Link
        to={to}
        className="mt-1 block min-h-11 truncate leading-[2.75rem] font-semibold after:absolute after:inset-0 hover:underline sm:mt-3 sm:min-h-0 sm:leading-normal"
      >
        {title}
      </Link>
      {subtitle && <p className="line-clamp-2 text-sm text-neutral-400 sm:mt-1">{subtitle}</p>}
    </li>
  );
}

/**
 * A titled row of cards; a "Show all" link when there is more. On a phone one row that scrolls sideways,
 * card by card (a keyboard's Tab scrolls each card's link into view); wider, a grid.
 */
export function Shelf({ title, more, children }: { title: string; more?: string; children: ReactNode }) {
  return (
    <section className="px-4 py-4 md:px-6" aria-label={title}>
      <div className="mb-1 flex items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">{title}</h2>
        {more && (
          <Link
            to={more}
            className="flex min-h-11 shrink-0 items-center text-sm font-semibold text-neutral-400 hover:text-white hover:underline"
          >
            Show all
          </Link>
        )}
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-2 gap-1 overflow-x-auto px-2 [scrollbar-width:none] sm:mx-0 sm:grid sm:snap-none sm:grid-cols-3 sm:gap-2 sm:overflow-visible sm:px-0 lg:grid-cols-4 xl:grid-cols-6">
        {children}
      </ul>
    </section>
  );
}
