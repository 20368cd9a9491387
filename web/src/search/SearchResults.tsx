import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { SearchPageQuery } from '../__generated__/graphql';
import { Shelf } from '../components/Cards';
import { Cover, type ImageData } from '../components/Cover';
import { LoadMore } from '../components/LoadMore';
import { PlayButton } from '../components/PlayButton';
import { Tabs } from '../components/Tabs';
import { EmptyState, LoadingScreen, Skeleton } from '../components/States';
import { TrackList } from '../components/TrackList';
import type { PlayTarget } from '../player/context';
import {
  AlbumResultCard,
  ArtistResultCard,
  CardGrid,
  EpisodeResultCard,
  PlaylistResultCard,
  ShowResultCard,
} from './ResultCards';
import { pickTopResult, type Candidate } from './topResult';
import { searchHref, searchTabs, tabLabels, type SearchTab } from './url';

export type Results = NonNullable<SearchPageQuery['search']>;

/** The music service reaches the first 1000 results of a type at most: no "load more" beyond. */
export const maxResultsPerType = 1000;

/** The most songs the "All" view lists beside the top result. */
const songsInAll = 4;

export interface TopItem {
  kind: string;
  title: string;
  subtitle?: string;
  to: string;
  images: readonly ImageData[];
  round: boolean;
  uri: string;
  target: PlayTarget;
}

const names = (people: readonly { name: string }[]) => people.map((person) => person.name).join(', ');

/** The first result of each type, as the top result would show it, artists first. */
export function topCandidates(results: Results): (Candidate<TopItem> | null)[] {
  return [
    candidateOf(results.artists?.edges[0]?.node, topArtist),
    candidateOf(results.tracks?.edges[0]?.node, topTrack),
    candidateOf(results.albums?.edges[0]?.node, topAlbum),
    candidateOf(results.playlists?.edges[0]?.node, topPlaylist),
    candidateOf(results.shows?.edges[0]?.node, topShow),
    candidateOf(results.episodes?.edges[0]?.node, topEpisode),
  ];
}

function candidateOf<Node>(node: Node | undefined, toItem: (node: Node) => TopItem): Candidate<TopItem> | null {
  if (!node) return null;
  const item = toItem(node);
  return { name: item.title, value: item };
}

/** A result of one type, as its connection gives it. */
type NodeOf<Type extends Exclude<SearchTab, 'all'>> = NonNullable<Results[Type]>['edges'][number]['node'];

const topArtist = (artist: NodeOf<'artists'>): TopItem => ({
  kind: 'Artist',
  title: artist.name,
  to: `/artist/${artist.id}`,
  images: artist.images,
  round: true,
  uri: artist.uri,
  target: { contextUri: artist.uri },
});

const topTrack = (track: NodeOf<'tracks'>): TopItem => ({
  kind: 'Song',
  title: track.name,
  subtitle: names(track.artists),
  to: `/album/${track.album.id}`,
  images: track.album.images,
  round: false,
  uri: track.uri,
  target: { uris: [track.uri] },
});

const topAlbum = (album: NodeOf<'albums'>): TopItem => ({
  kind: 'Album',
  title: album.name,
  subtitle: names(album.artists),
  to: `/album/${album.id}`,
  images: album.images,
  round: false,
  uri: album.uri,
  target: { contextUri: album.uri },
});

const topPlaylist = (playlist: NodeOf<'playlists'>): TopItem => ({
  kind: 'Playlist',
  title: playlist.name,
  subtitle: `By ${playlist.owner.displayName ?? playlist.owner.id}`,
  to: `/playlist/${playlist.id}`,
  images: playlist.images,
  round: false,
  uri: playlist.uri,
  target: { contextUri: playlist.uri },
});

const topShow = (show: NodeOf<'shows'>): TopItem => ({
  kind: 'Podcast',
  title: show.name,
  subtitle: show.publisher ?? undefined,
  to: `/show/${show.id}`,
  images: show.images,
  round: false,
  uri: show.uri,
  target: { contextUri: show.uri },
});

const topEpisode = (episode: NodeOf<'episodes'>): TopItem => ({
  kind: 'Episode',
  title: episode.name,
  subtitle: episode.show.name,
  to: `/episode/${episode.id}`,
  images: episode.images,
  round: false,
  uri: episode.uri,
  target: { uris: [episode.uri] },
});

/** How many results a view shows; zero means nothing matched. */
export function resultCount(results: Results, tab: SearchTab): number {
  const count = (connection: { edges: readonly unknown[] } | null | undefined) => connection?.edges.length ?? 0;
  switch (tab) {
    case 'all':
      return (
        count(results.tracks) +
        count(results.artists) +
        count(results.albums) +
        count(results.playlists) +
        count(results.shows) +
        count(results.episodes)
      );
    case 'tracks':
      return count(results.tracks);
    case 'artists':
      return count(results.artists);
    case 'albums':
      return count(results.albums);
    case 'playlists':
      return count(results.playlists);
    case 'shows':
      return count(results.shows);
    case 'episodes':
      return count(results.episodes);
  }
}

function TopResultCard({ item }: { item: TopItem }) {
  return (
    <section aria-labelledby="top-result" className="min-w-0">
      <h2 id="top-result" className="pb-2 text-2xl font-bold">
        Top result
      </h2>
      <div className="group relative rounded-lg bg-neutral-800/60 p-5 transition hover:bg-neutral-800 focus-within:bg-neutral-800">
        <Cover images={item.images} size={96} shape={item.round ? 'round' : 'square'} className="size-24 shadow-lg" />
        <Link
          to={item.to}
          className="mt-5 line-clamp-2 min-h-11 text-3xl font-bold break-words after:absolute after:inset-0 hover:underline"
        >
          {item.title}
        </Link>
        <p className="mt-2 flex min-w-0 items-center gap-2 pr-16 text-sm text-neutral-400">
          <span className="shrink-0 rounded-full bg-black/40 px-3 py-1 font-semibold text-white">{item.kind}</span>
          {item.subtitle && <span className="truncate">{item.subtitle}</span>}
        </p>
        <PlayButton
          uri={item.uri}
          target={item.target}
          name={item.title}
          size="md"
          className="absolute right-5 bottom-5 z-10 translate-y-2 opacity-0 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100"
        />
      </div>
    </section>
  );
}

function ShowAll({ to, what }: { to: string; what: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-neutral-400 hover:text-white hover:underline sm:min-h-0"
    >
      Show all<span className="sr-only"> {what}</span>
    </Link>
  );
}

/** Everything at once: the top result and songs, then a shelf of each type that found something. */
function AllResults({ query, results }: { query: string; results: Results }) {
  const top = pickTopResult(query, topCandidates(results));
  const songs = results.tracks?.edges.slice(0, songsInAll) ?? [];
  const shelves: { tab: SearchTab; title: string; cards: ReactNode[]; more: boolean }[] = [
    {
      tab: 'artists',
      title: 'Artists',
      cards: (results.artists?.edges ?? []).map(({ node }) => <ArtistResultCard key={node.id} artist={node} />),
      more: (results.artists?.totalCount ?? 0) > (results.artists?.edges.length ?? 0),
    },
    {
      tab: 'albums',
      title: 'Albums',
      cards: (results.albums?.edges ?? []).map(({ node }) => <AlbumResultCard key={node.id} album={node} />),
      more: (results.albums?.totalCount ?? 0) > (results.albums?.edges.length ?? 0),
    },
    {
      tab: 'playlists',
      title: 'Playlists',
      cards: (results.playlists?.edges ?? []).map(({ node }) => <PlaylistResultCard key={node.id} playlist={node} />),
      more: (results.playlists?.totalCount ?? 0) > (results.playlists?.edges.length ?? 0),
    },
    {
      tab: 'shows',
      title: 'Podcasts',
      cards: (results.shows?.edges ?? []).map(({ node }) => <ShowResultCard key={node.id} show={node} />),
      more: (results.shows?.totalCount ?? 0) > (results.shows?.edges.length ?? 0),
    },
    {
      tab: 'episodes',
      title: 'Episodes',
      cards: (results.episodes?.edges ?? []).map(({ node }) => <EpisodeResultCard key={node.id} episode={node} />),
      more: (results.episodes?.totalCount ?? 0) > (results.episodes?.edges.length ?? 0),
    },
  ];
  return (
    <>
      {(top || songs.length > 0) && (
        <div className="grid gap-6 px-4 py-4 md:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {top && <TopResultCard item={top.value} />}
          {songs.length > 0 && (
            <section aria-labelledby="songs" className="min-w-0">
              <div className="flex items-end justify-between pb-2">
                <h2 id="songs" className="text-2xl font-bold">
                  Songs
                </h2>
                {(results.tracks?.totalCount ?? 0) > songs.length && (
                  <ShowAll to={searchHref(query, 'tracks')} what="songs" />
                )}
              </div>
              <div className="-mx-2 md:-mx-4">
                <TrackList
                  label={`Songs for “${query}”`}
                  rows={songs.map((edge) => ({ key: edge.cursor, item: edge.node }))}
                  playback={{ list: true }}
                  showCover
                />
              </div>
            </section>
          )}
        </div>
      )}
      {shelves
        .filter((shelf) => shelf.cards.length > 0)
        .map((shelf) => (
          <Shelf key={shelf.tab} title={shelf.title} more={shelf.more ? searchHref(query, shelf.tab) : undefined}>
            {shelf.cards}
          </Shelf>
        ))}
    </>
  );
}

interface TypeResultsProps {
  query: string;
  tab: Exclude<SearchTab, 'all'>;
  results: Results;
  onMore: (after: string) => Promise<unknown>;
}

/** One type alone, page after page. */
function TypeResults({ query, tab, results, onMore }: TypeResultsProps) {
  const label = `${tabLabels[tab]} for “${query}”`;
  const connection: {
    edges: readonly unknown[];
    pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  } | null = results[tab] ?? null;
  const endCursor = connection?.pageInfo.endCursor;
  return (
    <div className="py-2">
      <TypeList tab={tab} results={results} label={label} />
      <LoadMore
        hasMore={
          !!connection && connection.pageInfo.hasNextPage && !!endCursor && connection.edges.length < maxResultsPerType
        }
        onMore={() => (endCursor ? onMore(endCursor) : Promise.resolve())}
        label={`More ${tabLabels[tab].toLowerCase()}`}
      />
    </div>
  );
}

/** The results of one type: songs as a track list, the others as a grid of cards. */
function TypeList({ tab, results, label }: Pick<TypeResultsProps, 'tab' | 'results'> & { label: string }) {
  switch (tab) {
    case 'tracks': {
      const tracks = results.tracks;
      if (!tracks) return null;
      return (
        <TrackList
          label={label}
          rows={tracks.edges.map((edge) => ({ key: edge.cursor, item: edge.node }))}
          playback={{ list: true }}
          showCover
          showAlbum
        />
      );
    }
    case 'artists':
      return (
        <CardGrid label={label}>
          {results.artists?.edges.map(({ cursor, node }) => (
            <ArtistResultCard key={cursor} artist={node} />
          ))}
        </CardGrid>
      );
    case 'albums':
      return (
        <CardGrid label={label}>
          {results.albums?.edges.map(({ cursor, node }) => (
            <AlbumResultCard key={cursor} album={node} />
          ))}
        </CardGrid>
      );
    case 'playlists':
      return (
        <CardGrid label={label}>
          {results.playlists?.edges.map(({ cursor, node }) => (
            <PlaylistResultCard key={cursor} playlist={node} />
          ))}
        </CardGrid>
      );
    case 'shows':
      return (
        <CardGrid label={label}>
          {results.shows?.edges.map(({ cursor, node }) => (
            <ShowResultCard key={cursor} show={node} />
          ))}
        </CardGrid>
      );
    case 'episodes':
      return (
        <CardGrid label={label}>
          {results.episodes?.edges.map(({ cursor, node }) => (
            <EpisodeResultCard key={cursor} episode={node} />
          ))}
        </CardGrid>
      );
  }
}

function NothingFound({ query, tab }: { query: string; tab: SearchTab }) {
  const what = tab === 'all' ? 'results' : tabLabels[tab].toLowerCase();
  return (
    <EmptyState title={`No ${what} found for “${query}”`}>
      Check the spelling, or try fewer or different words.
    </EmptyState>
  );
}

/** The shape of results on their way: the top result and songs, then a shelf. */
export function ResultsSkeleton() {
  return (
    <LoadingScreen label="Searching…">
      <div className="grid gap-6 px-4 py-4 md:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Skeleton className="h-56 w-full" />
        <div className="space-y-3">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 px-4 py-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </LoadingScreen>
  );
}

interface SearchResultsProps {
  /** What is searched now (the address's query). */
  query: string;
  tab: SearchTab;
  /** The results shown and the query they answer; undefined until the first ones come. */
  shown: { query: string; results: Results } | undefined;
  /** The results are those of the query before, shown dimmed while the new ones load. */
  stale: boolean;
  onTab: (tab: SearchTab) => void;
  /** Loads the page of the current type after `after`. */
  onMore: (after: string) => Promise<unknown>;
}

/** The results of a search: a tab for everything and one per type; the tab is part of the address. */
export function SearchResults({ query, tab, shown, stale, onTab, onMore }: SearchResultsProps) {
  const panel = (() => {
    if (!shown) return <ResultsSkeleton />;
    if (resultCount(shown.results, tab) === 0)
      return stale ? <ResultsSkeleton /> : <NothingFound query={query} tab={tab} />;
    if (tab === 'all') return <AllResults query={shown.query} results={shown.results} />;
    return <TypeResults query={shown.query} tab={tab} results={shown.results} onMore={onMore} />;
  })();
  return (
    <Tabs
      names={searchTabs}
      labels={tabLabels}
      selected={tab}
      onSelect={onTab}
      label="Kinds of results"
      listClassName="flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:none] md:px-6"
      tabClassName="min-h-11 sm:min-h-0 shrink-0 rounded-full bg-neutral-800 px-4 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-neutral-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-white data-selected:bg-white data-selected:text-black"
      panelClassName={`transition-opacity focus:outline-none focus-visible:ring-2 focus-visible:ring-white/60 ${stale && shown ? 'opacity-50' : ''}`}
      panelProps={{ 'aria-busy': stale }}
      between={
        <p role="status" className="sr-only">
          {stale && shown ? 'Searching…' : ''}
        </p>
      }
    >
      {panel}
    </Tabs>
  );
}
