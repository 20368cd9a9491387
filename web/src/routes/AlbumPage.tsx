import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Fragment } from 'react';
import { Link, useParams } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql, getFragmentData } from '../__generated__';
import type { AlbumPage_TracksFragment, AlbumPageQuery } from '../__generated__/graphql';
import { AlbumCard } from '../catalog/AlbumCard';
import { CatalogError } from '../catalog/CatalogError';
import { albumTypeName, discsOf, formatReleaseDate, type Disc } from '../catalog/release';
import { Shelf } from '../components/Cards';
import { Cover } from '../components/Cover';
import { LikeButton } from '../components/LikeButton';
import { LoadMore } from '../components/LoadMore';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { PlayButton } from '../components/PlayButton';
import { PageSkeleton } from '../components/States';
import { TrackList } from '../components/TrackList';
import { countOf, formatLongDuration, yearOf } from '../lib/format';

/** A page of an album's tracks, as the album screen lists them. */
export const AlbumPageTracksFragment = graphql(`
  fragment AlbumPage_tracks on TrackConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        discNumber
        durationMs
        ...TrackRow_item
      }
    }
  }
`);

export const AlbumPageQueryDocument = graphql(`
  query AlbumPage($id: ID!) {
    album(id: $id) {
      id
      uri
      name
      albumType
      releaseDate
      releaseDatePrecision
      totalTracks
      label
      saved
      copyrights {
        text
        type
      }
      images {
        url
        width
      }
      artists {
        id
        name
        images {
          url
          width
        }
        albums(groups: [ALBUM, SINGLE, COMPILATION], first: 10) {
          edges {
            node {
              id
              ...AlbumCard_album
            }
          }
        }
      }
      tracks(first: 50) {
        ...AlbumPage_tracks
      }
    }
  }
`);

/** The tracks after the first page, for the rare album longer than fifty. */
export const AlbumPageTracksQueryDocument = graphql(`
  query AlbumPageTracks($id: ID!, $after: String) {
    album(id: $id) {
      id
      tracks(first: 50, after: $after) {
        ...AlbumPage_tracks
      }
    }
  }
`);

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient, { id = '' }: Record<string, string>): void {
  startQuery(client, AlbumPageQueryDocument, { id });
}

/** An album: its cover and credits, play and save, its tracks disc by disc, and more by its artist. */
export default function AlbumPage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, loading, refetch, fetchMore } = useQuery(AlbumPageQueryDocument, {
    variables: { id },
    errorPolicy: 'all',
  });
  const album = data?.album;
  if (!album) {
    if (loading) return <PageSkeleton label="Loading the album" />;
    return <CatalogError error={error} kind="album" retry={() => void refetch()} />;
  }

  const tracks = getFragmentData(AlbumPageTracksFragment, album.tracks);
  const nodes = tracks.edges.map((edge) => edge.node);
  const complete = !tracks.pageInfo.hasNextPage;
  const totalMs = nodes.reduce((sum, track) => sum + track.durationMs, 0);
  const [mainArtist] = album.artists;
  const moreByArtist = (mainArtist?.albums.edges ?? []).filter(({ node }) => node.id !== album.id);
  const kind = albumTypeName(album.albumType);

  return (
    <div className="pb-8">
      <PageHeader kind={kind} title={album.name} images={album.images}>
        <AlbumByline album={album} complete={complete} totalMs={totalMs} />
        {album.label && <p className="text-neutral-400">Released on {album.label}</p>}
      </PageHeader>

      <ActionBar>
        <PlayButton uri={album.uri} target={{ contextUri: album.uri }} name={album.name} />
        <LikeButton uri={album.uri} saved={album.saved} name={album.name} size="lg" />
      </ActionBar>

      <AlbumTracks
        album={album}
        discs={discsOf(nodes)}
        pageInfo={tracks.pageInfo}
        onMore={() =>
          fetchMore({
            query: AlbumPageTracksQueryDocument,
            variables: { id: album.id, after: tracks.pageInfo.endCursor },
          })
        }
      />

      <AlbumCredits album={album} />

      {mainArtist && moreByArtist.length > 0 && (
        <Shelf title={`More by ${mainArtist.name}`} more={`/artist/${mainArtist.id}`}>
          {moreByArtist.slice(0, 6).map(({ node }) => (
            <AlbumCard key={node.id} album={node} />
          ))}
        </Shelf>
      )}
    </div>
  );
}

type Album = NonNullable<AlbumPageQuery['album']>;
type AlbumTrack = AlbumPage_TracksFragment['edges'][number]['node'];

interface AlbumBylineProps {
  album: Album;
  /** Every track is loaded, so the album's length is known. */
  complete: boolean;
  totalMs: number;
}

/** Under the album's name: its artists, its year, and how many songs and how long. */
function AlbumByline({ album, complete, totalMs }: AlbumBylineProps) {
  const [mainArtist] = album.artists;
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 sm:justify-start">
      {mainArtist && <Cover images={mainArtist.images} size={24} shape="round" className="size-6" />}
      {album.artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && <span aria-hidden="true">,</span>}
          <Link
            to={`/artist/${artist.id}`}
            className="font-semibold text-white hover:underline max-sm:-my-3 max-sm:min-w-11 max-sm:py-3"
          >
            {artist.name}
          </Link>
        </Fragment>
      ))}
      <span aria-hidden="true" className="hidden sm:inline">
        •
      </span>
      {/* On a phone the year and the length take a line of their own. */}
      <span className="basis-full sm:basis-auto">
        {yearOf(album.releaseDate)}
        <span aria-hidden="true"> • </span>
        {countOf(album.totalTracks, 'song')}
        {complete && totalMs > 0 && `, ${formatLongDuration(totalMs)}`}
      </span>
    </p>
  );
}

interface AlbumTracksProps {
  album: Pick<Album, 'name' | 'uri'>;
  discs: Disc<AlbumTrack>[];
  pageInfo: AlbumPage_TracksFragment['pageInfo'];
  /** Fetches the next page of tracks. */
  onMore: () => Promise<unknown>;
}

/** The album's tracks, disc by disc when there is more than one, a page at a time. */
function AlbumTracks({ album, discs, pageInfo, onMore }: AlbumTracksProps) {
  return (
    <section aria-labelledby="album-tracks">
      <h2 id="album-tracks" className="sr-only">
        Tracks
      </h2>
      {discs.map((disc, discIndex) => (
        <div key={disc.number} className="mb-4">
          {discs.length > 1 && (
            <h3 className="px-4 pt-2 pb-1 text-sm font-bold text-neutral-300 md:px-6">Disc {disc.number}</h3>
          )}
          <TrackList
            label={discs.length > 1 ? `Disc ${String(disc.number)} of ${album.name}` : `Tracks of ${album.name}`}
            rows={disc.tracks.map(({ item }) => ({ key: item.id, item }))}
            playback={{ contextUri: album.uri }}
            offset={disc.tracks[0]?.position ?? 0}
            numbering="trackNumber"
            header={discIndex === 0}
          />
        </div>
      ))}
      {pageInfo.endCursor && <LoadMore hasMore={pageInfo.hasNextPage} onMore={onMore} label="More tracks" />}
    </section>
  );
}

/** The release date and the copyrights, in small print. */
function AlbumCredits({ album }: { album: Pick<Album, 'releaseDate' | 'releaseDatePrecision' | 'copyrights'> }) {
  return (
    <div className="px-4 pt-2 text-sm text-neutral-400 md:px-6">
      <p>{formatReleaseDate(album.releaseDate, album.releaseDatePrecision)}</p>
      {album.copyrights.map((copyright) => (
        <p key={`${copyright.type} ${copyright.text}`} className="text-xs">
          {/* The symbol, unless the label already wrote it. */}
          {/^[©℗]/.test(copyright.text) ? '' : copyright.type === 'PERFORMANCE' ? '℗ ' : '© '}
          {copyright.text}
        </p>
      ))}
    </div>
  );
}
