import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { graphql } from '../__generated__';
import type { ArtistPageQuery } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { CatalogError } from '../catalog/CatalogError';
import { Discography } from '../catalog/Discography';
import { FollowButton } from '../catalog/FollowButton';
import { followersText } from '../catalog/release';
import { MediaCard, Shelf } from '../components/Cards';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { PlayButton } from '../components/PlayButton';
import { PageSkeleton } from '../components/States';
import { TrackList } from '../components/TrackList';
import { onlyCodes } from '../lib/errors';

export const ArtistPageQueryDocument = graphql(`
  query ArtistPage($id: ID!, $topTracks: Boolean!, $related: Boolean!) {
    artist(id: $id) {
      id
      uri
      name
      followersCount
      genres
      following
      images {
        url
        width
      }
      topTracks @include(if: $topTracks) {
        id
        ...TrackRow_item
      }
      relatedArtists @include(if: $related) {
        id
        uri
        name
        images {
          url
          width
        }
      }
      albums: albums(groups: [ALBUM], first: 10) {
        ...Discography_albums
      }
      singles: albums(groups: [SINGLE], first: 10) {
        ...Discography_albums
      }
      compilations: albums(groups: [COMPILATION], first: 10) {
        ...Discography_albums
      }
      appearsOn: albums(groups: [APPEARS_ON], first: 10) {
        ...Discography_albums
      }
    }
  }
`);

/** The next page of one group of the discography. */
export const ArtistPageAlbumsQueryDocument = graphql(`
  query ArtistPageAlbums($id: ID!, $groups: [AlbumGroup!], $after: String) {
    artist(id: $id) {
      id
      albums(groups: $groups, first: 10, after: $after) {
        ...Discography_albums
      }
    }
  }
`);

/** How many popular tracks show before "Show more". */
const popularPreview = 5;

/**
 * An artist: their portrait, followers and genres, play and follow, their popular tracks, their
 * discography by group, and artists their listeners also like.
 */
export default function ArtistPage() {
  const { id } = useParams<{ id: string }>();
  const { features } = useViewer().upstream;
  const [allPopular, setAllPopular] = useState(false);
  const { data, error, loading, refetch, fetchMore } = useQuery(ArtistPageQueryDocument, {
    variables: { id, topTracks: features.artistTopTracks, related: features.relatedArtists },
    errorPolicy: 'all',
  });
  const artist = data?.artist;
  if (!artist) {
    if (loading) return <PageSkeleton label="Loading the artist" rows={5} />;
    return <CatalogError error={error} kind="artist" retry={() => void refetch()} />;
  }
  // Top tracks or related artists the music service cannot give are left out; the rest still shows.
  const partial = error && !onlyCodes(error, ['FEATURE_UNAVAILABLE']);
  if (partial) return <CatalogError error={error} kind="artist" retry={() => void refetch()} />;

  const topTracks = artist.topTracks ?? [];
  const popular = topTracks.slice(0, allPopular ? 10 : popularPreview);
  const related = artist.relatedArtists ?? [];

  return (
    <div className="pb-8">
      <PageHeader kind="Artist" title={artist.name} images={artist.images} shape="round">
        {artist.followersCount !== null && <p>{followersText(artist.followersCount)}</p>}
        {artist.genres && artist.genres.length > 0 && (
          <p className="text-neutral-400 capitalize">{artist.genres.join(', ')}</p>
        )}
      </PageHeader>

      <ActionBar>
        <PlayButton uri={artist.uri} target={{ contextUri: artist.uri }} name={artist.name} />
        <FollowButton artist={artist} following={artist.following} />
      </ActionBar>

      {popular.length > 0 && (
        <PopularTracks
          artistName={artist.name}
          tracks={popular}
          more={topTracks.length > popularPreview}
          all={allPopular}
          onAll={() => setAllPopular((shown) => !shown)}
        />
      )}

      <Discography
        artistName={artist.name}
        groups={{
          ALBUM: artist.albums,
          SINGLE: artist.singles,
          COMPILATION: artist.compilations,
          APPEARS_ON: artist.appearsOn,
        }}
        onMore={(group, after) =>
          fetchMore({ query: ArtistPageAlbumsQueryDocument, variables: { id: artist.id, groups: [group], after } })
        }
      />

      <FansAlsoLike artists={related} />
    </div>
  );
}

type Artist = NonNullable<ArtistPageQuery['artist']>;

interface PopularTracksProps {
  artistName: string;
  /** The tracks shown: the first few, or all of them. */
  tracks: NonNullable<Artist['topTracks']>;
  /** Whether there are more than the first few, to show or hide. */
  more: boolean;
  all: boolean;
  onAll: () => void;
}

/** The artist's most played tracks, the first few until "Show more". */
function PopularTracks({ artistName, tracks, more, all, onAll }: PopularTracksProps) {
  return (
    <section aria-labelledby="artist-popular" className="py-2">
      <h2 id="artist-popular" className="px-4 pb-2 text-2xl font-bold md:px-6">
        Popular
      </h2>
      <TrackList
        label={`Popular tracks of ${artistName}`}
        rows={tracks.map((track) => ({ key: track.id, item: track }))}
        playback={{ list: true }}
        showCover
      />
      {more && (
        <button
          type="button"
          aria-expanded={all}
          onClick={onAll}
          className="mx-4 mt-2 min-h-11 sm:min-h-0 rounded-full px-2 py-1 text-sm font-semibold text-neutral-400 hover:text-white md:mx-6"
        >
          {all ? 'Show less' : 'Show more'}
        </button>
      )}
    </section>
  );
}

/** Artists the listeners of this one also like. */
function FansAlsoLike({ artists }: { artists: NonNullable<Artist['relatedArtists']> }) {
  if (artists.length === 0) return null;
  return (
    <Shelf title="Fans also like">
      {artists.slice(0, 6).map((other) => (
        <MediaCard
          key={other.id}
          to={`/artist/${other.id}`}
          title={other.name}
          subtitle="Artist"
          images={other.images}
          shape="round"
          play={{ uri: other.uri, target: { contextUri: other.uri } }}
        />
      ))}
    </Shelf>
  );
}
