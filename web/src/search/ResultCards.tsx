import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { MediaCard } from '../components/Cards';
import { formatLongDuration, formatDate, yearOf } from '../lib/format';

/**
 * Cards of catalog items as lists of results show them (search, a category, a listener's
 * playlists): a cover, a name, a line that says what it is, and a play button.
 */

export const ArtistResultCardFragment = graphql(`
  fragment ArtistResultCard_artist on Artist {
    id
    uri
    name
    images {
      url
      width
    }
  }
`);

export function ArtistResultCard({ artist }: { artist: FragmentType<typeof ArtistResultCardFragment> }) {
  const data = getFragmentData(ArtistResultCardFragment, artist);
  return (
    <MediaCard
      to={`/artist/${data.id}`}
      title={data.name}
      subtitle="Artist"
      images={data.images}
      shape="round"
      play={{ uri: data.uri, target: { contextUri: data.uri } }}
    />
  );
}

export const AlbumResultCardFragment = graphql(`
  fragment AlbumResultCard_album on Album {
    id
    uri
    name
    releaseDate
    images {
      url
      width
    }
    artists {
      id
      name
    }
  }
`);

export function AlbumResultCard({ album }: { album: FragmentType<typeof AlbumResultCardFragment> }) {
  const data = getFragmentData(AlbumResultCardFragment, album);
  return (
    <MediaCard
      to={`/album/${data.id}`}
      title={data.name}
      subtitle={`${yearOf(data.releaseDate)} · ${data.artists.map((artist) => artist.name).join(', ')}`}
      images={data.images}
      play={{ uri: data.uri, target: { contextUri: data.uri } }}
    />
  );
}

export const PlaylistResultCardFragment = graphql(`
  fragment PlaylistResultCard_playlist on Playlist {
    id
    uri
    name
    images {
      url
      width
    }
    owner {
      id
      displayName
    }
  }
`);

export function PlaylistResultCard({
  playlist,
  subtitle,
}: {
  playlist: FragmentType<typeof PlaylistResultCardFragment>;
  /** What the line under the name says; "By <owner>", the owner linking to their profile, when left out. */
  subtitle?: ReactNode;
}) {
  const data = getFragmentData(PlaylistResultCardFragment, playlist);
  const owner = (
    <>
      By {/* Above the card's own link, which covers the card. */}
      <Link
        to={`/user/${encodeURIComponent(data.owner.id)}`}
        className="relative z-10 hover:text-white hover:underline"
      >
        {data.owner.displayName ?? data.owner.id}
      </Link>
    </>
  );
  return (
    <MediaCard
      to={`/playlist/${data.id}`}
      title={data.name}
      subtitle={subtitle ?? owner}
      images={data.images}
      play={{ uri: data.uri, target: { contextUri: data.uri } }}
    />
  );
}

export const ShowResultCardFragment = graphql(`
  fragment ShowResultCard_show on Show {
    id
    uri
    name
    publisher
    images {
      url
      width
    }
  }
`);

export function ShowResultCard({ show }: { show: FragmentType<typeof ShowResultCardFragment> }) {
  const data = getFragmentData(ShowResultCardFragment, show);
  return (
    <MediaCard
      to={`/show/${data.id}`}
      title={data.name}
      subtitle={data.publisher ? `Podcast · ${data.publisher}` : 'Podcast'}
      images={data.images}
      play={{ uri: data.uri, target: { contextUri: data.uri } }}
    />
  );
}

export const EpisodeResultCardFragment = graphql(`
  fragment EpisodeResultCard_episode on Episode {
    id
    uri
    name
    releaseDate
    durationMs
    images {
      url
      width
    }
  }
`);

export function EpisodeResultCard({ episode }: { episode: FragmentType<typeof EpisodeResultCardFragment> }) {
  const data = getFragmentData(EpisodeResultCardFragment, episode);
  return (
    <MediaCard
      to={`/episode/${data.id}`}
      title={data.name}
      subtitle={`${formatDate(data.releaseDate)} · ${formatLongDuration(data.durationMs)}`}
      images={data.images}
      play={{ uri: data.uri, target: { uris: [data.uri] } }}
    />
  );
}

/** A grid of cards, as a list; it wraps like a shelf's. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-2 px-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-6">
      {children}
    </ul>
  );
}
