import { skipToken, useQuery } from '@apollo/client/react';
import { Link, Redirect, useParams } from 'wouter';
import { graphql } from '../__generated__';
import { useViewer } from '../app/viewer';
import { LoadMore } from '../components/LoadMore';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ErrorState } from '../components/States';
import { errorCodeOf } from '../lib/errors';
import { ProfileSkeleton, ProfileStats } from '../profile/ProfileParts';
import { CardGrid, PlaylistResultCard } from '../search/ResultCards';

export const UserPageQueryDocument = graphql(`
  query UserPage($id: ID!, $after: String) {
    user(id: $id) {
      id
      displayName
      images {
        url
        width
      }
      followersCount
      playlists(first: 20, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            ...PlaylistResultCard_playlist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

const home = (
  <Link
    to="/"
    className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
  >
    Go home
  </Link>
);

/** Said where the music service shows no one but the listener (Spotify's development mode). */
function NoOtherListeners() {
  return (
    <EmptyState title="Profiles are not available" level={1} action={home}>
      Your music service does not show other listeners&apos; profiles, so this one cannot be opened here.
    </EmptyState>
  );
}

/** An id from the address: as the link encoded it, or as typed. */
function idFrom(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** Another listener's profile: their name, picture, followers and public playlists. */
export default function UserPage() {
  const params = useParams<{ id: string }>();
  const id = idFrom(params.id);
  const { me, upstream } = useViewer();
  const own = id === me.id;
  const allowed = upstream.features.otherUsers;
  const { data, error, loading, refetch, fetchMore } = useQuery(
    UserPageQueryDocument,
    own || !allowed ? skipToken : { variables: { id }, errorPolicy: 'all' },
  );

  // One's own profile has a screen of its own, with more on it.
  if (own) return <Redirect to="/profile" replace />;
  if (!allowed) return <NoOtherListeners />;
  if (loading && !data?.user) return <ProfileSkeleton label="Loading this profile" />;
  const user = data?.user;
  if (!user) {
    const code = errorCodeOf(error);
    if (code === 'FEATURE_UNAVAILABLE') return <NoOtherListeners />;
    if (code === 'NOT_FOUND') {
      return (
        <EmptyState title="Listener not found" level={1} action={home}>
          There is no listener with this name. The link may be wrong, or the account may be gone.
        </EmptyState>
      );
    }
    return <ErrorState error={error} doing="load this profile" retry={() => void refetch()} level={1} />;
  }

  const name = user.displayName ?? user.id;
  const playlists = user.playlists;
  return (
    <div className="pb-8">
      <PageHeader kind="Profile" title={name} images={user.images} shape="round">
        <ProfileStats publicPlaylists={playlists.totalCount} followers={user.followersCount} />
      </PageHeader>
      <section aria-labelledby="user-playlists" className="py-4">
        <h2 id="user-playlists" className="px-4 pb-2 text-2xl font-bold md:px-6">
          Public playlists
        </h2>
        {playlists.edges.length > 0 ? (
          <>
            <CardGrid label={`Playlists of ${name}`}>
              {playlists.edges.map(({ cursor, node }) => (
                <PlaylistResultCard key={cursor} playlist={node} subtitle="Playlist" />
              ))}
            </CardGrid>
            <LoadMore
              hasMore={playlists.pageInfo.hasNextPage}
              onMore={() => fetchMore({ variables: { after: playlists.pageInfo.endCursor } })}
              label="More playlists"
            />
          </>
        ) : (
          <p className="px-4 text-neutral-300 md:px-6">{name} has no public playlists yet.</p>
        )}
      </section>
    </div>
  );
}
