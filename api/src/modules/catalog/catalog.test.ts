import { expect, it } from 'vitest';
import { describeGraphql } from '../../__fixtures__/graphql';
import { answered, anonymous, calls, codes, cursorAt, field, idsOf, refused, tracksOf } from './test-support';

/**
 * Catalog entities are cached across requests, so each test below reads entities no earlier
 * test read, and the order of the tests matters: albums 0-20 (by id) belong to the `albums`
 * test, 21-23 to the album tests, and the artists are loaded once, by the `artists` test.
 */
describeGraphql('catalog', (fixture) => {
  const development = fixture.profile === 'development';

  it('tells what the upstream can do, asking it once', async () => {
    const listener = await fixture.listener();
    const document =
      '{ upstream { provider features { multiGet recommendations audioFeatures browse relatedArtists artistTopTracks otherUsers extendedMetadata } } }';
    const first = await listener.query(document);
    expect(first.errors).toEqual([]);
    expect(calls(first)).toEqual(['GET /v1/recommendations/available-genre-seeds']);
    const expected = !development;
    expect(field(first, 'upstream', 'features')).toEqual({
      multiGet: expected,
      recommendations: expected,
      audioFeatures: expected,
      browse: expected,
      relatedArtists: expected,
      artistTopTracks: expected,
      otherUsers: expected,
      extendedMetadata: expected,
    });
    const again = await listener.query(document);
    expect(calls(again)).toEqual([]);
    expect(again.data).toEqual(first.data);
  });

  it('refuses anonymous requests with UNAUTHENTICATED', async () => {
    const [id] = await idsOf(fixture, 'tracks', 1);
    const body = await anonymous(fixture, `{ track(id: "${String(id)}") { name } }`);
    expect(body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) as unknown }),
    ]);
  });

  it('reads albums by ids in batches of 20, in the order asked, with NOT_FOUND for unknown ids', async () => {
    const listener = await fixture.listener();
    const ids = await idsOf(fixture, 'albums', 21);
    const asked = [...ids, '0000000000000000000000', ids[0] ?? ''];
    const result = await listener.query('query($ids: [ID!]!) { albums(ids: $ids) { id name } }', { ids: asked });
    const albums = field<({ id: string } | null)[]>(result, 'albums');
    expect(albums.map((album) => album?.id ?? null)).toEqual([...ids, null, ids[0]]);
    expect(codes(result)).toEqual(['NOT_FOUND']);
    expect(result.errors[0]?.path).toEqual(['albums', 21]);
    if (development) {
      // No multi-get: one GET per distinct id, the unknown one included.
      expect(answered(result)).toHaveLength(22);
      expect(answered(result)).toContain(`GET /v1/albums/${String(ids[0])}`);
    } else {
      expect(calls(result)).toEqual(['GET /v1/albums', 'GET /v1/albums']);
    }
  });

  it('reads all artists in one batch; their full fields need no further call', async () => {
    const listener = await fixture.listener();
    const ids = await idsOf(fixture, 'artists', 8);
    const result = await listener.query(
      'query($ids: [ID!]!) { artists(ids: $ids) { id uri name images { url } genres popularity followersCount } }',
      { ids },
    );
    expect(result.errors).toEqual([]);
    const artists = field<Record<string, unknown>[]>(result, 'artists');
    expect(artists.map((artist) => artist.id)).toEqual(ids);
    expect(artists[0]).toMatchObject({ uri: `spotify:artist:${String(ids[0])}`, images: expect.any(Array) as unknown });
    if (development) {
      expect(artists[0]).toMatchObject({ genres: null, popularity: null, followersCount: null });
      expect(answered(result)).toEqual(ids.map((id) => `GET /v1/artists/${id}`));
    } else {
      expect(typeof artists[0]?.popularity).toBe('number');
      expect(typeof artists[0]?.followersCount).toBe('number');
      expect(Array.isArray(artists[0]?.genres)).toBe(true);
      expect(calls(result)).toEqual(['GET /v1/artists']);
    }
  });

  it('reads a track, its album (full for the label, when the upstream gives labels) and its artists (cached)', async () => {
    const listener = await fixture.listener();
    const [albumId] = await idsOf(fixture, 'albums', 1, 21);
    const [track] = await tracksOf(fixture, String(albumId));
    const result = await listener.query(
      `query($id: ID!) { track(id: $id) {
        id uri name durationMs explicit discNumber trackNumber popularity previewUrl isPlayable
        album { id name albumType releaseDate releaseDatePrecision totalTracks images { url } label popularity genres artists { name } }
        artists { id name genres }
      } }`,
      { id: track?.id },
    );
    expect(result.errors).toEqual([]);
    expect(field(result, 'track')).toMatchObject({
      id: track?.id,
      uri: `spotify:track:${String(track?.id)}`,
      name: track?.name,
      discNumber: 1,
      trackNumber: 1,
      album: { id: albumId, albumType: expect.stringMatching(/^(ALBUM|SINGLE|COMPILATION)$/) as unknown },
    });
    if (development) {
      expect(field(result, 'track')).toMatchObject({
        popularity: null,
        previewUrl: null,
        album: { label: null, popularity: null },
      });
      // The artists test taught that this upstream gives no label, popularity or genres: the
      // simplified album answers the rest, so the full album is not fetched for nothing.
      expect(answered(result)).toEqual([`GET /v1/tracks/${String(track?.id)}`]);
    } else {
      expect(typeof field(result, 'track', 'popularity')).toBe('number');
      expect(typeof field(result, 'track', 'album', 'label')).toBe('string');
      expect(calls(result)).toEqual(['GET /v1/tracks', 'GET /v1/albums']);
    }
  });

  it('reads what a simplified album already holds without fetching it', async () => {
    const listener = await fixture.listener();
    const [albumId] = await idsOf(fixture, 'albums', 1, 22);
    const tracks = await tracksOf(fixture, String(albumId));
    const result = await listener.query(
      'query($id: ID!) { track(id: $id) { name album { id name totalTracks artists { id name } } artists { name } } }',
      { id: tracks[1]?.id },
    );
    expect(result.errors).toEqual([]);
    expect(field(result, 'track', 'album', 'totalTracks')).toBe(tracks.length);
    expect(answered(result)).toEqual([development ? `GET /v1/tracks/${String(tracks[1]?.id)}` : 'GET /v1/tracks']);
  });

  it("pages an album's tracks out of its embedded first page", async () => {
    const listener = await fixture.listener();
    const [albumId] = await idsOf(fixture, 'albums', 1, 22);
    const tracks = await tracksOf(fixture, String(albumId));
    const result = await listener.query(
      `query($id: ID!, $after: String) { album(id: $id) {
        first: tracks(first: 2) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id album { id name } } }
        rest: tracks(first: 50, after: $after) { pageInfo { hasNextPage } edges { cursor node { name } } }
      } }`,
      { id: albumId, after: cursorAt(1) },
    );
    expect(result.errors).toEqual([]);
    expect(field(result, 'album', 'first')).toMatchObject({
      totalCount: tracks.length,
      pageInfo: { hasNextPage: true, hasPreviousPage: false, endCursor: cursorAt(1) },
      nodes: tracks.slice(0, 2).map((track) => ({ id: track.id, album: { id: albumId } })),
    });
    const rest = field<{ node: { name: string } }[]>(result, 'album', 'rest', 'edges');
    expect(rest.map((edge) => edge.node.name)).toEqual(tracks.slice(2).map((track) => track.name));
    expect(field(result, 'album', 'rest', 'pageInfo', 'hasNextPage')).toBe(false);
    expect(answered(result)).toEqual([development ? `GET /v1/albums/${String(albumId)}` : 'GET /v1/albums']);
  });

  it("asks for an album's tracks past its embedded page, and checks page bounds", async () => {
    const listener = await fixture.listener();
    const [albumId] = await idsOf(fixture, 'albums', 1, 23);
    const tracks = await tracksOf(fixture, String(albumId));
    const result = await listener.query(
      'query($id: ID!, $after: String) { track(id: $id) { album { tracks(first: 50, after: $after) { totalCount nodes { id } } } } }',
      { id: tracks[0]?.id, after: cursorAt(0) },
    );
    expect(result.errors).toEqual([]);
    expect(field(result, 'track', 'album', 'tracks', 'nodes')).toEqual(
      tracks.slice(1).map((track) => ({ id: track.id })),
    );
    expect(answered(result)).toEqual([
      development ? `GET /v1/tracks/${String(tracks[0]?.id)}` : 'GET /v1/tracks',
      `GET /v1/albums/${String(albumId)}/tracks`,
    ]);

    const tooMany = await listener.query('query($id: ID!) { album(id: $id) { tracks(first: 51) { totalCount } } }', {
      id: albumId,
    });
    expect(codes(tooMany)).toEqual(['BAD_USER_INPUT']);
    const badCursor = await listener.query(
      'query($id: ID!) { album(id: $id) { tracks(after: "nope") { totalCount } } }',
      { id: albumId },
    );
    expect(codes(badCursor)).toEqual(['BAD_USER_INPUT']);
  });

  it('reads tracks by ids in batches of 50, each id once, NOT_FOUND in its place only', async () => {
    const listener = await fixture.listener();
    const ids = await idsOf(fixture, 'tracks', 60, 100);
    const asked = [...ids, ids[0] ?? '', '0000000000000000000000'];
    const result = await listener.query('query($ids: [ID!]!) { tracks(ids: $ids) { id name } }', { ids: asked });
    const tracks = field<({ id: string } | null)[]>(result, 'tracks');
    expect(tracks.map((track) => track?.id ?? null)).toEqual([...ids, ids[0], null]);
    expect(codes(result)).toEqual(['NOT_FOUND']);
    expect(result.errors[0]?.path).toEqual(['tracks', 61]);
    if (development) {
      expect(answered(result)).toHaveLength(61);
    } else {
      expect(calls(result)).toEqual(['GET /v1/tracks', 'GET /v1/tracks']);
    }
  });

  it('refuses more than 100 ids, or none, without calling the upstream', async () => {
    const listener = await fixture.listener();
    const ids = Array.from({ length: 101 }, (_, index) => `id${String(index)}`);
    for (const name of ['tracks', 'albums', 'artists']) {
      const tooMany = await listener.query(`query($ids: [ID!]!) { ${name}(ids: $ids) { id } }`, { ids });
      expect(codes(tooMany)).toEqual(['BAD_USER_INPUT']);
      expect(calls(tooMany)).toEqual([]);
      const none = await listener.query(`query($ids: [ID!]!) { ${name}(ids: $ids) { id } }`, { ids: [] });
      expect(codes(none)).toEqual(['BAD_USER_INPUT']);
      expect(calls(none)).toEqual([]);
    }
  });

  it('answers NOT_FOUND for an unknown track, album or artist', async () => {
    const listener = await fixture.listener();
    const result = await listener.query(
      '{ track(id: "0000000000000000000000") { id } album(id: "0000000000000000000000") { id } artist(id: "0000000000000000000000") { id } }',
    );
    expect(result.data).toEqual({ track: null, album: null, artist: null });
    expect(codes(result)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
  });

  it('refuses malformed ids in their place only, without sending them upstream', async () => {
    const listener = await fixture.listener();
    const ids = await idsOf(fixture, 'tracks', 2, 250);
    const result = await listener.query(
      'query($ids: [ID!]!) { track(id: "no such id") { id } tracks(ids: $ids) { id } }',
      { ids: [ids[0], 'spotify:track:x', ids[1]] },
    );
    expect(result.data).toEqual({ track: null, tracks: [{ id: ids[0] }, null, { id: ids[1] }] });
    expect(codes(result)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(result.errors.map((error) => error.path)).toEqual([['track'], ['tracks', 1]]);
    expect(answered(result)).toEqual(development ? ids.map((id) => `GET /v1/tracks/${id}`) : ['GET /v1/tracks']);
  });

  it("reads an artist's albums, top tracks and related artists; development mode has only the albums", async () => {
    const listener = await fixture.listener();
    const [artistId] = await idsOf(fixture, 'artists', 1);
    const result = await listener.query(
      `query($id: ID!) { artist(id: $id) {
        name
        albums(first: 2) { totalCount pageInfo { hasNextPage } nodes { id name albumGroup artists { name } } }
        singles: albums(groups: [SINGLE], first: 10) { nodes { albumType albumGroup } }
        topTracks { id name popularity album { name } }
        relatedArtists { id name genres }
      } }`,
      { id: artistId },
    );
    const albums = field<{ totalCount: number; nodes: { albumGroup: string | null }[] }>(result, 'artist', 'albums');
    expect(albums.nodes).toHaveLength(2);
    expect(albums.totalCount).toBeGreaterThanOrEqual(2);
    const albumsPath = `GET /v1/artists/${String(artistId)}/albums`;
    const topPath = `GET /v1/artists/${String(artistId)}/top-tracks`;
    const relatedPath = `GET /v1/artists/${String(artistId)}/related-artists`;
    if (development) {
      expect(albums.nodes[0]?.albumGroup).toBeNull();
      expect(field(result, 'artist', 'topTracks')).toBeNull();
      expect(field(result, 'artist', 'relatedArtists')).toBeNull();
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      expect(result.errors.map((error) => error.path)).toEqual([
        ['artist', 'topTracks'],
        ['artist', 'relatedArtists'],
      ]);
      expect(answered(result)).toEqual([albumsPath, albumsPath]);
      expect(refused(result).sort()).toEqual([relatedPath, topPath].sort());

      // Learnt: the next request does not ask again.
      const again = await listener.query(
        'query($id: ID!) { artist(id: $id) { topTracks { id } relatedArtists { id } } }',
        {
          id: artistId,
        },
      );
      expect(codes(again)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      expect(calls(again)).toEqual([]);
    } else {
      expect(result.errors).toEqual([]);
      expect(albums.nodes[0]?.albumGroup).toMatch(/^(ALBUM|SINGLE|COMPILATION|APPEARS_ON)$/);
      const singles = field<{ albumGroup: string }[]>(result, 'artist', 'singles', 'nodes');
      for (const single of singles) expect(single.albumGroup).toBe('SINGLE');
      const top = field<{ popularity: number }[]>(result, 'artist', 'topTracks');
      expect(top.length).toBeGreaterThan(0);
      expect(typeof top[0]?.popularity).toBe('number');
      // The artist was cached by the artists test; top tracks and related artists come full.
      expect(calls(result).sort()).toEqual([albumsPath, albumsPath, relatedPath, topPath].sort());
    }
    const tooMany = await listener.query('query($id: ID!) { artist(id: $id) { albums(first: 11) { totalCount } } }', {
      id: artistId,
    });
    expect(codes(tooMany)).toEqual(['BAD_USER_INPUT']);
    expect(calls(tooMany)).toEqual([]);
  });

  it("reads a track's audio features; FEATURE_UNAVAILABLE in development mode, asked once", async () => {
    const listener = await fixture.listener();
    const ids = await idsOf(fixture, 'tracks', 2, 200);
    const document = `query($ids: [ID!]!) { tracks(ids: $ids) { id audioFeatures {
      acousticness danceability durationMs energy instrumentalness key liveness loudness mode
      speechiness tempo timeSignature valence
    } } }`;
    const result = await listener.query(document, { ids });
    if (development) {
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      expect(field(result, 'tracks', 0, 'audioFeatures')).toBeNull();
      const again = await listener.query(document, { ids });
      expect(codes(again)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      // The tracks are cached; the audio features are known to be missing: nothing to ask.
      expect(calls(again)).toEqual([]);
    } else {
      expect(result.errors).toEqual([]);
      const features = field<Record<string, unknown>>(result, 'tracks', 0, 'audioFeatures');
      expect(features.mode).toMatch(/^(MAJOR|MINOR)$/);
      expect(features.key === null || (typeof features.key === 'number' && features.key >= 0)).toBe(true);
      expect(typeof features.tempo).toBe('number');
      expect(calls(result)).toEqual(['GET /v1/tracks', 'GET /v1/audio-features']);
    }
  });
  it("reads an album's copyright notices, from the album read before in full", async () => {
    const listener = await fixture.listener();
    const [id] = await idsOf(fixture, 'albums', 1);
    const { rows } = await fixture.db.query<{ copyrights: { text: string; type: string }[] }>(
      'SELECT copyrights FROM albums WHERE id = $1',
      [id],
    );
    const result = await listener.query('query($id: ID!) { album(id: $id) { copyrights { text type } } }', { id });
    expect(result.errors).toEqual([]);
    const expected = (rows[0]?.copyrights ?? []).map(({ text, type }) => ({
      text,
      type: type === 'C' ? 'COPYRIGHT' : 'PERFORMANCE',
    }));
    expect(expected.length).toBeGreaterThan(0);
    expect(field(result, 'album', 'copyrights')).toEqual(expected);
    // The albums test above read it in full: the catalog cache answers.
    expect(calls(result)).toEqual([]);
  });
});
