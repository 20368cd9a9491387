import { beforeAll, expect, it } from 'vitest';
import { createUser, issueTokens } from '../accounts/service';
import { describeService } from '../v1/__fixtures__/service';
import type { CallResult } from '../v1/__fixtures__/listener';
import { assertShape, flatten, responseSchema, validate } from '../v1/contract/shapes';
import type { OffsetPage } from '../http/paging';
import type { Profile } from '../http/profile';

// A type, not an interface: query rows must be indexable records.
type Named = { id: string; name: string };

type Page<T = Named> = OffsetPage<T>;

const scopes = ['playlist-read-private', 'playlist-modify-public', 'playlist-modify-private'];

/**
 * Checks a search answer: Spotify answers only the requested types' pages, so each page present
 * must be complete and in shape, and no other key may be there.
 */
function assertSearchShape(path: string, status: number, body: unknown, profile: Profile): void {
  if (status !== 200) {
    assertShape('GET', `/v1${path}`, status, body, { profile });
    return;
  }
  const properties = flatten(responseSchema('GET', '/v1/search', 200) ?? {}).properties ?? {};
  const errors = Object.entries(body as Record<string, unknown>).flatMap(([key, page]) => {
    const schema = properties[key];
    return schema ? validate(page, schema, { profile }, `$.${key}`) : [`$.${key}: is not a search page`];
  });
  if (errors.length > 0) throw new Error(`GET ${path} breaks the music v1 contract:\n  ${errors.join('\n  ')}`);
}

let searchers = 0;

const path = (params: Record<string, string>): string => `/search?${new URLSearchParams(params).toString()}`;

/** Swaps two neighbouring letters in the middle of `word`: a typo. */
const typo = (word: string): string => {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at - 1)}${word[at] ?? ''}${word[at - 1] ?? ''}${word.slice(at + 1)}`;
};

await describeService('search', (service) => {
  let artists: (Named & { genres: string[]; popularity: number })[];
  let albums: (Named & { release_date: string; popularity: number })[];
  let tracks: (Named & { popularity: number })[];
  let shows: Named[];
  let episodes: Named[];

  beforeAll(async () => {
    artists = (
      await service.db.query<Named & { genres: string[]; popularity: number }>(
        'SELECT id, name, genres, popularity FROM artists ORDER BY popularity DESC, id',
      )
    ).rows;
    albums = (
      await service.db.query<Named & { release_date: string; popularity: number }>(
        'SELECT id, name, release_date, popularity FROM albums ORDER BY id',
      )
    ).rows;
    tracks = (
      await service.db.query<Named & { popularity: number }>('SELECT id, name, popularity FROM tracks ORDER BY id')
    ).rows;
    shows = (await service.db.query<Named>('SELECT id, name FROM shows ORDER BY id')).rows;
    episodes = (await service.db.query<Named>('SELECT id, name FROM episodes ORDER BY id')).rows;
  });

  const listener = () => service.listener(scopes);

  /** A listener that searches, each answer checked against the search shapes. */
  async function searcher(
    profile: Profile = 'full',
  ): Promise<{ call: (method: 'GET', path: string) => Promise<CallResult> }> {
    searchers += 1;
    const id = `searcher${searchers}`;
    await createUser(service.db, { id, displayName: `Searcher ${searchers}`, product: 'free' });
    const { access_token: token } = await issueTokens(service.db, {
      userId: id,
      clientId: 'graphonic',
      scopes: [],
      ttlSeconds: 3600,
      withRefreshToken: false,
    });
    const base = profile === 'full' ? service.url : service.developmentUrl;
    return {
      async call(method, path) {
        const response = await fetch(`${base}/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as Record<string, unknown>;
        assertSearchShape(path, response.status, body, profile);
        return { status: response.status, body };
      },
    };
  }
  const first = <T>(list: T[]): T => {
    const value = list[0];
    if (value === undefined) throw new Error('The seeded catalog is empty.');
    return value;
  };

  it('finds an artist by name, the exact name first, with full artist objects', async () => {
    const { call } = await searcher();
    const artist = first(artists);
    const { status, body } = await call('GET', path({ q: artist.name, type: 'artist' }));
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['artists']);
    const page = body.artists as Page<Named & { popularity: number; genres: string[] }>;
    expect(page.items[0]).toMatchObject({ id: artist.id, name: artist.name, type: 'artist' });
    expect(page.items[0]?.genres).toEqual(artist.genres);
    expect(page).toMatchObject({ limit: 20, offset: 0, previous: null });
  });

  it('forgives typos, case and accents', async () => {
    const { call } = await searcher();
    const track = tracks.find((candidate) => candidate.name.split(' ').some((word) => /^[A-Za-z]{7,}$/.test(word)));
    if (!track) throw new Error('No track has a long word.');
    const long = track.name.split(' ').find((word) => /^[A-Za-z]{7,}$/.test(word)) ?? '';
    const misspelt = typo(long.toLowerCase());
    expect(misspelt).not.toBe(long.toLowerCase());
    const found = (await call('GET', path({ q: misspelt, type: 'track', limit: '50' }))).body.tracks as Page;
    expect(found.total).toBeGreaterThan(0);
    // The word as meant comes before words further from what was typed.
    expect(found.items[0]?.name.toLowerCase()).toContain(long.toLowerCase());
    expect(found.items.map((item) => item.id)).toContain(track.id);

    const artist = first(artists);
    const shouted = artist.name.toUpperCase().replace(/E/g, 'É').replace(/A/g, 'À');
    const accented = (await call('GET', path({ q: shouted, type: 'artist' }))).body.artists as Page;
    expect(accented.items[0]?.id).toBe(artist.id);
  });

  it('ranks exact names, then names that begin with the query, then word matches, ties by popularity', async () => {
    const { call } = await searcher();
    // A one-word name that other tracks carry as one of several words.
    const counts = new Map<string, number>();
    for (const track of tracks) {
      for (const word of track.name.toLowerCase().split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const single = tracks.find(
      (track) => !track.name.includes(' ') && (counts.get(track.name.toLowerCase()) ?? 0) > 2 && track.name.length > 3,
    );
    if (!single) throw new Error('No one-word track name is shared.');
    const word = single.name.toLowerCase();
    const page = (await call('GET', path({ q: word, type: 'track', limit: '50' }))).body.tracks as Page<
      Named & { popularity: number }
    >;
    const rank = (name: string): number => {
      const lower = name.toLowerCase();
      if (lower === word) return 0;
      if (lower.startsWith(word)) return 1;
      return 2;
    };
    const ranks = page.items.map((item) => rank(item.name));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const exact = page.items.filter((item) => rank(item.name) === 0).map((item) => item.popularity);
    expect(exact).toEqual([...exact].sort((a, b) => b - a));
    expect(ranks).toContain(0);
  });

  it('matches the beginning of the last word, and all words (AND) across track, artist and album names', async () => {
    const { call } = await searcher();
    const track = tracks.find((candidate) => candidate.name.length > 6) ?? first(tracks);
    const partial = track.name.slice(0, track.name.length - 2);
    const page = (await call('GET', path({ q: partial, type: 'track', limit: '50' }))).body.tracks as Page;
    expect(page.items.map((item) => item.id)).toContain(track.id);

    const { rows } = await service.db.query<{ track: string; artist: string }>(
      `SELECT t.name AS track, ar.name AS artist FROM tracks t
       JOIN track_artists ta ON ta.track_id = t.id AND ta.position = 0 JOIN artists ar ON ar.id = ta.artist_id
       ORDER BY t.id LIMIT 1`,
    );
    const pair = first(rows);
    const both = (await call('GET', path({ q: `${pair.artist} ${pair.track}`, type: 'track', limit: '50' }))).body
      .tracks as Page<Named & { artists: Named[] }>;
    expect(both.total).toBeGreaterThan(0);
    expect(both.items[0]?.artists.map((artist) => artist.name)).toContain(pair.artist);
    const nothing = (await call('GET', path({ q: `${pair.track} zzzzqqqxx`, type: 'track' }))).body.tracks as Page;
    expect(nothing).toMatchObject({ total: 0, items: [], next: null });
  });

  it('answers one- and two-letter queries, the names that begin with them first', async () => {
    const { call } = await searcher();
    const name = first(tracks).name.toLowerCase();
    for (const q of [name.slice(0, 1), name.slice(0, 2)]) {
      const page = (await call('GET', path({ q, type: 'track', limit: '50' }))).body.tracks as Page;
      expect(page.total, q).toBeGreaterThan(0);
      const begins = page.items.map((item) => item.name.toLowerCase().startsWith(q));
      expect(begins[0], q).toBe(true);
      // None that begins with the query after one that does not.
      expect(begins.slice(begins.indexOf(false) === -1 ? begins.length : begins.indexOf(false)), q).not.toContain(true);
    }
  });

  it('filters by artist, album, track, year and genre', async () => {
    const { call } = await searcher();
    const artist = first(artists);
    const byArtist = (await call('GET', path({ q: `artist:"${artist.name}"`, type: 'track,album', limit: '50' }))).body;
    const artistTracks = byArtist.tracks as Page<Named & { artists: Named[] }>;
    const { rows: counted } = await service.db.query<{ n: number }>(
      'SELECT count(DISTINCT track_id) AS n FROM track_artists WHERE artist_id = $1',
      [artist.id],
    );
    expect(artistTracks.total).toBeGreaterThanOrEqual(first(counted).n);
    expect(artistTracks.items.every((item) => item.artists.some((credit) => credit.name === artist.name))).toBe(true);
    const artistAlbums = byArtist.albums as Page<Named & { artists: Named[] }>;
    expect(artistAlbums.items.length).toBeGreaterThan(0);
    expect(artistAlbums.items.every((item) => item.artists.some((credit) => credit.name === artist.name))).toBe(true);

    const album = first(albums);
    const inAlbum = (await call('GET', path({ q: `album:"${album.name}"`, type: 'track', limit: '50' }))).body
      .tracks as Page<Named & { album: Named }>;
    expect(inAlbum.items.map((item) => item.album.id)).toContain(album.id);
    expect(inAlbum.items.every((item) => item.album.name.toLowerCase().includes(album.name.toLowerCase()))).toBe(true);

    const track = first(tracks);
    const named = (await call('GET', path({ q: `track:"${track.name}"`, type: 'track', limit: '50' }))).body
      .tracks as Page;
    expect(named.items.map((item) => item.id)).toContain(track.id);

    const year = album.release_date.slice(0, 4);
    const ofYear = (await call('GET', path({ q: `year:${year}`, type: 'album', limit: '50' }))).body.albums as Page<
      Named & { release_date: string }
    >;
    expect(ofYear.total).toBe(albums.filter((candidate) => candidate.release_date.startsWith(year)).length);
    expect(ofYear.items.every((item) => item.release_date.startsWith(year))).toBe(true);
    const range = (await call('GET', path({ q: 'year:1990-2010', type: 'album', limit: '50' }))).body.albums as Page;
    const inRange = albums.filter((candidate) => {
      const value = Number(candidate.release_date.slice(0, 4));
      return value >= 1990 && value <= 2010;
    });
    expect(range.total).toBe(inRange.length);

    const genre = first(artist.genres);
    const ofGenre = (await call('GET', path({ q: `genre:"${genre}"`, type: 'artist', limit: '50' }))).body
      .artists as Page<Named & { genres: string[] }>;
    expect(ofGenre.total).toBe(artists.filter((candidate) => candidate.genres.includes(genre)).length);
    expect(ofGenre.items.every((item) => item.genres.includes(genre))).toBe(true);
    // Filters a type does not have leave it empty.
    const noShows = (await call('GET', path({ q: `genre:"${genre}"`, type: 'show' }))).body.shows as Page;
    expect(noShows.total).toBe(0);
  });

  it('tags the newest albums and the least popular tenth', async () => {
    const { call } = await searcher();
    const newest = (await call('GET', path({ q: 'tag:new', type: 'album', limit: '50' }))).body.albums as Page<
      Named & { release_date: string }
    >;
    const latest =
      albums
        .map((album) => album.release_date)
        .sort()
        .at(-1) ?? '';
    expect(newest.items.map((item) => item.release_date)).toContain(latest);
    const hipster = (await call('GET', path({ q: 'tag:hipster', type: 'album', limit: '50' }))).body.albums as Page;
    expect(hipster.total).toBe(Math.ceil(albums.length / 10));
    const lowest = Math.min(...albums.map((album) => album.popularity));
    const lowestIds = albums.filter((album) => album.popularity === lowest).map((album) => album.id);
    expect(hipster.items.some((item) => lowestIds.includes(item.id))).toBe(true);
  });

  it('pages with next and previous links that keep the query and name one type', async () => {
    const { call } = await searcher();
    const word = first(first(tracks).name.split(' '));
    const whole = (await call('GET', path({ q: `${word} `, type: 'track,artist', limit: '50' }))).body.tracks as Page;
    const firstPage = (await call('GET', path({ q: `${word} `, type: 'track,artist', limit: '1' }))).body
      .tracks as Page;
    expect(firstPage.previous).toBeNull();
    expect(firstPage.total).toBe(whole.total);
    if (whole.total < 2) return;
    expect(firstPage.next).not.toBeNull();
    const next = new URL(firstPage.next ?? '');
    expect(next.pathname).toBe('/v1/search');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      q: `${word} `,
      type: 'track',
      offset: '1',
      limit: '1',
    });
    const second = await call('GET', `${next.pathname.replace('/v1', '')}${next.search}`);
    expect(Object.keys(second.body)).toEqual(['tracks']);
    const secondPage = second.body.tracks as Page;
    expect(secondPage.items[0]?.id).toBe(whole.items[1]?.id);
    expect(secondPage.previous).not.toBeNull();
  });

  it('answers every type, audiobooks empty', async () => {
    const { call } = await searcher();
    const show = first(shows);
    const episode = first(episodes);
    const all = 'album,artist,playlist,track,show,episode,audiobook';
    const byShow = (await call('GET', path({ q: show.name, type: all }))).body;
    expect(Object.keys(byShow).sort()).toEqual(
      ['albums', 'artists', 'audiobooks', 'episodes', 'playlists', 'shows', 'tracks'].sort(),
    );
    expect((byShow.shows as Page).items[0]).toMatchObject({ id: show.id, type: 'show' });
    expect(byShow.audiobooks).toMatchObject({ items: [], total: 0, next: null });
    const byEpisode = (await call('GET', path({ q: episode.name, type: 'episode' }))).body.episodes as Page;
    expect(byEpisode.items[0]).toMatchObject({ id: episode.id, type: 'episode' });
    const { rows } = await service.db.query<Named>("SELECT id, name FROM playlists WHERE owner_id = 'graphonic'");
    const playlist = first(rows);
    const byPlaylist = (await call('GET', path({ q: playlist.name, type: 'playlist' }))).body.playlists as Page;
    expect(byPlaylist.items[0]).toMatchObject({ id: playlist.id, type: 'playlist' });
  });

  it("finds people's public playlists as they are now, never private ones", async () => {
    const { call: owner } = await listener();
    const { call } = await searcher();
    const open = await owner('POST', '/me/playlists', { name: 'Zephyrine Lullabies', public: true });
    const hidden = await owner('POST', '/me/playlists', { name: 'Zephyrine Secrets', public: false });
    expect(open.status).toBe(201);
    expect(hidden.status).toBe(201);
    const found = (await call('GET', path({ q: 'zephyrine', type: 'playlist' }))).body.playlists as Page;
    expect(found.items.map((item) => item.id)).toEqual([open.body.id]);
    const misspelt = (await call('GET', path({ q: 'zephyrnie lullabeis', type: 'playlist' }))).body.playlists as Page;
    expect(misspelt.items.map((item) => item.id)).toEqual([open.body.id]);
  });

  it('refuses bad parameters with the API error body', async () => {
    const { call } = await searcher();
    const cases: Record<string, string>[] = [
      { type: 'track' },
      { q: '   ', type: 'track' },
      { q: 'love' },
      { q: 'love', type: 'song' },
      { q: 'love', type: 'track,' },
      { q: 'love', type: 'track', limit: '51' },
      // A page of none would name itself as the next page.
      { q: 'love', type: 'track', limit: '0' },
      { q: 'love', type: 'track', limit: '-1' },
      { q: 'love', type: 'track', limit: 'ten' },
      { q: 'love', type: 'track', offset: '1001' },
      { q: 'love', type: 'track', market: 'nowhere' },
      { q: 'love', type: 'track', include_external: 'video' },
    ];
    for (const params of cases) {
      const { status, body } = await call('GET', path(params));
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body).toMatchObject({ error: { status: 400, message: expect.any(String) as unknown } });
    }
    const fine = await call('GET', path({ q: 'love', type: 'track', limit: '50', offset: '1000', market: 'SE' }));
    expect(fine.status).toBe(200);
    expect(fine.body.tracks).toMatchObject({ limit: 50, offset: 1000, next: null });
  });

  it('answers development-mode apps with 5 results by default, at most 10, without removed fields', async () => {
    const { call } = await searcher('development');
    const word = first(first(tracks).name.split(' '));
    const page = await call('GET', path({ q: `${word} `, type: 'track,artist' }));
    expect(page.status).toBe(200);
    const found = page.body.tracks as Page<Record<string, unknown>>;
    expect(found.limit).toBe(5);
    expect(found.items[0]).not.toHaveProperty('popularity');
    expect(found.items[0]).not.toHaveProperty('available_markets');
    expect((await call('GET', path({ q: word, type: 'track', limit: '10' }))).status).toBe(200);
    expect((await call('GET', path({ q: word, type: 'track', limit: '11' }))).status).toBe(400);
    expect((await call('GET', path({ q: word, type: 'track', limit: '0' }))).status).toBe(400);
  });
});
