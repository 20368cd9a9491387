import { expect, it } from 'vitest';
import { describeGraphql, type Listener } from '../../__fixtures__/graphql';
import { answered, calls, codes, field, idsOf } from '../catalog/test-support';

/**
 * Development mode has no browse and no recommendations: the first refusal teaches the api, which
 * then answers FEATURE_UNAVAILABLE without asking. A third-party client's token teaches it for
 * that token alone, so the first two tests share one listener. The tests run in order and rely on it.
 */
describeGraphql('browse', (fixture) => {
  const development = fixture.profile === 'development';
  let browsing: Promise<Listener> | undefined;
  const browser = (): Promise<Listener> => (browsing ??= fixture.listener());

  it('lists new releases, newest first', async () => {
    const listener = await browser();
    const result = await listener.query(
      '{ newReleases(first: 3) { totalCount pageInfo { hasNextPage } nodes { id name albumType releaseDate artists { name } } } }',
    );
    // The list is the market's, which the listener's profile tells (then kept for their session).
    expect(calls(result)).toEqual(['GET /v1/me', 'GET /v1/browse/new-releases']);
    if (development) {
      expect(result.data).toEqual({ newReleases: null });
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE']);
      return;
    }
    expect(result.errors).toEqual([]);
    const releases = field<{ totalCount: number; nodes: { releaseDate: string }[] }>(result, 'newReleases');
    expect(releases.nodes).toHaveLength(3);
    const dates = releases.nodes.map((album) => album.releaseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('lists featured playlists with their message, categories with their playlists, and one category', async () => {
    const listener = await browser();
    const result = await listener.query(`{
      featuredPlaylists(first: 2) { message playlists { totalCount nodes { id name } } }
      categories(first: 2) { totalCount pageInfo { hasNextPage } nodes { id name icons { url } playlists(first: 2) { totalCount nodes { id name } } } }
      pop: category(id: "pop") { id name }
    }`);
    if (development) {
      expect(result.data).toEqual({ featuredPlaylists: null, categories: null, pop: null });
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE', 'FEATURE_UNAVAILABLE']);
      // Learnt from the new releases: nothing is asked.
      expect(calls(result)).toEqual([]);
      return;
    }
    expect(result.errors).toEqual([]);
    expect(field(result, 'featuredPlaylists', 'message')).toEqual(expect.any(String));
    expect(field<unknown[]>(result, 'featuredPlaylists', 'playlists', 'nodes')).toHaveLength(2);
    const categories = field<{ id: string; icons: unknown[]; playlists: { nodes: unknown[] } }[]>(
      result,
      'categories',
      'nodes',
    );
    expect(categories).toHaveLength(2);
    expect(categories[0]?.icons.length).toBeGreaterThan(0);
    expect(field(result, 'pop')).toEqual({ id: 'pop', name: expect.any(String) as unknown });
    expect(calls(result).sort()).toEqual(
      [
        'GET /v1/browse/featured-playlists',
        'GET /v1/browse/categories',
        'GET /v1/browse/categories/pop',
        ...categories.map((category) => `GET /v1/browse/categories/${category.id}/playlists`),
      ].sort(),
    );

    const unknown = await listener.query('{ category(id: "no-such-category") { id } }');
    expect(unknown.data).toEqual({ category: null });
    expect(codes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('shares the browse lists between the listeners of a market, never what is their own', async () => {
    if (development) return;
    const query = `{
      me { country }
      newReleases(first: 3) { nodes { id } }
      categories(first: 2) { nodes { id playlists(first: 2) { nodes { id } } } }
    }`;
    const first = await (await browser()).query(query);
    const other = await fixture.listener();
    const second = await other.query(query);
    expect(second.errors).toEqual([]);
    expect(field(second, 'me', 'country')).toBe(field(first, 'me', 'country'));
    expect(second.data).toEqual(first.data);
    // The other listener's own profile is read for them; the market's lists are not asked again.
    expect(calls(second)).toEqual(['GET /v1/me']);
  });

  it('refuses recommendations input outside its bounds before calling the upstream', async () => {
    const listener = await fixture.listener();
    const inputs = [
      {},
      { seedGenres: ['rock', 'pop', 'jazz', 'soul', 'funk', 'metal'] },
      { seedGenres: ['rock'], limit: 0 },
      { seedGenres: ['rock'], limit: 101 },
      { seedGenres: ['rock'], energy: { min: 1.5 } },
      { seedGenres: ['rock'], tempo: { min: 150, max: 100 } },
      { seedGenres: ['rock'], key: { target: 12 } },
    ];
    for (const input of inputs) {
      const result = await listener.query(
        'query($input: RecommendationsInput!) { recommendations(input: $input) { tracks { id } } }',
        { input },
      );
      expect(codes(result)).toEqual(['BAD_USER_INPUT']);
      expect(calls(result)).toEqual([]);
    }
  });

  it('recommends tracks from seeds, with the tuning; FEATURE_UNAVAILABLE in development mode', async () => {
    const listener = await fixture.listener();
    const [artistId] = await idsOf(fixture, 'artists', 1, 3);
    const result = await listener.query(
      `query($input: RecommendationsInput!) { recommendations(input: $input) {
        seeds { type artist { id name } track { id } genre initialPoolSize afterFilteringSize }
        tracks { id name durationMs album { name } artists { name } }
      } }`,
      { input: { seedArtists: [artistId], limit: 5, durationMs: { min: 1000 }, energy: { target: 0.5 } } },
    );
    if (development) {
      expect(result.data).toEqual({ recommendations: null });
      expect(codes(result)).toEqual(['FEATURE_UNAVAILABLE']);
      expect(calls(result)).toEqual(['GET /v1/recommendations']);
      const seeds = await listener.query('{ genreSeeds }');
      expect(codes(seeds)).toEqual(['FEATURE_UNAVAILABLE']);
      expect(calls(seeds)).toEqual([]);
      return;
    }
    expect(result.errors).toEqual([]);
    expect(field(result, 'recommendations', 'seeds')).toEqual([
      {
        type: 'ARTIST',
        artist: { id: artistId, name: expect.any(String) as unknown },
        track: null,
        genre: null,
        initialPoolSize: expect.any(Number) as unknown,
        afterFilteringSize: expect.any(Number) as unknown,
      },
    ]);
    const tracks = field<{ durationMs: number }[]>(result, 'recommendations', 'tracks');
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.length).toBeLessThanOrEqual(5);
    // The tracks come full; the seed artist is fetched once.
    expect(calls(result)).toEqual(['GET /v1/recommendations', 'GET /v1/artists']);
    expect(answered(result)).toHaveLength(2);

    const seeds = await listener.query('{ genreSeeds }');
    expect(field<string[]>(seeds, 'genreSeeds')).toContain('rock');
    expect(calls(seeds)).toEqual(['GET /v1/recommendations/available-genre-seeds']);
  });
});
