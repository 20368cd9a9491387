import { skipToken, useQuery } from '@apollo/client/react';
import { MagnifyingGlassIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useState, type Ref } from 'react';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { Cover } from '../components/Cover';
import { Skeleton } from '../components/States';
import { TrackRowFragment } from '../components/TrackList';
import { friendlyMessage } from '../lib/errors';
import { formatDuration } from '../lib/format';
import type { PlayableRef } from './playlist-items';

export const FindForPlaylistQuery = graphql(`
  query FindForPlaylist($query: String!) {
    search(query: $query, types: [TRACK], first: 10) {
      tracks {
        edges {
          cursor
          node {
            id
            uri
            ...TrackRow_item
          }
        }
      }
    }
  }
`);

interface FindForPlaylistProps {
  playlistName: string;
  /** Adds a track at the end of the playlist. */
  onAdd: (item: PlayableRef, name: string) => void;
  /** The search box, to bring the focus to it. */
  inputRef?: Ref<HTMLInputElement>;
  /** The playlist's tracks: they show as added. */
  has: (uri: string) => boolean;
}

/** Waits for typing to pause before a value is used. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** "Find something for your playlist": a search of tracks, each with a button that adds it. */
export default function FindForPlaylist({ playlistName, onAdd, inputRef, has }: FindForPlaylistProps) {
  const [text, setText] = useState('');
  const query = useSettled(text.trim(), 300);
  const headingId = useId();
  const { data, error, loading } = useQuery(FindForPlaylistQuery, query === '' ? skipToken : { variables: { query } });
  const edges = data?.search?.tracks?.edges ?? [];
  const showing = query !== '' && text.trim() !== '';

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-white/10 px-4 pt-6 md:px-6">
      <h2 id={headingId} className="text-xl font-bold">
        Find something for your playlist
      </h2>
      <SearchField text={text} onText={setText} inputRef={inputRef} playlistName={playlistName} />
      {showing && (
        <div className="mt-4" aria-busy={loading}>
          {error && edges.length === 0 ? (
            <p role="alert" className="text-sm text-red-300">
              {friendlyMessage(error, 'search')}
            </p>
          ) : loading && edges.length === 0 ? (
            <div className="space-y-2" aria-hidden="true">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-12 w-full" />
              ))}
            </div>
          ) : edges.length === 0 ? (
            <p className="text-sm text-neutral-300">Nothing found for “{query}”. Try other words.</p>
          ) : (
            <ul aria-label={`Songs found for ${query}`} className="-mx-2">
              {edges.map(({ node }) => (
                <FoundTrack key={node.id} node={node} playlistName={playlistName} has={has} onAdd={onAdd} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

interface SearchFieldProps {
  text: string;
  onText: (text: string) => void;
  inputRef: Ref<HTMLInputElement> | undefined;
  playlistName: string;
}

/** The box songs are searched in, with a button that clears it. */
function SearchField({ text, onText, inputRef, playlistName }: SearchFieldProps) {
  return (
    <div className="relative mt-3 max-w-md">
      <MagnifyingGlassIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-neutral-400"
      />
      <input
        ref={inputRef}
        type="search"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder="Search for songs"
        aria-label={`Search for songs to add to ${playlistName}`}
        className="w-full rounded-md bg-neutral-800 py-2 pr-9 pl-10 text-sm text-white placeholder:text-neutral-400 focus:ring-2 focus:ring-white focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          onClick={() => onText('')}
          aria-label="Clear the search"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1 text-neutral-400 hover:text-white"
        >
          <XMarkIcon aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}

interface FoundTrackProps extends Pick<FindForPlaylistProps, 'playlistName' | 'onAdd' | 'has'> {
  node: FragmentType<typeof TrackRowFragment>;
}

/** A song found, with a button that adds it (again, when the playlist has it). */
function FoundTrack({ node, playlistName, has, onAdd }: FoundTrackProps) {
  const item = getFragmentData(TrackRowFragment, node);
  if (item.__typename !== 'Track') return null;
  const added = has(item.uri);
  const artists = item.artists.map((artist) => artist.name).join(', ');
  return (
    <li className="flex items-center gap-3 rounded-md px-2 py-2 hover:bg-white/10">
      <Cover images={item.album.images} size={40} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate">{item.name}</p>
        <p className="truncate text-sm text-neutral-400">{artists}</p>
      </div>
      <p className="hidden w-40 truncate text-sm text-neutral-400 md:block">{item.album.name}</p>
      <span className="hidden w-10 text-right text-sm text-neutral-400 tabular-nums sm:block">
        {formatDuration(item.durationMs)}
      </span>
      <button
        type="button"
        onClick={() => onAdd({ __typename: 'Track', id: item.id, uri: item.uri }, item.name)}
        aria-label={`Add ${item.name} to ${playlistName}`}
        className="shrink-0 rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-white/40 hover:scale-105 hover:ring-white"
      >
        {added ? 'Add again' : 'Add'}
      </button>
    </li>
  );
}
