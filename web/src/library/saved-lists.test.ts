import { gql, type TypedDocumentNode } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { updateSavedList } from './library-mutations';

interface Count {
  me: { __typename: 'Me'; id: string; savedTracks: { __typename: 'SavedTrackConnection'; totalCount: number } };
}

interface Page {
  me: {
    __typename: 'Me';
    id: string;
    savedTracks: {
      __typename: 'SavedTrackConnection';
      totalCount: number;
      edges: {
        __typename: 'SavedTrackEdge';
        cursor: string;
        node: { __typename: 'Track'; id: string; name: string };
      }[];
      pageInfo: { __typename: 'PageInfo'; hasNextPage: boolean; endCursor: string | null };
    };
  };
}

/** What a library overview asks of Liked Songs: the count alone. */
const CountQuery: TypedDocumentNode<Count, Record<string, never>> = gql`
  query SavedListsTestCount {
    me {
      id
      savedTracks(first: 1) {
        totalCount
      }
    }
  }
`;

/** What Liked Songs asks: a page of them. */
const PageQuery: TypedDocumentNode<Page, { after?: string | null }> = gql`
  query SavedListsTestPage($after: String) {
    me {
      id
      savedTracks(first: 3, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            name
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

const page = (ids: string[], offset: number, hasNextPage: boolean): Page => ({
  me: {
    __typename: 'Me',
    id: 'demo',
    savedTracks: {
      __typename: 'SavedTrackConnection',
      totalCount: 6,
      edges: ids.map((id, index) => ({
        __typename: 'SavedTrackEdge',
        cursor: `o${String(offset + index)}`,
        node: { __typename: 'Track', id, name: id.toUpperCase() },
      })),
      pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: `o${String(offset + ids.length - 1)}` },
    },
  },
});

const count = (totalCount: number): Count => ({
  me: { __typename: 'Me', id: 'demo', savedTracks: { __typename: 'SavedTrackConnection', totalCount } },
});

describe('saved lists in the cache', () => {
  it('does not take a count alone for an empty first page', () => {
    const cache = createCache();
    cache.writeQuery({ query: CountQuery, data: count(6) });
    expect(cache.readQuery({ query: CountQuery })?.me.savedTracks.totalCount).toBe(6);
    // The list's screen must ask for its first page, not show none.
    expect(cache.readQuery({ query: PageQuery, variables: { after: null } })).toBeNull();
    cache.writeQuery({ query: PageQuery, variables: { after: null }, data: page(['a', 'b', 'c'], 0, true) });
    expect(cache.readQuery({ query: PageQuery, variables: { after: null } })?.me.savedTracks.edges).toHaveLength(3);
  });

  it('keeps the loaded pages when a count comes in later', () => {
    const cache = createCache();
    cache.writeQuery({ query: PageQuery, variables: { after: null }, data: page(['a', 'b', 'c'], 0, true) });
    cache.writeQuery({ query: PageQuery, variables: { after: 'o2' }, data: page(['d', 'e', 'f'], 3, false) });
    cache.writeQuery({ query: CountQuery, data: count(7) });
    const saved = cache.readQuery({ query: PageQuery, variables: { after: null } })?.me.savedTracks;
    expect(saved?.edges.map((edge) => edge.node.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(saved?.totalCount).toBe(7);
  });

  it('takes a removed track out and asks for the next page after the last position loaded', () => {
    const cache = createCache();
    cache.writeQuery({ query: PageQuery, variables: { after: null }, data: page(['a', 'b', 'c'], 0, true) });
    updateSavedList(cache, 'demo', 'Track', 'b', false);
    const saved = cache.readQuery({ query: PageQuery, variables: { after: null } })?.me.savedTracks;
    expect(saved?.edges.map((edge) => edge.node.id)).toEqual(['a', 'c']);
    expect(saved?.totalCount).toBe(5);
    // Offsets 0 and 1 hold a and c now: the next page starts at offset 2.
    expect(saved?.pageInfo.endCursor).toBe('o1');
  });

  it('puts a saved track at the top', () => {
    const cache = createCache();
    cache.writeQuery({ query: PageQuery, variables: { after: null }, data: page(['a', 'b', 'c'], 0, true) });
    cache.writeQuery({
      query: gql`
        query SavedListsTestSeedTrack($id: ID!) {
          track(id: $id) {
            id
            name
          }
        }
      `,
      variables: { id: 'z' },
      data: { track: { __typename: 'Track', id: 'z', name: 'Z' } },
    });
    updateSavedList(cache, 'demo', 'Track', 'z', true);
    const saved = cache.readQuery({ query: PageQuery, variables: { after: null } })?.me.savedTracks;
    expect(saved?.edges.map((edge) => edge.node.id)).toEqual(['z', 'a', 'b', 'c']);
    expect(saved?.totalCount).toBe(7);
  });
});
