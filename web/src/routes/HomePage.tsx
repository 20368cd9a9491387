import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../__generated__';
import { startQuery } from '../app/screens';
import type { HomeQuery } from '../__generated__/graphql';
import { useViewer, type Me as ViewerMe } from '../app/viewer';
import { MediaCard, Shelf } from '../components/Cards';
import { ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { TrackList } from '../components/TrackList';
import { onlyCodes } from '../lib/errors';

export const HomeQueryDocument = graphql(`
  query Home {
    me {
      id
      recentlyPlayed(first: 30) {
        edges {
          cursor
          playedAt
          node {
            id
            uri
            album {
              id
              uri
              name
              images {
                url
                width
              }
              artists {
                id
                name
              }
            }
          }
          context {
            __typename
            ... on Album {
              id
              uri
              name
              images {
                url
                width
              }
            }
            ... on Playlist {
              id
              uri
              name
              images {
                url
                width
              }
            }
            ... on Artist {
              id
              uri
              name
              images {
                url
                width
              }
            }
            ... on Show {
              id
              uri
              name
              images {
                url
                width
              }
            }
          }
        }
      }
      topArtists(first: 6) {
        edges {
          node {
            id
            uri
            name
            images {
              url
              width
            }
          }
        }
      }
      topTracks(first: 5) {
        edges {
          node {
            id
            ...TrackRow_item
          }
        }
      }
    }
    newReleases(first: 12) {
      edges {
        node {
          id
          uri
          name
          images {
            url
            width
          }
          artists {
            id
            name
          }
        }
      }
    }
    categories(first: 12) {
      edges {
        node {
          id
          name
          icons {
            url
            width
          }
        }
      }
    }
  }
`);

type HistoryEdge = NonNullable<HomeQuery['me']>['recentlyPlayed']['edges'][number];

interface RecentCard {
  uri: string;
  to: string;
  title: string;
  kind: string;
  images: readonly { url: string; width?: number | null }[];
}

const routeOf = { Album: 'album', Playlist: 'playlist', Artist: 'artist', Show: 'show' } as const;

/** What was played lately, once per album, playlist, artist or show, newest first. */
export function recentCards(edges: readonly HistoryEdge[], limit = 6): RecentCard[] {
  const seen = new Set<string>();
  const cards: RecentCard[] = [];
  for (const edge of edges) {
    const context = edge.context;
    const card: RecentCard = context
      ? {
          uri: context.uri,
          to: `/${routeOf[context.__typename]}/${context.id}`,
          title: context.name,
          kind: context.__typename,
          images: context.images,
        }
      : {
          uri: edge.node.album.uri,
          to: `/album/${edge.node.album.id}`,
          title: edge.node.album.name,
          kind: edge.node.album.artists.map((artist) => artist.name).join(', '),
          images: edge.node.album.images,
        };
    if (seen.has(card.uri)) continue;
    seen.add(card.uri);
    cards.push(card);
    if (cards.length === limit) break;
  }
  return cards;
}

function greeting(hour: number): string {
  if (hour < 5) return 'Good night';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function HomeSkeleton() {
  return (
    <LoadingScreen label="Loading your home">
      <div className="space-y-8 p-6">
        <Skeleton className="h-9 w-64" />
        {[0, 1].map((shelf) => (
          <div key={shelf} className="flex gap-4 overflow-hidden sm:grid sm:grid-cols-3 lg:grid-cols-6">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="aspect-square w-32 shrink-0 sm:w-full" />
            ))}
          </div>
        ))}
      </div>
    </LoadingScreen>
  );
}

/** Starts home's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, HomeQueryDocument, {});
}

/** Home: what the listener played lately, their favourites, their playlists, and what is new. */
export default function HomePage() {
  const { me: viewer } = useViewer();
  const { data, error, loading, refetch } = useQuery(HomeQueryDocument, { errorPolicy: 'all' });

  if (loading && !data) return <HomeSkeleton />;
  // A shelf the music service cannot fill is left out; anything else is an error worth showing.
  if (error && !(data?.me && onlyCodes(error, ['FEATURE_UNAVAILABLE']))) {
    if (!data?.me) return <ErrorState error={error} doing="load your home" retry={() => void refetch()} level={1} />;
  }
  const me = data?.me;
  const recent = me ? recentCards(me.recentlyPlayed.edges) : [];
  const topArtists = me?.topArtists.edges ?? [];
  const topTracks = me?.topTracks.edges ?? [];
  const playlists = viewer.playlists.edges.slice(0, 6);
  // Other screens may have paged these further in the cache: home shows its own first dozen.
  const newReleases = (data?.newReleases?.edges ?? []).slice(0, 12);
  const categories = (data?.categories?.edges ?? []).slice(0, 12);
  const empty = recent.length + topArtists.length + topTracks.length + playlists.length === 0;

  return (
    <div className="pb-8">
      <h1 className="px-4 pt-4 text-3xl font-bold md:px-6">{greeting(new Date().getHours())}</h1>
      {empty && (
        <p className="px-4 pt-2 text-neutral-300 md:px-6">
          Play something and it will show here. Start with a search, or a category below.
        </p>
      )}
      <RecentlyPlayedShelf cards={recent} />
      <TopArtistsShelf edges={topArtists} />
      <TopTracksSection edges={topTracks} />
      <PlaylistsShelf edges={playlists} />
      <NewReleasesShelf edges={newReleases} />
      <BrowseShelf edges={categories} />
    </div>
  );
}

type HomeMe = NonNullable<HomeQuery['me']>;

/** Where the listener was lately: albums, playlists, artists and shows, to play again. */
function RecentlyPlayedShelf({ cards }: { cards: readonly RecentCard[] }) {
  if (cards.length === 0) return null;
  return (
    <Shelf title="Recently played">
      {cards.map((card) => (
        <MediaCard
          key={card.uri}
          to={card.to}
          title={card.title}
          subtitle={card.kind}
          images={card.images}
          shape={card.kind === 'Artist' ? 'round' : 'square'}
          play={{ uri: card.uri, target: { contextUri: card.uri } }}
        />
      ))}
    </Shelf>
  );
}

function TopArtistsShelf({ edges }: { edges: HomeMe['topArtists']['edges'] }) {
  if (edges.length === 0) return null;
  return (
    <Shelf title="Your top artists">
      {edges.map(({ node }) => (
        <MediaCard
          key={node.id}
          to={`/artist/${node.id}`}
          title={node.name}
          subtitle="Artist"
          images={node.images}
          shape="round"
          play={{ uri: node.uri, target: { contextUri: node.uri } }}
        />
      ))}
    </Shelf>
  );
}

function TopTracksSection({ edges }: { edges: HomeMe['topTracks']['edges'] }) {
  if (edges.length === 0) return null;
  return (
    <section aria-label="Your top tracks" className="py-4">
      <h2 className="px-4 pb-2 text-2xl font-bold md:px-6">Your top tracks</h2>
      <TrackList
        label="Your top tracks"
        rows={edges.map(({ node }) => ({ key: node.id, item: node }))}
        playback={{ list: true }}
        showCover
        showAlbum
      />
    </section>
  );
}

function PlaylistsShelf({ edges }: { edges: ViewerMe['playlists']['edges'] }) {
  if (edges.length === 0) return null;
  return (
    <Shelf title="Your playlists" more="/library">
      {edges.map(({ node }) => (
        <MediaCard
          key={node.id}
          to={`/playlist/${node.id}`}
          title={node.name}
          subtitle="Playlist"
          images={node.images}
          play={{ uri: node.uri, target: { contextUri: node.uri } }}
        />
      ))}
    </Shelf>
  );
}

function NewReleasesShelf({ edges }: { edges: NonNullable<HomeQuery['newReleases']>['edges'] }) {
  if (edges.length === 0) return null;
  return (
    <Shelf title="New releases">
      {edges.map(({ node }) => (
        <MediaCard
          key={node.id}
          to={`/album/${node.id}`}
          title={node.name}
          subtitle={node.artists.map((artist) => artist.name).join(', ')}
          images={node.images}
          play={{ uri: node.uri, target: { contextUri: node.uri } }}
        />
      ))}
    </Shelf>
  );
}

/** Categories of music to browse, each to its own screen. */
function BrowseShelf({ edges }: { edges: NonNullable<HomeQuery['categories']>['edges'] }) {
  if (edges.length === 0) return null;
  return (
    <Shelf title="Browse" more="/search">
      {edges.map(({ node }) => (
        <MediaCard key={node.id} to={`/category/${node.id}`} title={node.name} images={node.icons} />
      ))}
    </Shelf>
  );
}
