import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { errorHandler, unknownEndpoint } from '../errors';
import { catalogRoutes } from './routes';
import type { ArtistAlbumRecord, CatalogStore, PageRequest } from './reads';
import { assertShape } from '../v1/contract/shapes';
import type { AlbumRecord, ArtistRecord, AudioFeaturesRecord, TrackRecord } from '../http/objects';
import { profileMiddleware, type Profile } from '../http/profile';

/** A small catalog held in memory: two artists, three albums, eight tracks. */
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(22 - prefix.length, '0')}`;
const artists: ArtistRecord[] = [
  { id: id('ar', 1), name: 'The Quiet Hours', genres: ['indie folk'], popularity: 61, followers: 1200 },
  { id: id('ar', 2), name: 'Mira Okafor', genres: ['indie folk', 'soul'], popularity: 48, followers: 300 },
];
const albums: (AlbumRecord & { group: ArtistAlbumRecord['albumGroup'] })[] = [1, 2, 3].map((n) => ({
  id: id('al', n),
  name: `Album ${n}`,
  albumType: n === 3 ? 'single' : 'album',
  totalTracks: n === 3 ? 2 : 3,
  releaseDate: `20${20 + n}-0${n}-15`,
  releaseDatePrecision: 'day',
  label: 'Northern Lights Records',
  popularity: 40 + n,
  upc: `00000000000${n}`,
  copyrights: [{ text: `(C) 20${20 + n} Northern Lights Records`, type: 'C' }],
  genres: [],
  artists: [{ id: artists[0]?.id ?? '', name: artists[0]?.name ?? '' }],
  group: n === 3 ? 'single' : 'album',
}));
const tracks: TrackRecord[] = albums.flatMap((album, albumIndex) =>
  Array.from({ length: album.totalTracks }, (_, index) => ({
    id: id('tr', albumIndex * 10 + index + 1),
    name: `Song ${albumIndex + 1}.${index + 1}`,
    durationMs: 180_000 + index * 1000,
    explicit: index === 1,
    discNumber: 1,
    trackNumber: index + 1,
    popularity: 30 + index + albumIndex,
    isrc: `QZ0000000${albumIndex}${index}`,
    artists: album.artists,
    album,
  })),
);
const features = (trackId: string): AudioFeaturesRecord => ({
  trackId,
  durationMs: 180_000,
  acousticness: 0.5,
  danceability: 0.6,
  energy: 0.7,
  instrumentalness: 0.1,
  key: 4,
  liveness: 0.1,
  loudness: -7.5,
  mode: 1,
  speechiness: 0.05,
  tempo: 120.5,
  timeSignature: 4,
  valence: 0.55,
});
const byId = <T extends { id: string }>(list: T[], ids: readonly string[]) =>
  new Map(list.filter((item) => ids.includes(item.id)).map((item) => [item.id, item]));
const page = <T>(list: T[], { limit, offset }: PageRequest) => ({
  items: list.slice(offset, offset + limit),
  total: list.length,
});

const store: CatalogStore = {
  tracks: (ids) => Promise.resolve(byId(tracks, ids)),
  albums: (ids) => Promise.resolve(byId(albums, ids)),
  artists: (ids) => Promise.resolve(byId(artists, ids)),
  audioFeatures: (ids) =>
    Promise.resolve(new Map(tracks.filter((t) => ids.includes(t.id)).map((t) => [t.id, features(t.id)]))),
  albumTracks: (albumId, request) =>
    Promise.resolve(
      page(
        tracks.filter((track) => track.album.id === albumId),
        request,
      ),
    ),
  artistAlbums: (artistId, groups, request) =>
    Promise.resolve(
      page(
        albums
          .filter((album) => album.artists.some((artist) => artist.id === artistId) && groups.includes(album.group))
          .map((album) => ({ ...album, albumGroup: album.group })),
        request,
      ),
    ),
  artistTopTracks: () => Promise.resolve([...tracks].sort((a, b) => b.popularity - a.popularity).slice(0, 10)),
  newReleases: (_today, request) =>
    Promise.resolve(
      page(
        albums.filter((album) => album.albumType !== 'compilation').map((album) => album.id),
        request,
      ),
    ),
  relatedArtists: (artistId) => Promise.resolve(artists.filter((artist) => artist.id !== artistId)),
};

let server: RunningServer;
let profile: Profile = 'full';

beforeAll(async () => {
  const app = express();
  const v1 = express.Router();
  v1.use(profileMiddleware(() => profile));
  v1.use(
    catalogRoutes({
      store,
      urls: { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' },
      profile: () => profile,
    }),
  );
  v1.use(unknownEndpoint);
  app.use('/v1', v1);
  app.use(errorHandler);
  server = await listen(app);
});
afterAll(() => server.close());

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/v1${path}`);
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  assertShape('GET', `/v1${path}`, response.status, body, { profile });
  return { status: response.status, body };
}

const [t1, t2] = tracks;
const [a1, , a3] = albums;
const [ar1] = artists;
if (!t1 || !t2 || !a1 || !a3 || !ar1) throw new Error('the fixture catalog is incomplete');

describe('catalog endpoints on the full profile', () => {
  it('answer single items in Spotify shapes', async () => {
    expect((await get(`/tracks/${t1.id}`)).body).toMatchObject({ id: t1.id, name: 'Song 1.1', album: { id: a1.id } });
    expect((await get(`/albums/${a1.id}`)).body).toMatchObject({ id: a1.id, tracks: { total: 3 } });
    expect((await get(`/artists/${ar1.id}`)).body).toMatchObject({ id: ar1.id, followers: { total: 1200 } });
    expect((await get(`/audio-features/${t1.id}`)).body).toMatchObject({ id: t1.id, tempo: 120.5 });
  });

  it('answer multi-gets in request order with null for unknown ids', async () => {
    const unknown = id('tr', 99);
    const { body } = await get(`/tracks?ids=${t2.id},${unknown},${t1.id}`);
    expect((body as { tracks: ({ id: string } | null)[] }).tracks.map((track) => track?.id ?? null)).toEqual([
      t2.id,
      null,
      t1.id,
    ]);
    expect(
      ((await get(`/albums?ids=${a3.id},${a1.id}`)).body as { albums: { id: string }[] }).albums.map((a) => a.id),
    ).toEqual([a3.id, a1.id]);
    expect((await get(`/audio-features?ids=${t1.id}`)).body).toMatchObject({ audio_features: [{ id: t1.id }] });
    expect((await get(`/artists?ids=${ar1.id}`)).body).toMatchObject({ artists: [{ id: ar1.id }] });
  });

  it('refuse more ids than the endpoint allows, and malformed ones', async () => {
    const many = Array.from({ length: 21 }, () => a1.id).join(',');
    expect(await get(`/albums?ids=${many}`)).toEqual({
      status: 400,
      body: { error: { status: 400, message: 'Too many ids requested: at most 20' } },
    });
    expect((await get('/tracks/not-an-id')).status).toBe(400);
    expect((await get(`/tracks/${id('tr', 98)}`)).status).toBe(404);
  });

  it('page album tracks and artist albums with links', async () => {
    const { body } = await get(`/albums/${a1.id}/tracks?limit=2&offset=1`);
    expect(body).toMatchObject({ limit: 2, offset: 1, total: 3, next: null });
    expect((body as { previous: string }).previous).toBe(
      `http://127.0.0.1:4100/v1/albums/${a1.id}/tracks?limit=2&offset=0`,
    );
    const singles = await get(`/artists/${ar1.id}/albums?include_groups=single`);
    expect(singles.body).toMatchObject({ total: 1, items: [{ id: a3.id, album_group: 'single' }] });
    // Full-access apps keep the limits of before 2026: 20 by default, at most 50.
    expect((await get(`/artists/${ar1.id}/albums`)).body).toMatchObject({ total: 3, limit: 20 });
    expect((await get(`/artists/${ar1.id}/albums?include_groups=remix`)).status).toBe(400);
    expect((await get(`/artists/${ar1.id}/albums?limit=50`)).status).toBe(200);
    for (const limit of ['51', '0', '-1', 'ten']) {
      expect((await get(`/artists/${ar1.id}/albums?limit=${limit}`)).status, limit).toBe(400);
    }
  });

  it('answer top tracks, related artists and markets', async () => {
    expect(((await get(`/artists/${ar1.id}/top-tracks`)).body as { tracks: unknown[] }).tracks).toHaveLength(8);
    expect((await get(`/artists/${ar1.id}/related-artists`)).body).toMatchObject({
      artists: [{ name: 'Mira Okafor' }],
    });
    expect(((await get('/markets')).body as { markets: string[] }).markets).toContain('SE');
  });
});

describe('catalog endpoints in development mode', () => {
  it('refuse what Spotify removed and strip removed fields from the rest', async () => {
    profile = 'development';
    try {
      for (const path of [
        `/tracks?ids=${t1.id}`,
        `/albums?ids=${a1.id}`,
        `/artists/${ar1.id}/top-tracks`,
        '/markets',
      ]) {
        expect((await get(path)).status).toBe(403);
      }
      const track = (await get(`/tracks/${t1.id}`)).body as Record<string, unknown>;
      expect(track).not.toHaveProperty('popularity');
      expect(track).not.toHaveProperty('available_markets');
      expect((await get(`/artists/${ar1.id}`)).body).not.toHaveProperty('genres');
      // Development-mode apps get 5 albums by default, at most 10, and never a page of none.
      expect((await get(`/artists/${ar1.id}/albums`)).body).toMatchObject({ total: 3, limit: 5 });
      expect((await get(`/artists/${ar1.id}/albums?limit=10`)).status).toBe(200);
      expect((await get(`/artists/${ar1.id}/albums?limit=11`)).status).toBe(400);
      expect((await get(`/artists/${ar1.id}/albums?limit=0`)).status).toBe(400);
    } finally {
      profile = 'full';
    }
  });
});
