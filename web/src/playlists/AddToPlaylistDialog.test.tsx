import { ApolloClient } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { holdsAny, PlaylistItemUrisQuery } from './AddToPlaylistDialog';

const track = (id: string) => ({ __typename: 'Track' as const, id, uri: `spotify:track:${id}` });

/** A page of the playlist's items, as the music service answers it. */
function page(after: string | null, ids: string[], next: string | null): MockLink.MockedResponse {
  return {
    request: { query: PlaylistItemUrisQuery, variables: { id: 'p1', after } },
    result: {
      data: {
        playlist: {
          __typename: 'Playlist',
          id: 'p1',
          items: {
            __typename: 'PlaylistItemConnection',
            edges: ids.map((id) => ({ __typename: 'PlaylistItemEdge', node: track(id) })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: next !== null, endCursor: next },
          },
        },
      },
    },
  };
}

function client(mocks: MockLink.MockedResponse[]) {
  const cache = createCache();
  return { cache, client: new ApolloClient({ cache, link: new MockLink(mocks) }) };
}

describe('whether a playlist holds an item already', () => {
  it('reads the playlist page by page until it finds the item, and keeps what it read out of the cache', async () => {
    const { cache, client: apollo } = client([page(null, ['a', 'b'], 'c1'), page('c1', ['c', 'd'], 'c2')]);
    expect(await holdsAny(apollo, 'p1', ['spotify:track:d'])).toBe(true);
    expect(cache.extract()).toEqual({});
  });

  it('answers false once the last page is read without it', async () => {
    const { client: apollo } = client([page(null, ['a'], 'c1'), page('c1', ['b'], null)]);
    expect(await holdsAny(apollo, 'p1', ['spotify:track:z', 'spotify:episode:a'])).toBe(false);
  });

  it('stops at the first page that holds any of several items', async () => {
    // Only the first page is answered: a second read would fail the test.
    const { client: apollo } = client([page(null, ['a', 'b'], 'c1')]);
    expect(await holdsAny(apollo, 'p1', ['spotify:track:z', 'spotify:track:b'])).toBe(true);
  });
});
