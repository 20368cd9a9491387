import { expect, it } from 'vitest';
import { describeGraphql, type GraphqlResult, type Listener } from '../../__fixtures__/graphql';
import { encodeCursor } from '../common/connections';
import { itemPageFields, playlistFields } from './playlist-loader';

/** `METHOD /v1/path` of each upstream call, in order. */
const calls = (result: GraphqlResult): string[] => result.upstream.map((call) => `${call.method} ${call.path}`);

const codes = (result: GraphqlResult): (string | undefined)[] => result.errors.map((error) => error.extensions?.code);

// oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the caller names the shape it expects
function field<T>(result: GraphqlResult, ...path: string[]): T {
  let value: unknown = result.data;
  for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value as T;
}

interface ItemPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  edges: { cursor: string; addedAt: string | null; addedBy: { id: string } | null; node: { id: string } }[];
}

const itemsQuery = `query($id: ID!, $first: Int, $after: String) { playlist(id: $id) {
  id snapshotId items(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
    edges { cursor addedAt addedBy { id } node { __typename ... on Track { id } ... on Episode { id } } } } } }`;

describeGraphql('playlists', (fixture) => {
  const development = fixture.profile === 'development';

  async function ids(table: string, count: number, offset = 0): Promise<string[]> {
    const { rows } = await fixture.db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id LIMIT $1 OFFSET $2`, [
      count,
      offset,
    ]);
    return rows.map((row) => row.id);
  }

  async function create(listener: Listener, name = 'Road trip'): Promise<{ id: string; snapshotId: string }> {
    const result = await listener.query(
      'mutation($name: String!) { createPlaylist(input: { name: $name }) { playlist { id snapshotId } } }',
      { name },
    );
    expect(result.errors).toEqual([]);
    return field<{ id: string; snapshotId: string }>(result, 'createPlaylist', 'playlist');
  }

  async function add(listener: Listener, playlistId: string, uris: string[], position?: number): Promise<string> {
    const result = await listener.query(
      `mutation($id: ID!, $uris: [String!]!, $position: Int) {
        addPlaylistItems(input: { playlistId: $id, uris: $uris, position: $position }) { playlist { snapshotId } } }`,
      { id: playlistId, uris, position },
    );
    expect(result.errors).toEqual([]);
    return field<string>(result, 'addPlaylistItems', 'playlist', 'snapshotId');
  }

  async function itemIds(listener: Listener, playlistId: string): Promise<string[]> {
    const result = await listener.query(itemsQuery, { id: playlistId, first: 50 });
    expect(result.errors).toEqual([]);
    return field<ItemPage>(result, 'playlist', 'items').edges.map((edge) => edge.node.id);
  }

  it('creates a playlist in one call, answering it whole', async () => {
    const listener = await fixture.listener();
    const result = await listener.query(`mutation { createPlaylist(input: {
      name: "Road trip", description: "Songs for the car", public: false }) {
      playlist { id uri name description public collaborative snapshotId owner { id displayName }
        images { url } items { totalCount } } } }`);
    expect(result.errors).toEqual([]);
    expect(calls(result)).toEqual(['POST /v1/me/playlists']);
    const playlist = field<Record<string, unknown>>(result, 'createPlaylist', 'playlist');
    expect(playlist).toMatchObject({
      name: 'Road trip',
      description: 'Songs for the car',
      public: false,
      collaborative: false,
      owner: { id: listener.id, displayName: expect.stringContaining('GraphQL listener') as unknown },
      items: { totalCount: 0 },
    });
    expect(playlist.uri).toBe(`spotify:playlist:${String(playlist.id)}`);
    expect(typeof playlist.snapshotId).toBe('string');
  });

  it('reads a playlist and its first pages of items in one call', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const tracks = await ids('tracks', 5);
    const [episode] = await ids('episodes', 1);
    await add(listener, id, [...tracks.map((track) => `spotify:track:${track}`), `spotify:episode:${episode ?? ''}`]);

    const first = await listener.query(itemsQuery, { id, first: 4 });
    expect(first.errors).toEqual([]);
    expect(calls(first)).toEqual([`GET /v1/playlists/${id}`]);
    const page = field<ItemPage>(first, 'playlist', 'items');
    expect(page.totalCount).toBe(6);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page.edges.map((edge) => edge.node.id)).toEqual(tracks.slice(0, 4));
    for (const edge of page.edges) {
      expect(edge.addedBy).toEqual({ id: listener.id });
      expect(Number.isNaN(Date.parse(edge.addedAt ?? ''))).toBe(false);
    }

    const second = await listener.query(itemsQuery, { id, first: 4, after: page.pageInfo.endCursor });
    expect(calls(second)).toEqual([`GET /v1/playlists/${id}`]);
    const rest = field<ItemPage>(second, 'playlist', 'items');
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(rest.edges.map((edge) => edge.node)).toEqual([
      { __typename: 'Track', id: tracks[4] },
      { __typename: 'Episode', id: episode },
    ]);
  });

  /** The `fields` filter of the call to `path` (with no query of its own), as the music service received it. */
  const filterSent = (result: GraphqlResult, path: string): string | null => {
    const call = result.received.find((received) => received.url.startsWith(`${path}?`));
    return call ? new URL(call.url, 'http://upstream').searchParams.get('fields') : null;
  };

  it('asks for each item once, by its 2026 name, once the upstream has shown that it uses it', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const tracks = await ids('tracks', 3, 200);
    await add(
      listener,
      id,
      tracks.map((track) => `spotify:track:${track}`),
    );
    // The first read teaches the api the names, where an earlier test has not already.
    const first = await listener.query(itemsQuery, { id, first: 3 });
    const second = await listener.query(itemsQuery, { id, first: 3 });
    expect(second.errors).toEqual([]);
    expect(second.data).toEqual(first.data);
    expect(field<ItemPage>(second, 'playlist', 'items').edges.map((edge) => edge.node.id)).toEqual(tracks);
    expect(filterSent(second, `/v1/playlists/${id}`)).toBe(playlistFields);
  });

  it('asks the library once for every item of a page', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const tracks = await ids('tracks', 30, 100);
    await add(
      listener,
      id,
      tracks.map((track) => `spotify:track:${track}`),
    );
    const result = await listener.query(
      'query($id: ID!) { playlist(id: $id) { following items(first: 30) { nodes { ... on Track { id saved } } } } }',
      { id },
    );
    expect(result.errors).toEqual([]);
    expect(calls(result)).toEqual([`GET /v1/playlists/${id}`, 'GET /v1/me/library/contains']);
    expect(typeof field<{ following: boolean }>(result, 'playlist').following).toBe('boolean');
    expect(field<{ nodes: { saved: boolean }[] }>(result, 'playlist', 'items').nodes).toHaveLength(30);
  });

  it('pages past the embedded items with the items endpoint, where the upstream allows it', async () => {
    const owner = await fixture.listener();
    const { id } = await create(owner, 'Long');
    const tracks = await ids('tracks', 110);
    await add(
      owner,
      id,
      tracks.slice(0, 100).map((track) => `spotify:track:${track}`),
    );
    await add(
      owner,
      id,
      tracks.slice(100).map((track) => `spotify:track:${track}`),
    );
    const after = encodeCursor(99);

    const own = await owner.query(itemsQuery, { id, first: 20, after });
    expect(own.errors).toEqual([]);
    expect(calls(own)).toEqual([`GET /v1/playlists/${id}`, `GET /v1/playlists/${id}/items`]);
    expect(field<ItemPage>(own, 'playlist', 'items').edges.map((edge) => edge.node.id)).toEqual(tracks.slice(100));
    // The playlist showed its items' names before the page was asked for.
    expect(filterSent(own, `/v1/playlists/${id}/items`)).toBe(itemPageFields);

    // Someone else's public playlist: development mode shows only the items of one's own.
    const listener = await fixture.listener();
    const theirs = await listener.query(itemsQuery, { id, first: 20, after });
    expect(calls(theirs)).toEqual([`GET /v1/playlists/${id}`, `GET /v1/playlists/${id}/items`]);
    if (development) {
      expect(codes(theirs)).toEqual(['FEATURE_UNAVAILABLE']);
      expect(theirs.errors[0]?.path).toEqual(['playlist', 'items']);
      // The playlist itself still resolves; only its items are unavailable.
      expect(field<unknown>(theirs, 'playlist', 'items')).toBeNull();
      expect(field<{ id: string }>(theirs, 'playlist').id).toBe(id);
    } else {
      expect(theirs.errors).toEqual([]);
      expect(field<ItemPage>(theirs, 'playlist', 'items').edges).toHaveLength(10);
    }
  });

  it('refuses bad page sizes and cursors before any call, and unknown playlists', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const big = await listener.query(itemsQuery, { id, first: 51 });
    expect(codes(big)).toEqual(['BAD_USER_INPUT']);
    expect(calls(big)).toEqual([]);
    const cursor = await listener.query(itemsQuery, { id, after: 'not-a-cursor' });
    expect(codes(cursor)).toEqual(['BAD_USER_INPUT']);
    const missing = await listener.query('{ playlist(id: "0000000000000000000000") { id name } }');
    expect(codes(missing)).toEqual(['NOT_FOUND']);
    expect(missing.data).toEqual({ playlist: null });
  });

  it('adds, removes, reorders and replaces items, each in one call with the new snapshot', async () => {
    const listener = await fixture.listener();
    const { id, snapshotId: created } = await create(listener);
    const tracks = await ids('tracks', 5, 200);
    const uri = (index: number) => `spotify:track:${tracks[index] ?? ''}`;

    const added = await listener.query(
      `mutation($id: ID!, $uris: [String!]!) { addPlaylistItems(input: { playlistId: $id, uris: $uris, position: 0 }) {
        playlist { id snapshotId } } }`,
      { id, uris: [uri(0), uri(1), uri(2), uri(3)] },
    );
    expect(added.errors).toEqual([]);
    expect(calls(added)).toEqual([`POST /v1/playlists/${id}/items`]);
    const afterAdd = field<string>(added, 'addPlaylistItems', 'playlist', 'snapshotId');
    expect(afterAdd).not.toBe(created);

    const removed = await listener.query(
      `mutation($id: ID!, $uris: [String!]!, $snapshot: String) {
        removePlaylistItems(input: { playlistId: $id, uris: $uris, snapshotId: $snapshot }) { playlist { snapshotId } } }`,
      { id, uris: [uri(1)], snapshot: afterAdd },
    );
    expect(removed.errors).toEqual([]);
    expect(calls(removed)).toEqual([`DELETE /v1/playlists/${id}/items`]);
    const afterRemove = field<string>(removed, 'removePlaylistItems', 'playlist', 'snapshotId');
    expect(afterRemove).not.toBe(afterAdd);
    expect(await itemIds(listener, id)).toEqual([tracks[0], tracks[2], tracks[3]]);

    const reordered = await listener.query(
      `mutation($id: ID!) { reorderPlaylistItems(input: { playlistId: $id, rangeStart: 2, insertBefore: 0 }) {
        playlist { snapshotId items { nodes { ... on Track { id } } } } } }`,
      { id },
    );
    expect(reordered.errors).toEqual([]);
    expect(calls(reordered)).toEqual([`PUT /v1/playlists/${id}/items`, `GET /v1/playlists/${id}/items`]);
    expect(field<{ nodes: { id: string }[] }>(reordered, 'reorderPlaylistItems', 'playlist', 'items').nodes).toEqual(
      [tracks[3], tracks[0], tracks[2]].map((track) => ({ id: track })),
    );

    const replaced = await listener.query(
      `mutation($id: ID!, $uris: [String!]!) { replacePlaylistItems(input: { playlistId: $id, uris: $uris }) {
        playlist { snapshotId } } }`,
      { id, uris: [uri(4)] },
    );
    expect(replaced.errors).toEqual([]);
    expect(calls(replaced)).toEqual([`PUT /v1/playlists/${id}/items`]);
    expect(await itemIds(listener, id)).toEqual([tracks[4]]);

    const stale = await listener.query(
      `mutation($id: ID!, $uris: [String!]!) {
        removePlaylistItems(input: { playlistId: $id, uris: $uris, snapshotId: "bm90LWEtc25hcHNob3Q" }) { playlist { id } } }`,
      { id, uris: [uri(4)] },
    );
    expect(codes(stale)).toEqual(['BAD_USER_INPUT']);

    const wrong = await listener.query(
      'mutation($id: ID!) { addPlaylistItems(input: { playlistId: $id, uris: ["spotify:album:abc"] }) { playlist { id } } }',
      { id },
    );
    expect(codes(wrong)).toEqual(['BAD_USER_INPUT']);
    expect(wrong.upstream).toEqual([]);
  });

  it('removes only the copy at the position given, and refuses a stale snapshot with PLAYLIST_CHANGED, changing nothing', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const tracks = await ids('tracks', 2, 210);
    const uri = (index: number) => `spotify:track:${tracks[index] ?? ''}`;
    const seen = await add(listener, id, [uri(0), uri(1), uri(0)]);
    const remove = `mutation($id: ID!, $uris: [String!]!, $positions: [Int!], $snapshot: String) {
      removePlaylistItems(input: { playlistId: $id, uris: $uris, positions: $positions, snapshotId: $snapshot }) {
        playlist { snapshotId } } }`;

    const removed = await listener.query(remove, { id, uris: [uri(0)], positions: [2], snapshot: seen });
    expect(removed.errors).toEqual([]);
    expect(calls(removed)).toEqual([`DELETE /v1/playlists/${id}/items`]);
    expect(await itemIds(listener, id)).toEqual([tracks[0], tracks[1]]);

    // Against the version before that removal: refused, and the one copy left stays.
    const stale = await listener.query(remove, { id, uris: [uri(0)], positions: [0], snapshot: seen });
    expect(codes(stale)).toEqual(['PLAYLIST_CHANGED']);
    expect(stale.errors[0]?.message).toMatch(/^Stale snapshot_id/);
    expect(calls(stale)).toEqual([`DELETE /v1/playlists/${id}/items`]);
    const current = field<string>(removed, 'removePlaylistItems', 'playlist', 'snapshotId');
    const elsewhere = await listener.query(remove, { id, uris: [uri(0)], positions: [1], snapshot: current });
    expect(codes(elsewhere)).toEqual(['BAD_USER_INPUT']);
    expect(elsewhere.errors[0]?.message).toContain('position 1 does not hold');
    expect(await itemIds(listener, id)).toEqual([tracks[0], tracks[1]]);
  });

  it('reorders against the snapshot the listener saw, and refuses a stale one with PLAYLIST_CHANGED, moving nothing', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const tracks = await ids('tracks', 3, 220);
    const uri = (index: number) => `spotify:track:${tracks[index] ?? ''}`;
    const seen = await add(listener, id, [uri(0), uri(1)]);
    const reorder = `mutation($id: ID!, $start: Int!, $before: Int!, $snapshot: String) {
      reorderPlaylistItems(input: { playlistId: $id, rangeStart: $start, insertBefore: $before, snapshotId: $snapshot }) {
        playlist { snapshotId } } }`;
    // Another device adds a track at the top: the listener's positions now hold other items.
    const current = await add(listener, id, [uri(2)], 0);

    const stale = await listener.query(reorder, { id, start: 0, before: 2, snapshot: seen });
    expect(codes(stale)).toEqual(['PLAYLIST_CHANGED']);
    expect(stale.errors[0]?.message).toMatch(/^Stale snapshot_id/);
    expect(calls(stale)).toEqual([`PUT /v1/playlists/${id}/items`]);
    expect(await itemIds(listener, id)).toEqual([tracks[2], tracks[0], tracks[1]]);

    const moved = await listener.query(reorder, { id, start: 0, before: 3, snapshot: current });
    expect(moved.errors).toEqual([]);
    expect(field<string>(moved, 'reorderPlaylistItems', 'playlist', 'snapshotId')).not.toBe(current);
    expect(await itemIds(listener, id)).toEqual([tracks[0], tracks[1], tracks[2]]);
  });

  it('updates details, answering the playlist as it now is', async () => {
    const listener = await fixture.listener();
    const { id } = await create(listener);
    const result = await listener.query(
      `mutation($id: ID!) { updatePlaylistDetails(input: { playlistId: $id, name: "Renamed", description: "New words" }) {
        playlist { id name description snapshotId } } }`,
      { id },
    );
    expect(result.errors).toEqual([]);
    expect(calls(result)).toEqual([`PUT /v1/playlists/${id}`, `GET /v1/playlists/${id}`]);
    expect(field<unknown>(result, 'updatePlaylistDetails', 'playlist')).toMatchObject({
      id,
      name: 'Renamed',
      description: 'New words',
    });
  });

  it("refuses changes to someone else's playlist", async () => {
    const owner = await fixture.listener();
    const { id } = await create(owner);
    const [track] = await ids('tracks', 1);
    const stranger = await fixture.listener();
    const result = await stranger.query(
      'mutation($id: ID!, $uri: String!) { addPlaylistItems(input: { playlistId: $id, uris: [$uri] }) { playlist { id } } }',
      { id, uri: `spotify:track:${track ?? ''}` },
    );
    expect(codes(result)).toEqual(['FORBIDDEN']);
    expect(result.data).toEqual({ addPlaylistItems: null });
    const rename = await stranger.query(
      'mutation($id: ID!) { updatePlaylistDetails(input: { playlistId: $id, name: "Mine now" }) { playlist { id } } }',
      { id },
    );
    expect(codes(rename)).toEqual(['FORBIDDEN']);
  });

  it('follows and unfollows a playlist through the library, in one call each', async () => {
    const listener = await fixture.listener();
    // A public playlist of someone else's: other tests' listeners create playlists too, some of them private.
    const { rows } = await fixture.db.query<{ id: string }>(
      'SELECT id FROM playlists WHERE owner_id <> $1 AND public ORDER BY id LIMIT 1',
      [listener.id],
    );
    const editorial = rows[0]?.id;
    const followed = await listener.query(
      'mutation($id: ID!) { followPlaylist(input: { playlistId: $id }) { playlist { id following } } }',
      { id: editorial },
    );
    expect(followed.errors).toEqual([]);
    expect(calls(followed)).toEqual(['PUT /v1/me/library']);
    expect(field<unknown>(followed, 'followPlaylist', 'playlist')).toEqual({ id: editorial, following: true });

    const check = await listener.query('query($id: ID!) { playlist(id: $id) { following followersCount } }', {
      id: editorial,
    });
    expect(check.errors).toEqual([]);
    expect(calls(check)).toEqual([`GET /v1/playlists/${editorial}`, 'GET /v1/me/library/contains']);
    expect(field<{ following: boolean }>(check, 'playlist').following).toBe(true);
    const followers = field<{ followersCount: number | null }>(check, 'playlist').followersCount;
    expect(followers === null || followers >= 1).toBe(true);

    const unfollowed = await listener.query(
      'mutation($id: ID!) { unfollowPlaylist(input: { playlistId: $id }) { playlist { id following } } }',
      { id: editorial },
    );
    expect(calls(unfollowed)).toEqual(['DELETE /v1/me/library']);
    expect(field<unknown>(unfollowed, 'unfollowPlaylist', 'playlist')).toEqual({ id: editorial, following: false });
  });

  it("links owners and adders as users; other users' profiles are FEATURE_UNAVAILABLE in development mode", async () => {
    const owner = await fixture.listener();
    const { id } = await create(owner, 'Shared');
    const [track] = await ids('tracks', 1, 250);
    await add(owner, id, [`spotify:track:${track ?? ''}`]);
    const listener = await fixture.listener();
    const result = await listener.query(
      `query($id: ID!) { playlist(id: $id) { owner { id displayName followersCount playlists { totalCount } }
        items { edges { addedBy { id displayName } } } } }`,
      { id },
    );
    if (development) {
      // One profile call for the owner (who also added the item); `/me` once, to tell whether it is the listener.
      // The items of someone else's playlist are refused (one call learns it); one profile call for the
      // owner, and `/me` once, to tell whether the owner is the listener.
      expect(calls(result).sort()).toEqual(
        [
          `GET /v1/playlists/${id}`,
          `GET /v1/playlists/${id}/items`,
          `GET /v1/users/${owner.id}`,
          `GET /v1/users/${owner.id}/playlists`,
          'GET /v1/me',
        ].sort(),
      );
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      expect(result.errors.map((error) => error.path?.join('.')).sort()).toEqual([
        'playlist.items',
        'playlist.owner.followersCount',
        'playlist.owner.playlists',
      ]);
    } else {
      expect(result.errors).toEqual([]);
      expect(calls(result).sort()).toEqual(
        [`GET /v1/playlists/${id}`, `GET /v1/users/${owner.id}`, `GET /v1/users/${owner.id}/playlists`].sort(),
      );
      expect(field<unknown>(result, 'playlist')).toMatchObject({
        owner: { id: owner.id, playlists: { totalCount: 1 } },
        items: { edges: [{ addedBy: { id: owner.id, displayName: expect.stringContaining('GraphQL') as unknown } }] },
      });
    }
  });
});
