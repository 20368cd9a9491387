/**
 * The operations of the benchmark: what the web client's screens ask for, written out here against
 * `schema/*.graphql`. The benchmark (`npm run bench -w api`, `bench:scale`) and its test
 * (operations.test.ts) share them; they select what the screens show, so the figures in
 * docs/performance.md describe the screens people use.
 *
 * Each operation is a plain GraphQL document and the variables it needs, built from the few ids a
 * screen starts from (`ScreenIds`). The playlist screen shows 100 items in two pages of 50 (the
 * schema's largest page): the second page continues from the first page's `endCursor`.
 */

/** The ids the screens start from: what a listener clicked on or typed. */
export interface ScreenIds {
  /** A playlist of 100 tracks that the listener owns. */
  playlistId: string;
  albumId: string;
  artistId: string;
  /** What the listener typed into the search box. */
  searchText: string;
}

export type OperationName =
  | 'HomeScreen'
  | 'PlaylistScreen'
  | 'PlaylistScreenMore'
  | 'AlbumScreen'
  | 'ArtistScreen'
  | 'LibraryScreen'
  | 'SearchScreen';

export interface BenchOperation {
  name: OperationName;
  /** What the screen shows, for the benchmark's table. */
  title: string;
  document: string;
  /**
   * The variables, from the screen's ids and, for an operation that continues another one, that
   * operation's answer (`previous`).
   */
  variables: (ids: ScreenIds, previous: Partial<Record<OperationName, unknown>>) => Record<string, unknown>;
}

/** A row of a track list: title, artists, album and cover, length, and whether the listener saved it. */
const trackRow = /* GraphQL */ `
  fragment TrackRow on Track {
    id
    uri
    name
    durationMs
    explicit
    trackNumber
    isPlayable
    saved
    artists {
      id
      name
    }
    album {
      id
      name
      images {
        url
        width
        height
      }
    }
  }
`;

/** A cover card: an album with its art and its artists. */
const albumCard = /* GraphQL */ `
  fragment AlbumCard on Album {
    id
    uri
    name
    albumType
    releaseDate
    images {
      url
      width
      height
    }
    artists {
      id
      name
    }
  }
`;

/** A round portrait card of an artist. */
const artistCard = /* GraphQL */ `
  fragment ArtistCard on Artist {
    id
    uri
    name
    images {
      url
      width
      height
    }
  }
`;

/** A playlist card: cover, name and who made it. */
const playlistCard = /* GraphQL */ `
  fragment PlaylistCard on Playlist {
    id
    uri
    name
    images {
      url
    }
    owner {
      id
      displayName
    }
  }
`;

/** A page of a playlist: each item with when it was added and whether the listener saved it. */
const playlistItems = /* GraphQL */ `
  fragment PlaylistItems on PlaylistItemConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      addedAt
      node {
        __typename
        ... on Track {
          ...TrackRow
        }
        ... on Episode {
          id
          uri
          name
          durationMs
          images {
            url
          }
          show {
            id
            name
          }
          saved
        }
      }
    }
  }
`;

const home: BenchOperation = {
  name: 'HomeScreen',
  title: 'home',
  document: /* GraphQL */ `
    query HomeScreen {
      me {
        id
        recentlyPlayed(first: 30) {
          edges {
            playedAt
            node {
              ...TrackRow
            }
            context {
              __typename
              ... on Album {
                id
                uri
                name
                images {
                  url
                }
              }
              ... on Playlist {
                id
                uri
                name
                images {
                  url
                }
              }
              ... on Artist {
                ...ArtistCard
              }
              ... on Show {
                id
                uri
                name
                images {
                  url
                }
              }
            }
          }
        }
        topArtists(first: 6, timeRange: SHORT_TERM) {
          nodes {
            ...ArtistCard
          }
        }
        topTracks(first: 5, timeRange: SHORT_TERM) {
          nodes {
            ...TrackRow
          }
        }
        playlists(first: 20) {
          totalCount
          nodes {
            ...PlaylistCard
          }
        }
      }
      newReleases(first: 12) {
        nodes {
          ...AlbumCard
        }
      }
      categories(first: 12) {
        nodes {
          id
          name
          icons {
            url
          }
        }
      }
    }
    ${trackRow}
    ${artistCard}
    ${playlistCard}
    ${albumCard}
  `,
  variables: () => ({}),
};

/** The playlist screen: its header and a page of 50 items; the next page is the same query `after` the first. */
const playlistDocument = /* GraphQL */ `
  query PlaylistScreen($id: ID!, $after: String) {
    playlist(id: $id) {
      id
      uri
      name
      description
      public
      collaborative
      snapshotId
      followersCount
      following
      images {
        url
        width
        height
      }
      owner {
        id
        displayName
      }
      items(first: 50, after: $after) {
        ...PlaylistItems
      }
    }
  }
  ${playlistItems}
  ${trackRow}
`;

const playlist: BenchOperation = {
  name: 'PlaylistScreen',
  title: 'playlist, items 1-50',
  document: playlistDocument,
  variables: (ids) => ({ id: ids.playlistId, after: null }),
};

/** The end cursor of the first page of the playlist screen, to continue from. */
function playlistEndCursor(previous: unknown): string {
  const cursor = (previous as { playlist?: { items?: { pageInfo?: { endCursor?: unknown } } } } | undefined)?.playlist
    ?.items?.pageInfo?.endCursor;
  if (typeof cursor !== 'string') throw new Error('PlaylistScreenMore continues PlaylistScreen: run that first.');
  return cursor;
}

const playlistMore: BenchOperation = {
  name: 'PlaylistScreenMore',
  title: 'playlist, items 51-100',
  document: playlistDocument,
  variables: (ids, previous) => ({ id: ids.playlistId, after: playlistEndCursor(previous.PlaylistScreen) }),
};

const album: BenchOperation = {
  name: 'AlbumScreen',
  title: 'album',
  document: /* GraphQL */ `
    query AlbumScreen($id: ID!) {
      album(id: $id) {
        ...AlbumCard
        totalTracks
        releaseDatePrecision
        label
        saved
        artists {
          ...ArtistCard
          albums(groups: [ALBUM, SINGLE, COMPILATION], first: 10) {
            nodes {
              ...AlbumCard
            }
          }
        }
        tracks(first: 50) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          nodes {
            ...TrackRow
            discNumber
          }
        }
      }
    }
    ${albumCard}
    ${artistCard}
    ${trackRow}
  `,
  variables: (ids) => ({ id: ids.albumId }),
};

/** A shelf of the artist's discography. */
const discography = /* GraphQL */ `
  fragment Discography on AlbumConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      uri
      name
      albumType
      albumGroup
      releaseDate
      images {
        url
      }
    }
  }
`;

const artist: BenchOperation = {
  name: 'ArtistScreen',
  title: 'artist',
  document: /* GraphQL */ `
    query ArtistScreen($id: ID!) {
      artist(id: $id) {
        ...ArtistCard
        genres
        followersCount
        following
        topTracks {
          ...TrackRow
        }
        albums: albums(groups: [ALBUM], first: 10) {
          ...Discography
        }
        singles: albums(groups: [SINGLE], first: 10) {
          ...Discography
        }
        compilations: albums(groups: [COMPILATION], first: 10) {
          ...Discography
        }
        appearsOn: albums(groups: [APPEARS_ON], first: 10) {
          ...Discography
        }
        relatedArtists {
          ...ArtistCard
        }
      }
    }
    ${artistCard}
    ${trackRow}
    ${discography}
  `,
  variables: (ids) => ({ id: ids.artistId }),
};

const library: BenchOperation = {
  name: 'LibraryScreen',
  title: 'library',
  document: /* GraphQL */ `
    query LibraryScreen {
      me {
        savedTracks(first: 50) {
          totalCount
          edges {
            addedAt
            node {
              ...TrackRow
            }
          }
        }
        savedAlbums(first: 50) {
          totalCount
          edges {
            addedAt
            node {
              ...AlbumCard
            }
          }
        }
        followedArtists(first: 50) {
          totalCount
          nodes {
            ...ArtistCard
          }
        }
        playlists(first: 50) {
          totalCount
          nodes {
            ...PlaylistCard
          }
        }
        savedShows(first: 50) {
          totalCount
          edges {
            addedAt
            node {
              id
              uri
              name
              publisher
              images {
                url
              }
            }
          }
        }
      }
    }
    ${trackRow}
    ${albumCard}
    ${artistCard}
    ${playlistCard}
  `,
  variables: () => ({}),
};

const search: BenchOperation = {
  name: 'SearchScreen',
  title: 'search',
  document: /* GraphQL */ `
    query SearchScreen($query: String!) {
      search(query: $query, types: [TRACK, ARTIST, ALBUM, PLAYLIST, SHOW, EPISODE], first: 10) {
        tracks {
          nodes {
            ...TrackRow
          }
        }
        artists {
          nodes {
            ...ArtistCard
          }
        }
        albums {
          nodes {
            ...AlbumCard
          }
        }
        playlists {
          nodes {
            ...PlaylistCard
          }
        }
        shows {
          nodes {
            id
            uri
            name
            publisher
            images {
              url
            }
          }
        }
        episodes {
          nodes {
            id
            uri
            name
            durationMs
            releaseDate
            images {
              url
            }
          }
        }
      }
    }
    ${trackRow}
    ${artistCard}
    ${albumCard}
    ${playlistCard}
  `,
  variables: (ids) => ({ query: ids.searchText }),
};

/** Every operation of the benchmark, in the order it runs them (a continuation after what it continues). */
export const benchOperations: readonly BenchOperation[] = [
  home,
  playlist,
  playlistMore,
  album,
  artist,
  library,
  search,
];
