import { expect, it } from 'vitest';
import { describeGraphql, type GraphqlResult, type Listener } from '../../__fixtures__/graphql';

/** `METHOD /v1/path` of each upstream call, in order. */
const calls = (result: GraphqlResult): string[] => result.upstream.map((call) => `${call.method} ${call.path}`);

/**
 * The calls that got an answer: a development-mode upstream refuses multi-gets with 403, which
 * the api learns from the first one it tries in the process.
 */
const answered = (result: GraphqlResult): string[] =>
  calls({ ...result, upstream: result.upstream.filter((call) => call.status !== 403) });

const codes = (result: GraphqlResult): (string | undefined)[] => result.errors.map((error) => error.extensions?.code);

interface Edge<Node> {
  cursor: string;
  node: Node;
}

// oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the caller names the shape it expects
function field<T>(result: GraphqlResult, ...path: string[]): T {
  let value: unknown = result.data;
  for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value as T;
}

describeGraphql('me', (fixture) => {
  const development = fixture.profile === 'development';

  async function ids(table: string, count: number, offset = 0): Promise<string[]> {
    const { rows } = await fixture.db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id LIMIT $1 OFFSET $2`, [
      count,
      offset,
    ]);
    return rows.map((row) => row.id);
  }

  async function save(listener: Listener, uris: string[]): Promise<void> {
    const result = await listener.query(
      'mutation($uris: [String!]!) { saveToLibrary(input: { uris: $uris }) { tracks { id } } }',
      { uris },
    );
    expect(result.errors).toEqual([]);
  }

  it('answers null for an anonymous request, with no upstream call', async () => {
    const response = await fetch(`${fixture.apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: null } });
  });

  it('reads the profile in one call; development mode leaves out the private fields', async () => {
    const listener = await fixture.listener();
    const result = await listener.query(
      '{ me { id uri displayName email country product images { url } followersCount user { id displayName } } }',
    );
    expect(result.errors).toEqual([]);
    expect(calls(result)).toEqual(['GET /v1/me']);
    const me = field<Record<string, unknown>>(result, 'me');
    expect(me).toMatchObject({
      id: listener.id,
      uri: `spotify:user:${listener.id}`,
      displayName: expect.stringContaining('GraphQL listener') as unknown,
      images: expect.any(Array) as unknown,
      user: { id: listener.id, displayName: me.displayName },
    });
    if (development) {
      expect(me).toMatchObject({ email: null, country: null, product: null, followersCount: null });
    } else {
      expect(me.product).toBe('PREMIUM');
      expect(typeof me.followersCount).toBe('number');
    }
  });

  it('pages saved tracks with addedAt, knowing they are saved without a contains call', async () => {
    const listener = await fixture.listener();
    const tracks = await ids('tracks', 3);
    await save(
      listener,
      tracks.map((id) => `spotify:track:${id}`),
    );
    const query = `query($after: String) { me { savedTracks(first: 2, after: $after) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor addedAt node { id saved } } nodes { id } } } }`;
    const first = await listener.query(query);
    expect(first.errors).toEqual([]);
    expect(calls(first)).toEqual(['GET /v1/me/tracks']);
    const page = field<{
      totalCount: number;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
      edges: (Edge<{ id: string; saved: boolean }> & { addedAt: string })[];
    }>(first, 'me', 'savedTracks');
    expect(page.totalCount).toBe(3);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page.edges).toHaveLength(2);
    for (const edge of page.edges) {
      expect(edge.node.saved).toBe(true);
      expect(Number.isNaN(Date.parse(edge.addedAt))).toBe(false);
    }

    const second = await listener.query(query, { after: page.pageInfo.endCursor });
    expect(calls(second)).toEqual(['GET /v1/me/tracks']);
    const rest = field<{ pageInfo: { hasNextPage: boolean }; edges: Edge<{ id: string }>[] }>(
      second,
      'me',
      'savedTracks',
    );
    expect(rest.pageInfo.hasNextPage).toBe(false);
    expect([...page.edges, ...rest.edges].map((edge) => edge.node.id).sort()).toEqual([...tracks].sort());
  });

  it('pages saved albums, shows and episodes in one call each', async () => {
    const listener = await fixture.listener();
    const [album] = await ids('albums', 1);
    const [show] = await ids('shows', 1);
    const [episode] = await ids('episodes', 1);
    await save(listener, [`spotify:album:${album}`, `spotify:show:${show}`, `spotify:episode:${episode}`]);
    for (const [name, id] of [
      ['savedAlbums', album],
      ['savedShows', show],
      ['savedEpisodes', episode],
    ] as const) {
      const result = await listener.query(`{ me { ${name} { totalCount edges { addedAt node { id saved } } } } }`);
      expect(result.errors).toEqual([]);
      expect(result.upstream).toHaveLength(1);
      expect(field<{ totalCount: number; edges: unknown[] }>(result, 'me', name)).toMatchObject({
        totalCount: 1,
        edges: [{ node: { id, saved: true } }],
      });
    }
  });

  it('saves and removes in calls of 40 URIs, answering the new state without a contains call', async () => {
    const listener = await fixture.listener();
    const tracks = await ids('tracks', 45, 10);
    const uris = tracks.map((id) => `spotify:track:${id}`);
    const [unsaved] = await ids('tracks', 1, 60);
    const saved = await listener.query(
      'mutation($uris: [String!]!) { saveToLibrary(input: { uris: $uris }) { tracks { id saved } albums { id } } }',
      { uris },
    );
    expect(saved.errors).toEqual([]);
    expect(calls(saved)).toEqual(['PUT /v1/me/library', 'PUT /v1/me/library']);
    expect(field<unknown>(saved, 'saveToLibrary')).toEqual({
      tracks: tracks.map((id) => ({ id, saved: true })),
      albums: [],
    });

    const check = await listener.query('query($uris: [String!]!) { me { libraryContains(uris: $uris) } }', {
      uris: [...uris, `spotify:track:${unsaved ?? ''}`],
    });
    expect(check.errors).toEqual([]);
    expect(calls(check)).toEqual(['GET /v1/me/library/contains', 'GET /v1/me/library/contains']);
    expect(field<boolean[]>(check, 'me', 'libraryContains')).toEqual([...tracks.map(() => true), false]);

    const removed = await listener.query(
      'mutation($uris: [String!]!) { removeFromLibrary(input: { uris: $uris }) { tracks { id saved } } }',
      { uris: uris.slice(0, 2) },
    );
    expect(calls(removed)).toEqual(['DELETE /v1/me/library']);
    expect(field<unknown>(removed, 'removeFromLibrary', 'tracks')).toEqual(
      tracks.slice(0, 2).map((id) => ({ id, saved: false })),
    );
  });

  it('fetches the changed objects, batched, only when the payload asks for more than their state', async () => {
    const listener = await fixture.listener();
    const tracks = await ids('tracks', 2, 80);
    const result = await listener.query(
      'mutation($uris: [String!]!) { saveToLibrary(input: { uris: $uris }) { tracks { id name saved } } }',
      { uris: tracks.map((id) => `spotify:track:${id}`) },
    );
    expect(result.errors).toEqual([]);
    expect(answered(result)).toEqual(
      development
        ? ['PUT /v1/me/library', ...tracks.map((id) => `GET /v1/tracks/${id}`)]
        : ['PUT /v1/me/library', 'GET /v1/tracks'],
    );
    expect(field<{ saved: boolean; name: string }[]>(result, 'saveToLibrary', 'tracks')).toMatchObject(
      tracks.map((id) => ({ id, saved: true, name: expect.any(String) as unknown })),
    );
  });

  it('refuses URIs of the wrong kind or too many, before any call', async () => {
    const listener = await fixture.listener();
    const wrong = await listener.query(
      'mutation { saveToLibrary(input: { uris: ["spotify:artist:a1"] }) { tracks { id } } }',
    );
    expect(codes(wrong)).toEqual(['BAD_USER_INPUT']);
    expect(wrong.upstream).toEqual([]);
    const many = await listener.query('query($uris: [String!]!) { me { libraryContains(uris: $uris) } }', {
      uris: Array.from({ length: 201 }, (_, index) => `spotify:track:t${String(index)}`),
    });
    expect(codes(many)).toEqual(['BAD_USER_INPUT']);
    expect(many.upstream).toEqual([]);
    const page = await listener.query('{ me { savedTracks(first: 51) { totalCount } } }');
    expect(codes(page)).toEqual(['BAD_USER_INPUT']);
    expect(page.upstream).toEqual([]);
  });

  it('follows artists and pages them with opaque cursors over the artist-id cursor', async () => {
    const listener = await fixture.listener();
    const artists = await ids('artists', 3);
    const followed = await listener.query(
      'mutation($ids: [ID!]!) { followArtists(input: { artistIds: $ids }) { artists { id following } } }',
      { ids: artists },
    );
    expect(followed.errors).toEqual([]);
    expect(calls(followed)).toEqual(['PUT /v1/me/library']);
    expect(field<unknown>(followed, 'followArtists', 'artists')).toEqual(
      artists.map((id) => ({ id, following: true })),
    );

    const query = `query($after: String) { me { followedArtists(first: 2, after: $after) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id following } } } }`;
    const first = await listener.query(query);
    expect(first.errors).toEqual([]);
    expect(calls(first)).toEqual(['GET /v1/me/following']);
    const page = field<{
      totalCount: number;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
      nodes: { id: string; following: boolean }[];
    }>(first, 'me', 'followedArtists');
    expect(page).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(page.nodes).toEqual(artists.slice(0, 2).map((id) => ({ id, following: true })));
    expect(page.pageInfo.endCursor).not.toContain(artists[1]);

    const second = await listener.query(query, { after: page.pageInfo.endCursor });
    expect(calls(second)).toEqual(['GET /v1/me/following']);
    expect(field<unknown>(second, 'me', 'followedArtists')).toMatchObject({
      pageInfo: { hasNextPage: false, hasPreviousPage: true },
      nodes: [{ id: artists[2], following: true }],
    });

    const bad = await listener.query(query, { after: 'bm90LWEtY3Vyc29y' });
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);

    const unfollowed = await listener.query(
      'mutation($ids: [ID!]!) { unfollowArtists(input: { artistIds: $ids }) { artists { id following } } }',
      { ids: artists.slice(0, 1) },
    );
    expect(calls(unfollowed)).toEqual(['DELETE /v1/me/library']);
    expect(field<unknown>(unfollowed, 'unfollowArtists', 'artists')).toEqual([{ id: artists[0], following: false }]);
  });

  it('answers top artists and tracks in one call each, by time range', async () => {
    const listener = await fixture.listener();
    const tracks = await ids('tracks', 3, 30);
    for (const [index, id] of tracks.entries()) {
      for (let play = 0; play <= index; play += 1) {
        await fixture.db.query(
          'INSERT INTO plays (user_id, track_id, played_at) VALUES ($1, $2, now() - make_interval(mins => $3::int))',
          [listener.id, id, index * 10 + play],
        );
      }
    }
    const result = await listener.query(`{ me {
      topTracks(timeRange: SHORT_TERM, first: 2) { totalCount nodes { id saved } pageInfo { hasNextPage } }
      topArtists { totalCount nodes { id } } } }`);
    expect(result.errors).toEqual([]);
    expect(calls(result).sort()).toEqual([
      'GET /v1/me/library/contains',
      'GET /v1/me/top/artists',
      'GET /v1/me/top/tracks',
    ]);
    expect(field<unknown>(result, 'me', 'topTracks')).toEqual({
      totalCount: 3,
      nodes: [
        { id: tracks[2], saved: false },
        { id: tracks[1], saved: false },
      ],
      pageInfo: { hasNextPage: true },
    });
    expect(field<{ totalCount: number }>(result, 'me', 'topArtists').totalCount).toBeGreaterThan(0);
  });

  it('lists recent plays with when and from where they were played', async () => {
    const listener = await fixture.listener();
    const tracks = await ids('tracks', 3, 40);
    const [album] = await ids('albums', 1);
    for (const [index, id] of tracks.entries()) {
      await fixture.db.query(
        'INSERT INTO plays (user_id, track_id, context_uri, played_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4::int))',
        [listener.id, id, index === 2 ? null : `spotify:album:${album}`, index],
      );
    }
    const result = await listener.query(`{ me { recentlyPlayed(first: 5) {
      totalCount pageInfo { hasNextPage }
      edges { playedAt node { id } context { __typename ... on Album { id } } } } } }`);
    expect(result.errors).toEqual([]);
    // The play names its context: nothing to fetch while only its identity is selected.
    expect(answered(result)).toEqual(['GET /v1/me/player/recently-played']);
    const connection = field<{
      totalCount: number;
      pageInfo: { hasNextPage: boolean };
      edges: { playedAt: string; node: { id: string }; context: { __typename: string; id: string } | null }[];
    }>(result, 'me', 'recentlyPlayed');
    expect(connection.totalCount).toBe(3);
    expect(connection.pageInfo.hasNextPage).toBe(false);
    expect(connection.edges.map((edge) => edge.node.id)).toEqual(tracks);
    expect(connection.edges.map((edge) => edge.context)).toEqual([
      { __typename: 'Album', id: album },
      { __typename: 'Album', id: album },
      null,
    ]);

    // A field the play does not describe fetches the context, once for both plays.
    const named = await listener.query(
      '{ me { recentlyPlayed(first: 5) { edges { context { ... on Album { name } } } } } }',
    );
    expect(named.errors).toEqual([]);
    expect(answered(named)).toEqual([
      'GET /v1/me/player/recently-played',
      development ? `GET /v1/albums/${album}` : 'GET /v1/albums',
    ]);
  });

  it("answers one's own profile everywhere, and other users' only on the full profile", async () => {
    const listener = await fixture.listener();
    const other = await fixture.listener();
    const own = await listener.query('query($id: ID!) { user(id: $id) { id displayName images { url } } }', {
      id: listener.id,
    });
    expect(own.errors).toEqual([]);
    expect(calls(own)).toEqual(
      development ? [`GET /v1/users/${listener.id}`, 'GET /v1/me'] : [`GET /v1/users/${listener.id}`],
    );
    expect(field<{ id: string }>(own, 'user').id).toBe(listener.id);

    const theirs = await listener.query(
      'query($id: ID!) { user(id: $id) { id displayName followersCount playlists { totalCount } } }',
      { id: other.id },
    );
    if (development) {
      expect(codes(theirs)).toEqual(['FEATURE_UNAVAILABLE']);
      expect(theirs.errors[0]?.path).toEqual(['user']);
      expect(theirs.data).toEqual({ user: null });
    } else {
      expect(theirs.errors).toEqual([]);
      expect(calls(theirs)).toEqual([`GET /v1/users/${other.id}`, `GET /v1/users/${other.id}/playlists`]);
      expect(field<unknown>(theirs, 'user')).toMatchObject({ id: other.id, playlists: { totalCount: 0 } });
    }
  });

  it("pages one's playlists, owned and followed", async () => {
    const listener = await fixture.listener();
    const created = await listener.query('mutation { createPlaylist(input: { name: "Mine" }) { playlist { id } } }');
    expect(created.errors).toEqual([]);
    // Someone else's playlist: the one just created may come first by id, and following one's own adds nothing.
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
    const result = await listener.query(
      '{ me { playlists(first: 10) { totalCount nodes { id name owner { id } } pageInfo { hasNextPage } } } }',
    );
    expect(result.errors).toEqual([]);
    expect(calls(result)).toEqual(['GET /v1/me/playlists']);
    const page = field<{ totalCount: number; nodes: { id: string; owner: { id: string } }[] }>(
      result,
      'me',
      'playlists',
    );
    expect(page.totalCount).toBe(2);
    expect(page.nodes.map((node) => node.id).sort()).toEqual(
      [field<string>(created, 'createPlaylist', 'playlist', 'id'), editorial].sort(),
    );
  });
});
