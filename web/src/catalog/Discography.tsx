import { useState } from 'react';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import type { AlbumGroup } from '../__generated__/graphql';
import { LoadMore } from '../components/LoadMore';
import { AlbumCard } from './AlbumCard';
import { albumGroups } from './release';

/** One group of an artist's discography, a page at a time. */
export const DiscographyFragment = graphql(`
  fragment Discography_albums on AlbumConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        ...AlbumCard_album
      }
    }
  }
`);

export type DiscographyGroups = Partial<Record<AlbumGroup, FragmentType<typeof DiscographyFragment> | null>>;

interface DiscographyProps {
  artistName: string;
  groups: DiscographyGroups;
  /** Fetches the next page of one group. */
  onMore: (group: AlbumGroup, after: string) => Promise<unknown>;
}

/** How many cards a group shows before "Show all". */
const preview = 6;

const grid = 'grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6';

/**
 * An artist's albums, singles, compilations and the albums they appear on: every group in a row
 * of its own, or one group in full (with more pages as the listener scrolls) after a filter.
 */
export function Discography({ artistName, groups, onMore }: DiscographyProps) {
  const [filter, setFilter] = useState<AlbumGroup | 'ALL'>('ALL');
  const present = albumGroups
    .map(({ group, title }) => ({ group, title, albums: getFragmentData(DiscographyFragment, groups[group]) }))
    .filter((entry) => entry.albums && entry.albums.totalCount > 0);
  if (present.length === 0) return null;
  const shown = filter === 'ALL' ? present : present.filter((entry) => entry.group === filter);
  const chip = (pressed: boolean) =>
    `min-h-11 min-w-11 sm:min-h-0 sm:min-w-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap transition ${
      pressed ? 'bg-white text-black' : 'bg-white/10 text-white hover:bg-white/20'
    }`;

  return (
    <section aria-labelledby="discography" className="px-4 py-4 md:px-6">
      <h2 id="discography" className="text-2xl font-bold">
        Discography
      </h2>
      <div role="group" aria-label={`Show releases of ${artistName}`} className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={filter === 'ALL'}
          onClick={() => setFilter('ALL')}
          className={chip(filter === 'ALL')}
        >
          All
        </button>
        {present.map(({ group, title }) => (
          <button
            key={group}
            type="button"
            aria-pressed={filter === group}
            onClick={() => setFilter(group)}
            className={chip(filter === group)}
          >
            {title}
          </button>
        ))}
      </div>
      {shown.map(({ group, title, albums }) => {
        if (!albums) return null;
        const whole = filter !== 'ALL';
        const edges = whole ? albums.edges : albums.edges.slice(0, preview);
        const more = albums.totalCount > edges.length;
        return (
          <section key={group} aria-labelledby={`discography-${group}`} className="mt-5">
            <div className="flex items-end justify-between gap-4 px-3">
              <h3 id={`discography-${group}`} className="text-lg font-bold">
                {title}
              </h3>
              {!whole && more && (
                <button
                  type="button"
                  aria-label={`Show all ${title}`}
                  onClick={() => setFilter(group)}
                  className="min-h-11 text-sm font-semibold text-neutral-400 hover:text-white hover:underline sm:min-h-0"
                >
                  Show all
                </button>
              )}
            </div>
            <ul className={`mt-1 ${grid}`}>
              {edges.map(({ node }) => (
                <AlbumCard key={node.id} album={node} />
              ))}
            </ul>
            {whole && albums.pageInfo.endCursor && (
              <LoadMore
                hasMore={albums.pageInfo.hasNextPage}
                onMore={() => onMore(group, albums.pageInfo.endCursor ?? '')}
              />
            )}
          </section>
        );
      })}
    </section>
  );
}
