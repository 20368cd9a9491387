import { graphql } from '../__generated__';

/** Who the token belongs to, and the first page of their playlists (the ones they own or follow). */
export const ListenerPlaylistsQuery = graphql(`
  query ListenerPlaylists($first: Int!) {
    me {
      id
      displayName
      playlists(first: $first) {
        totalCount
        nodes {
          id
          name
          public
          owner {
            id
            displayName
          }
        }
      }
    }
  }
`);
