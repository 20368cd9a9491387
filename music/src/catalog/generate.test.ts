import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  catalogSizes,
  defaultSizes,
  generateAlbums,
  generateArtists,
  generatePlaylists,
  generateShows,
} from './generate';
import { genres } from './genres';
import { catalogIdFor } from './random';

function everything(seed: string, sizes = catalogSizes({ tracks: 2000 })) {
  const artists = generateArtists(seed, sizes);
  const albums = [...generateAlbums(seed, sizes, artists)];
  const pool = new Map<string, string[]>();
  for (const { album, tracks } of albums)
    pool.set(album.genre, [...(pool.get(album.genre) ?? []), ...tracks.map((t) => t.id)]);
  return { sizes, artists, albums, playlists: generatePlaylists(seed, sizes, pool), ...generateShows(seed, sizes) };
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('the generated catalog', () => {
  it('is the same for the same seed and different for another', () => {
    expect(digest(everything('graphonic'))).toBe(digest(everything('graphonic')));
    expect(digest(everything('graphonic'))).not.toBe(digest(everything('another')));
  });

  it('has exactly the requested sizes, proportional ones from a track count alone', () => {
    expect(catalogSizes()).toEqual(defaultSizes);
    expect(catalogSizes({ tracks: 1_000_000 })).toMatchObject({ tracks: 1_000_000, albums: 75_188, artists: 25_063 });
    const { sizes, artists, albums, playlists, shows, episodes } = everything('graphonic');
    expect(artists).toHaveLength(sizes.artists);
    expect(albums).toHaveLength(sizes.albums);
    expect(albums.reduce((sum, { tracks }) => sum + tracks.length, 0)).toBe(2000);
    expect(playlists).toHaveLength(sizes.playlists);
    expect(shows).toHaveLength(sizes.shows);
    expect(episodes).toHaveLength(sizes.episodes);
    expect(() => catalogSizes({ tracks: 5, albums: 10 })).toThrow(/at least one track per album/);
    expect(() => catalogSizes({ playlists: 0 })).toThrow(/playlists must be a positive integer/);
  });

  it('uses distinct base62 ids', () => {
    const { artists, albums, playlists, shows, episodes } = everything('graphonic');
    const ids = [
      ...artists.map((a) => a.id),
      ...albums.flatMap(({ album, tracks }) => [album.id, ...tracks.map((t) => t.id)]),
      ...playlists.map((p) => p.id),
      ...shows.map((s) => s.id),
      ...episodes.map((e) => e.id),
    ];
    expect(ids.every((id) => /^[0-9A-Za-z]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(catalogIdFor('s', 'track', 1)).toBe(catalogIdFor('s', 'track', 1));
  });

  it('numbers tracks consecutively per disc and gives every artist an album', () => {
    const { artists, albums } = everything('graphonic');
    for (const { album, tracks } of albums) {
      expect(tracks.length).toBeGreaterThan(0);
      for (const disc of new Set(tracks.map((t) => t.discNumber))) {
        const numbers = tracks.filter((t) => t.discNumber === disc).map((t) => t.trackNumber);
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }
      expect(tracks.every((track) => track.albumId === album.id)).toBe(true);
    }
    const credited = new Set(albums.flatMap(({ album }) => album.artistIds));
    expect(artists.every((artist) => credited.has(artist.id))).toBe(true);
  });

  it('gives tracks audio that fits their genre', () => {
    const { albums } = everything('graphonic', catalogSizes({ tracks: 6000 }));
    const byGenre = new Map(genres.map((genre) => [genre.name, genre]));
    for (const { album, tracks } of albums) {
      const genre = byGenre.get(album.genre);
      if (!genre) throw new Error(`unknown genre ${album.genre}`);
      for (const { features, durationMs } of tracks) {
        expect(features.tempo).toBeGreaterThanOrEqual(genre.tempo[0]);
        expect(features.tempo).toBeLessThanOrEqual(genre.tempo[1]);
        expect(durationMs).toBeGreaterThanOrEqual(genre.seconds[0] * 1000);
        expect(features.key).toBeGreaterThanOrEqual(0);
        expect(features.key).toBeLessThanOrEqual(11);
      }
    }
    const mean = (genre: string, pick: (f: { energy: number; acousticness: number }) => number) => {
      const values = albums
        .filter(({ album }) => album.genre === genre)
        .flatMap(({ tracks }) => tracks.map((t) => pick(t.features)));
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    expect(mean('metal', (f) => f.energy)).toBeGreaterThan(mean('ambient', (f) => f.energy) + 0.4);
    expect(mean('classical', (f) => f.acousticness)).toBeGreaterThan(mean('techno', (f) => f.acousticness) + 0.5);
  });

  it('fills playlists with existing tracks of their category', () => {
    const { albums, playlists } = everything('graphonic');
    const trackIds = new Set(albums.flatMap(({ tracks }) => tracks.map((t) => t.id)));
    for (const playlist of playlists) {
      expect(playlist.trackIds.length).toBeGreaterThanOrEqual(20);
      expect(new Set(playlist.trackIds).size).toBe(playlist.trackIds.length);
      expect(playlist.trackIds.every((id) => trackIds.has(id))).toBe(true);
    }
  });
});
