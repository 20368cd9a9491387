import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { NotificationsProvider } from '../components/Notifications';
import {
  AddPlaylistItemsMutation,
  ReorderPlaylistItemsMutation,
  RemovePlaylistItemsMutation,
  usePlaylistEditor,
} from './usePlaylistEditor';

interface TestTrack {
  __typename: 'Track';
  id: string;
  uri: string;
  name: string;
}

interface ItemsData {
  playlist: {
    __typename: 'Playlist';
    id: string;
    snapshotId: string;
    items: {
      __typename: 'PlaylistItemConnection';
      totalCount: number;
      edges: { __typename: 'PlaylistItemEdge'; cursor: string; addedAt: string | null; node: TestTrack }[];
      pageInfo: { __typename: 'PageInfo'; hasNextPage: boolean; endCursor: string | null };
    } | null;
  } | null;
}

/** What a playlist screen reads of the items: enough to see their order and the version. */
const ItemsQuery: TypedDocumentNode<ItemsData, { id: string }> = gql`
  query PlaylistEditorTestItems($id: ID!) {
    playlist(id: $id) {
      id
      snapshotId
      items(first: 50) {
        totalCount
        edges {
          cursor
          addedAt
          node {
            ... on Track {
              id
              uri
              name
            }
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

const track = (id: string, name: string): TestTrack => ({ __typename: 'Track', id, uri: `spotify:track:${id}`, name });
const [a, b, c, d] = [track('a', 'Alpha'), track('b', 'Beta'), track('c', 'Gamma'), track('d', 'Delta')];

function cacheWith(tracks: TestTrack[], hasNextPage = false) {
  const cache = createCache();
  cache.writeQuery({
    query: ItemsQuery,
    variables: { id: 'p1' },
    data: {
      playlist: {
        __typename: 'Playlist',
        id: 'p1',
        snapshotId: 's1',
        items: {
          __typename: 'PlaylistItemConnection',
          totalCount: hasNextPage ? 10 : tracks.length,
          edges: tracks.map((node, index) => ({
            __typename: 'PlaylistItemEdge' as const,
            cursor: `c${String(index)}`,
            addedAt: '2026-01-01T00:00:00Z',
            node,
          })),
          pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: `c${String(tracks.length - 1)}` },
        },
      },
    },
  });
  return cache;
}

/** The items as the screen shows them (with the edits still on their way), or as the cache holds them. */
function shown(cache: ReturnType<typeof createCache>, optimistic = true) {
  const data = cache.readQuery({ query: ItemsQuery, variables: { id: 'p1' }, optimistic });
  return {
    names: data?.playlist?.items?.edges.map((edge) => edge.node.name) ?? [],
    cursors: data?.playlist?.items?.edges.map((edge) => edge.cursor) ?? [],
    total: data?.playlist?.items?.totalCount,
    snapshot: data?.playlist?.snapshotId,
  };
}

const changed = (field: string, snapshotId: string, typename: string) => ({
  data: { [field]: { __typename: typename, playlist: { __typename: 'Playlist', id: 'p1', snapshotId } } },
});

const reorder = (rangeStart: number, insertBefore: number, snapshotId: string): MockLink.MockedResponse['request'] => ({
  query: ReorderPlaylistItemsMutation,
  variables: { input: { playlistId: 'p1', rangeStart, insertBefore, rangeLength: 1, snapshotId } },
});

function setup(cache: ReturnType<typeof createCache>, mocks: MockLink.MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider cache={cache} mocks={mocks} mockLinkDefaultOptions={{ delay: 30 }}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </MockedProvider>
  );
  return renderHook(() => usePlaylistEditor('p1', 'Road trip'), { wrapper }).result;
}

describe('editing a playlist', () => {
  it('moves an item at once, tells the music service with the version seen, and keeps the new version', async () => {
    const cache = cacheWith([a, b, c]);
    const editor = setup(cache, [
      {
        request: reorder(0, 3, 's1'),
        result: changed('reorderPlaylistItems', 's2', 'ReorderPlaylistItemsPayload'),
      },
    ]);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = editor.current.move(0, 2, 'Alpha');
    });
    // At once on screen; the cache itself changes only when the music service has it.
    expect(shown(cache).names).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(shown(cache, false).names).toEqual(['Alpha', 'Beta', 'Gamma']);
    await act(async () => {
      expect(await done).toBe(true);
    });
    expect(shown(cache, false)).toEqual({
      names: ['Beta', 'Gamma', 'Alpha'],
      cursors: ['c0', 'c1', 'c2'],
      total: 3,
      snapshot: 's2',
    });
    expect(shown(cache).names).toEqual(['Beta', 'Gamma', 'Alpha']);
  });

  it('sends edits one after the other, each against the version the one before made', async () => {
    const cache = cacheWith([a, b, c]);
    const editor = setup(cache, [
      { request: reorder(2, 0, 's1'), result: changed('reorderPlaylistItems', 's2', 'ReorderPlaylistItemsPayload') },
      { request: reorder(2, 1, 's2'), result: changed('reorderPlaylistItems', 's3', 'ReorderPlaylistItemsPayload') },
    ]);
    let both: Promise<boolean[]> = Promise.resolve([]);
    act(() => {
      both = Promise.all([editor.current.move(2, 0, 'Gamma'), editor.current.move(2, 1, 'Beta')]);
    });
    expect(shown(cache).names).toEqual(['Gamma', 'Beta', 'Alpha']);
    await act(async () => {
      expect(await both).toEqual([true, true]);
    });
    expect(shown(cache, false)).toMatchObject({ names: ['Gamma', 'Beta', 'Alpha'], snapshot: 's3' });
  });

  it('says it is saving until every edit has reached the music service, and asks before the page is left meanwhile', async () => {
    const cache = cacheWith([a, b, c]);
    const editor = setup(cache, [
      { request: reorder(2, 0, 's1'), result: changed('reorderPlaylistItems', 's2', 'ReorderPlaylistItemsPayload') },
      { request: reorder(2, 1, 's2'), result: changed('reorderPlaylistItems', 's3', 'ReorderPlaylistItemsPayload') },
    ]);
    /** Whether the page asks before it is left or reloaded now. */
    const asksBeforeLeaving = () => {
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    };
    expect(editor.current.saving).toBe(false);
    expect(asksBeforeLeaving()).toBe(false);

    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = editor.current.move(2, 0, 'Gamma');
      second = editor.current.move(2, 1, 'Beta');
    });
    expect(editor.current.saving).toBe(true);
    expect(asksBeforeLeaving()).toBe(true);
    // The second edit is not sent before the first is made: the page still holds it alone.
    await act(async () => {
      expect(await first).toBe(true);
    });
    expect(editor.current.saving).toBe(true);
    expect(asksBeforeLeaving()).toBe(true);
    await act(async () => {
      expect(await second).toBe(true);
    });
    expect(editor.current.saving).toBe(false);
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('rolls a refused edit back, and the ones queued after it, with a message', async () => {
    const cache = cacheWith([a, b, c]);
    const editor = setup(cache, [
      {
        request: reorder(0, 2, 's1'),
        result: { errors: [new GraphQLError('Not yours', { extensions: { code: 'FORBIDDEN' } })] },
      },
      // Made on a list the failure changed, the next edit is never sent, though it would be taken.
      { request: reorder(2, 0, 's1'), result: changed('reorderPlaylistItems', 's2', 'ReorderPlaylistItemsPayload') },
    ]);
    let both: Promise<boolean[]> = Promise.resolve([]);
    act(() => {
      both = Promise.all([editor.current.move(0, 1, 'Alpha'), editor.current.move(2, 0, 'Gamma')]);
    });
    expect(shown(cache).names).toEqual(['Gamma', 'Beta', 'Alpha']);
    await act(async () => {
      expect(await both).toEqual([false, false]);
    });
    expect(shown(cache)).toMatchObject({ names: ['Alpha', 'Beta', 'Gamma'], snapshot: 's1' });
    expect(
      await screen.findByText('You are not allowed to move Alpha. Your changes after it were undone too.'),
    ).toBeTruthy();
  });

  it('removes every occurrence at once, and an undo puts each back where it was', async () => {
    const cache = cacheWith([a, b, a, c], true);
    const editor = setup(cache, [
      {
        request: {
          query: RemovePlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], snapshotId: 's1' } },
        },
        result: changed('removePlaylistItems', 's2', 'RemovePlaylistItemsPayload'),
      },
      {
        request: {
          query: AddPlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], position: 0 } },
        },
        result: changed('addPlaylistItems', 's3', 'AddPlaylistItemsPayload'),
      },
      {
        request: {
          query: AddPlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], position: 2 } },
        },
        result: changed('addPlaylistItems', 's4', 'AddPlaylistItemsPayload'),
      },
    ]);
    let removal = undefined as ReturnType<typeof editor.current.remove> | undefined;
    act(() => {
      removal = editor.current.remove(a, 'Alpha');
    });
    expect(shown(cache)).toMatchObject({ names: ['Beta', 'Gamma'], cursors: ['c0', 'c1'], total: 8 });
    expect(removal?.removed.map(({ position }) => position)).toEqual([0, 2]);
    await act(async () => {
      expect(await removal?.done).toBe(true);
    });
    let undone: Promise<boolean> = Promise.resolve(false);
    act(() => {
      if (removal) undone = editor.current.undo(removal);
    });
    expect(shown(cache).names).toEqual(['Alpha', 'Beta', 'Alpha', 'Gamma']);
    await act(async () => {
      expect(await undone).toBe(true);
    });
    // Back as before, down to the cursors the next page is asked after.
    expect(shown(cache, false)).toMatchObject({
      names: ['Alpha', 'Beta', 'Alpha', 'Gamma'],
      cursors: ['c0', 'c1', 'c2', 'c3'],
      total: 10,
      snapshot: 's4',
    });
  });

  it('removes only the copy at the position chosen, with the version seen, and an undo puts it back there', async () => {
    const cache = cacheWith([a, b, a, c]);
    const editor = setup(cache, [
      {
        request: {
          query: RemovePlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], positions: [2], snapshotId: 's1' } },
        },
        result: changed('removePlaylistItems', 's2', 'RemovePlaylistItemsPayload'),
      },
      {
        request: {
          query: AddPlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], position: 2 } },
        },
        result: changed('addPlaylistItems', 's3', 'AddPlaylistItemsPayload'),
      },
    ]);
    let removal = undefined as ReturnType<typeof editor.current.remove> | undefined;
    act(() => {
      removal = editor.current.remove(a, 'Alpha', 2);
    });
    expect(shown(cache)).toMatchObject({ names: ['Alpha', 'Beta', 'Gamma'], total: 3 });
    expect(removal?.removed.map(({ position }) => position)).toEqual([2]);
    await act(async () => {
      expect(await removal?.done).toBe(true);
    });
    expect(shown(cache, false)).toMatchObject({ names: ['Alpha', 'Beta', 'Gamma'], snapshot: 's2' });
    let undone: Promise<boolean> = Promise.resolve(false);
    act(() => {
      if (removal) undone = editor.current.undo(removal);
    });
    await act(async () => {
      expect(await undone).toBe(true);
    });
    expect(shown(cache, false)).toMatchObject({ names: ['Alpha', 'Beta', 'Alpha', 'Gamma'], snapshot: 's3' });
  });

  it('leaves the playlist whole when it changed elsewhere, says so, and drops its items to read them again', async () => {
    const cache = cacheWith([a, b, a]);
    const editor = setup(cache, [
      {
        request: {
          query: RemovePlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], positions: [0], snapshotId: 's1' } },
        },
        result: { errors: [new GraphQLError('Stale snapshot_id', { extensions: { code: 'PLAYLIST_CHANGED' } })] },
      },
    ]);
    let removal = undefined as ReturnType<typeof editor.current.remove> | undefined;
    act(() => {
      removal = editor.current.remove(a, 'Alpha', 0);
    });
    expect(shown(cache).names).toEqual(['Beta', 'Alpha']);
    await act(async () => {
      expect(await removal?.done).toBe(false);
    });
    expect(
      await screen.findByText(
        'This playlist changed since you opened it (on another device, or by someone you share it with), so we did not remove Alpha from Road trip. It now shows as it is.',
      ),
    ).toBeTruthy();
    // Nothing cached to show stale: the screen reads the playlist again.
    expect(cache.readQuery({ query: ItemsQuery, variables: { id: 'p1' } })).toBeNull();
  });

  it('moves nothing when the playlist changed elsewhere, says so plainly, and drops its items to read the latest order', async () => {
    const cache = cacheWith([a, b, c]);
    const editor = setup(cache, [
      {
        request: {
          query: ReorderPlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', rangeStart: 0, insertBefore: 3, rangeLength: 1, snapshotId: 's1' } },
        },
        result: { errors: [new GraphQLError('Stale snapshot_id', { extensions: { code: 'PLAYLIST_CHANGED' } })] },
      },
    ]);
    let moved: Promise<boolean> = Promise.resolve(true);
    act(() => {
      moved = editor.current.move(0, 2, 'Alpha');
    });
    expect(shown(cache).names).toEqual(['Beta', 'Gamma', 'Alpha']);
    await act(async () => {
      expect(await moved).toBe(false);
    });
    expect(
      await screen.findByText('This playlist changed elsewhere. It now shows the latest order; try again.'),
    ).toBeTruthy();
    expect(cache.readQuery({ query: ItemsQuery, variables: { id: 'p1' } })).toBeNull();
  });

  it('asks before removing every copy where the music service cannot remove one, and removes them all when told', async () => {
    const cache = cacheWith([a, b, a]);
    const editor = setup(cache, [
      {
        request: {
          query: RemovePlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], positions: [2], snapshotId: 's1' } },
        },
        result: { errors: [new GraphQLError('No', { extensions: { code: 'FEATURE_UNAVAILABLE' } })] },
      },
      {
        request: {
          query: RemovePlaylistItemsMutation,
          variables: { input: { playlistId: 'p1', uris: ['spotify:track:a'], snapshotId: 's1' } },
        },
        result: changed('removePlaylistItems', 's2', 'RemovePlaylistItemsPayload'),
      },
    ]);
    let removal = undefined as ReturnType<typeof editor.current.remove> | undefined;
    act(() => {
      removal = editor.current.remove(a, 'Alpha', 2);
    });
    await act(async () => {
      expect(await removal?.done).toBe(false);
    });
    // Nothing went: the copy is back, and the listener is told what the music service can do.
    expect(shown(cache).names).toEqual(['Alpha', 'Beta', 'Alpha']);
    expect(
      await screen.findByText('Your music service can only remove every copy of Alpha from Road trip.'),
    ).toBeTruthy();
    act(() => {
      screen.getByRole('button', { name: 'Remove every copy of Alpha' }).click();
    });
    expect(shown(cache).names).toEqual(['Beta']);
    await waitFor(() => {
      expect(shown(cache, false)).toMatchObject({ names: ['Beta'], snapshot: 's2' });
    });
  });

  it('adds at the end of a playlist loaded to its end, and rolls back a failure with a message', async () => {
    const cache = cacheWith([a, b]);
    cache.writeQuery({
      query: gql`
        query PlaylistEditorTestSeedTrack($id: ID!) {
          track(id: $id) {
            id
            uri
            name
          }
        }
      `,
      variables: { id: d.id },
      data: { track: d },
    });
    const editor = setup(cache, [
      {
        request: { query: AddPlaylistItemsMutation, variables: { input: { playlistId: 'p1', uris: [d.uri] } } },
        result: changed('addPlaylistItems', 's2', 'AddPlaylistItemsPayload'),
      },
      {
        request: { query: AddPlaylistItemsMutation, variables: { input: { playlistId: 'p1', uris: [c.uri] } } },
        error: new TypeError('Failed to fetch'),
      },
    ]);
    let added: Promise<boolean> = Promise.resolve(false);
    act(() => {
      added = editor.current.add([d], 'Delta');
    });
    expect(shown(cache)).toMatchObject({ names: ['Alpha', 'Beta', 'Delta'], total: 3 });
    await act(async () => {
      expect(await added).toBe(true);
    });
    expect(shown(cache, false)).toMatchObject({ names: ['Alpha', 'Beta', 'Delta'], snapshot: 's2' });

    // Gamma is not in the cache yet: the items are dropped, to load again, rather than shown without it.
    let failed: Promise<boolean> = Promise.resolve(true);
    act(() => {
      failed = editor.current.add([c], 'Gamma');
    });
    await act(async () => {
      expect(await failed).toBe(false);
    });
    expect(shown(cache).names).toEqual(['Alpha', 'Beta', 'Delta']);
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toContain('You seem to be offline');
    });
  });
});
