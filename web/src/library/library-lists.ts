import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { kindList, type KindList } from './library-entries';

/**
 * What the listener keeps in Your Library, as its screen and the sidebar both read it: one fragment per
 * kind, and the list of entries each makes. Both ask for the same fields, so that what one has loaded the
 * other reads from the cache.
 */

export const LibraryPlaylistsFragment = graphql(`
  fragment LibraryList_playlists on PlaylistConnection {
    totalCount
    edges {
      cursor
      node {
        id
        uri
        name
        collaborative
        images {
          url
          width
        }
        owner {
          id
          displayName
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

export const LibraryAlbumsFragment = graphql(`
  fragment LibraryList_albums on SavedAlbumConnection {
    totalCount
    edges {
      cursor
      addedAt
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
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

export const LibraryArtistsFragment = graphql(`
  fragment LibraryList_artists on ArtistConnection {
    totalCount
    edges {
      cursor
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
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

export const LibraryShowsFragment = graphql(`
  fragment LibraryList_shows on SavedShowConnection {
    totalCount
    edges {
      cursor
      addedAt
      node {
        id
        uri
        name
        publisher
        images {
          url
          width
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

/** Loads the page of a kind after `after`; a list shown without paging has none to load. */
type More = (after: string) => Promise<unknown>;
const noMore: More = () => Promise.resolve();

export function playlistList(connection: FragmentType<typeof LibraryPlaylistsFragment>, more: More = noMore): KindList {
  return kindList(
    'playlists',
    getFragmentData(LibraryPlaylistsFragment, connection),
    ({ node }) => ({ node, creator: node.owner.displayName ?? node.owner.id, addedAt: null }),
    more,
  );
}

export function albumList(connection: FragmentType<typeof LibraryAlbumsFragment>, more: More = noMore): KindList {
  return kindList(
    'albums',
    getFragmentData(LibraryAlbumsFragment, connection),
    ({ node, addedAt }) => ({ node, creator: node.artists.map((artist) => artist.name).join(', '), addedAt }),
    more,
  );
}

export function artistList(connection: FragmentType<typeof LibraryArtistsFragment>, more: More = noMore): KindList {
  return kindList(
    'artists',
    getFragmentData(LibraryArtistsFragment, connection),
    ({ node }) => ({ node, creator: null, addedAt: null }),
    more,
  );
}

export function showList(connection: FragmentType<typeof LibraryShowsFragment>, more: More = noMore): KindList {
  return kindList(
    'shows',
    getFragmentData(LibraryShowsFragment, connection),
    ({ node, addedAt }) => ({ node, creator: node.publisher, addedAt }),
    more,
  );
}
