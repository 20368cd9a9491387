import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ArrowRightStartOnRectangleIcon, ComputerDesktopIcon } from '@heroicons/react/24/outline';
import { Link } from 'wouter';
import { startQuery } from '../app/screens';
import { getFragmentData, graphql } from '../__generated__';
import type { ProfilePage_PlaylistsFragment, ProfilePageQuery } from '../__generated__/graphql';
import { Shelf } from '../components/Cards';
import { LoadMore } from '../components/LoadMore';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { ErrorState } from '../components/States';
import { TrackList } from '../components/TrackList';
import { countOf } from '../lib/format';
import { ProfileSkeleton, ProfileStats } from '../profile/ProfileParts';
import { publicPlaylistsOf } from '../profile/playlists';
import { ArtistResultCard, PlaylistResultCard } from '../search/ResultCards';

export const ProfilePageQueryDocument = graphql(`
  query ProfilePage {
    me {
      id
      displayName
      images {
        url
        width
      }
      followersCount
      followedArtists(first: 20) {
        totalCount
        edges {
          cursor
          node {
            id
            ...ArtistResultCard_artist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      topArtists(timeRange: SHORT_TERM, first: 10) {
        edges {
          cursor
          node {
            id
            ...ArtistResultCard_artist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      topTracks(timeRange: SHORT_TERM, first: 10) {
        edges {
          cursor
          node {
            id
            ...TrackRow_item
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      playlists(first: 50) {
        ...ProfilePage_playlists
      }
    }
  }
`);

/** A page of the listener's playlists, from which the public ones are picked. */
export const ProfilePagePlaylistsFragment = graphql(`
  fragment ProfilePage_playlists on PlaylistConnection {
    totalCount
    edges {
      cursor
      node {
        id
        public
        owner {
          id
        }
        ...PlaylistResultCard_playlist
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

/** The next page of the listener's playlists alone, merged into the screen's list by the cache. */
export const ProfilePagePlaylistsQueryDocument = graphql(`
  query ProfilePagePlaylists($after: String!) {
    me {
      id
      playlists(first: 50, after: $after) {
        ...ProfilePage_playlists
      }
    }
  }
`);

const pill =
  'inline-flex min-h-11 sm:min-h-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-white/30 hover:ring-white';

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, ProfilePageQueryDocument, {});
}

/** The listener's own profile: who they are, what they played most this month, what they share. */
export default function ProfilePage() {
  const { data, error, loading, refetch, fetchMore } = useQuery(ProfilePageQueryDocument, { errorPolicy: 'all' });

  if (loading && !data?.me) return <ProfileSkeleton label="Loading your profile" />;
  const me = data?.me;
  if (!me) return <ErrorState error={error} doing="load your profile" retry={() => void refetch()} level={1} />;

  const name = me.displayName ?? me.id;
  const playlists = getFragmentData(ProfilePagePlaylistsFragment, me.playlists);
  const shared = publicPlaylistsOf(me.id, playlists.edges);
  const following = me.followedArtists.edges.slice(0, 6);

  return (
    <div className="pb-8">
      <PageHeader kind="Profile" title={name} images={me.images} shape="round">
        <ProfileStats
          publicPlaylists={playlists.pageInfo.hasNextPage ? undefined : shared.length}
          followers={me.followersCount}
          following={me.followedArtists.totalCount}
        />
      </PageHeader>
      <ProfileActions />

      <TopArtists edges={me.topArtists.edges.slice(0, 6)} />
      <TopTracks edges={me.topTracks.edges} />

      <PublicPlaylists shared={shared} complete={!playlists.pageInfo.hasNextPage} />
      {/* The public ones are picked from all the listener's playlists, a page at a time. */}
      <LoadMore
        hasMore={playlists.pageInfo.hasNextPage}
        onMore={() => {
          const after = playlists.pageInfo.endCursor;
          return after
            ? fetchMore({ query: ProfilePagePlaylistsQueryDocument, variables: { after } })
            : Promise.resolve();
        }}
        label="More playlists"
      />

      {following.length > 0 && (
        <Shelf title={`Following · ${countOf(me.followedArtists.totalCount, 'artist')}`}>
          {following.map(({ cursor, node }) => (
            <ArtistResultCard key={cursor} artist={node} />
          ))}
        </Shelf>
      )}
    </div>
  );
}

type Me = NonNullable<ProfilePageQuery['me']>;

/** Where the listener goes from their profile: their devices, or out. */
function ProfileActions() {
  return (
    <ActionBar>
      <Link to="/devices" className={pill}>
        <ComputerDesktopIcon aria-hidden="true" className="size-5" />
        Devices
      </Link>
      <Link to="/auth/signout" className={pill}>
        <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-5" />
        Sign out
      </Link>
    </ActionBar>
  );
}

/** The artists played most this month, seen only by the listener. */
function TopArtists({ edges }: { edges: Me['topArtists']['edges'] }) {
  return (
    <section aria-labelledby="top-artists" className="px-4 py-4 md:px-6">
      <h2 id="top-artists" className="text-2xl font-bold">
        Top artists this month
      </h2>
      <p className="text-sm text-neutral-400">Only visible to you</p>
      {edges.length > 0 ? (
        <ul
          aria-labelledby="top-artists"
          className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
        >
          {edges.map(({ cursor, node }) => (
            <ArtistResultCard key={cursor} artist={node} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-neutral-300">Play some music this month and your favourite artists show here.</p>
      )}
    </section>
  );
}

/** The tracks played most this month, seen only by the listener. */
function TopTracks({ edges }: { edges: Me['topTracks']['edges'] }) {
  return (
    <section aria-labelledby="top-tracks" className="py-4">
      <div className="px-4 md:px-6">
        <h2 id="top-tracks" className="text-2xl font-bold">
          Top tracks this month
        </h2>
        <p className="text-sm text-neutral-400">Only visible to you</p>
      </div>
      {edges.length > 0 ? (
        <div className="mt-2">
          <TrackList
            label="Your top tracks this month"
            rows={edges.map(({ cursor, node }) => ({ key: cursor, item: node }))}
            playback={{ list: true }}
            showCover
            showAlbum
          />
        </div>
      ) : (
        <p className="mt-3 px-4 text-neutral-300 md:px-6">Your most played songs of the month show here.</p>
      )}
    </section>
  );
}

interface PublicPlaylistsProps {
  shared: ProfilePage_PlaylistsFragment['edges'];
  /** Every playlist is loaded, so having none shared is known. */
  complete: boolean;
}

/** The playlists the listener shows on their profile, or a word that there are none (once that is known). */
function PublicPlaylists({ shared, complete }: PublicPlaylistsProps) {
  if (shared.length > 0) {
    return (
      <Shelf title="Public playlists">
        {shared.map(({ cursor, node }) => (
          <PlaylistResultCard key={cursor} playlist={node} subtitle="Playlist" />
        ))}
      </Shelf>
    );
  }
  if (!complete) return null;
  return (
    <section aria-labelledby="public-playlists" className="px-4 py-4 md:px-6">
      <h2 id="public-playlists" className="text-2xl font-bold">
        Public playlists
      </h2>
      <p className="mt-2 text-neutral-300">None yet. Playlists you make public show here, on the profile others see.</p>
    </section>
  );
}
