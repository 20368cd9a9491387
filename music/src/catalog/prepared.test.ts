import { describe, expect, it } from 'vitest';
import type { CatalogStore } from './reads';
import * as objects from '../http/objects';
import { offsetPage } from '../http/paging';
import { PreparedCatalog } from './prepared';

const urls = { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' };
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(22 - prefix.length, '0')}`;

const album: objects.AlbumRecord = {
  id: id('al', 1),
  name: 'Night Songs',
  albumType: 'album',
  totalTracks: 3,
  releaseDate: '2024-05-01',
  releaseDatePrecision: 'day',
  label: 'Northern Lights Records',
  popularity: 50,
  upc: '000000000001',
  copyrights: [{ text: '(C) 2024 Northern Lights Records', type: 'C' }],
  genres: [],
  artists: [{ id: id('ar', 1), name: 'Zoë' }],
};
const tracks = new Map<string, objects.TrackRecord>(
  [1, 2, 3].map((n) => [
    id('tr', n),
    {
      id: id('tr', n),
      name: `Café ${n}`,
      durationMs: 200_000,
      explicit: n === 2,
      discNumber: 1,
      trackNumber: n,
      popularity: 30 + n,
      isrc: `QZ000000000${n}`,
      artists: album.artists,
      album,
    },
  ]),
);

/** A catalog in memory that counts the ids it was asked for; `whole` says whether it lists every id. */
function countingStore(whole = false): { store: CatalogStore; asked: string[][] } {
  const asked: string[][] = [];
  const pick = <T>(records: ReadonlyMap<string, T>, ids: readonly string[]) => {
    asked.push([...ids]);
    return Promise.resolve(new Map(ids.flatMap((key) => (records.has(key) ? [[key, records.get(key) as T]] : []))));
  };
  const none = () => Promise.reject(new Error('not used here'));
  return {
    asked,
    store: {
      tracks: (ids) => pick(tracks, ids),
      albums: (ids) => pick(new Map([[album.id, album]]), ids),
      artists: none,
      audioFeatures: none,
      albumTracks: (albumId) => {
        asked.push([`tracks of ${albumId}`]);
        const items = [...tracks.values()].filter((track) => track.album.id === albumId);
        return Promise.resolve({ items, total: items.length });
      },
      artistAlbums: none,
      artistTopTracks: none,
      newReleases: none,
      relatedArtists: none,
      ...(whole ? { ids: () => Promise.resolve({ tracks: [...tracks.keys()], albums: [album.id] }) } : {}),
    },
  };
}

describe('the prepared catalog', () => {
  it('serialises each object once, exactly as the object builders make it', async () => {
    const { store, asked } = countingStore();
    const prepared = new PreparedCatalog(store, urls);
    const ids = [id('tr', 1), id('tr', 2), id('tr', 9)];
    const first = await prepared.tracks(ids);
    expect([...first.keys()]).toEqual([id('tr', 1), id('tr', 2)]);
    expect(first.get(id('tr', 1))?.bytes.toString()).toBe(
      JSON.stringify(objects.track(urls, tracks.get(id('tr', 1)) as objects.TrackRecord)),
    );
    // Known ids are not read again; an unknown one is asked for each time (it may not exist yet).
    const again = await prepared.tracks([id('tr', 2), id('tr', 1), id('tr', 9)]);
    expect(again.get(id('tr', 2))).toBe(first.get(id('tr', 2)));
    expect(asked).toEqual([ids, [id('tr', 9)]]);
    const albums = await prepared.simplifiedAlbums([album.id]);
    expect(albums.get(album.id)?.bytes.toString()).toBe(JSON.stringify(objects.simplifiedAlbum(urls, album)));
    expect(prepared.sizes).toEqual({ tracks: 2, albums: 1 });
  });

  it('keeps at most its bound of each kind, the oldest going first', async () => {
    const { store, asked } = countingStore();
    const prepared = new PreparedCatalog(store, urls, 2);
    await prepared.tracks([id('tr', 1)]);
    await prepared.tracks([id('tr', 2)]);
    await prepared.tracks([id('tr', 3)]);
    expect(prepared.sizes.tracks).toBe(2);
    await prepared.tracks([id('tr', 3), id('tr', 2)]);
    await prepared.tracks([id('tr', 1)]);
    expect(asked).toEqual([[id('tr', 1)], [id('tr', 2)], [id('tr', 3)], [id('tr', 1)]]);
  });

  it('prepares a whole catalog ahead of requests, when it fits, until told to stop', async () => {
    const whole = countingStore(true);
    const prepared = new PreparedCatalog(whole.store, urls);
    await prepared.warm();
    expect(prepared.sizes).toEqual({ tracks: 3, albums: 1 });
    await prepared.tracks([...tracks.keys()]);
    expect(whole.asked).toHaveLength(2);

    const tooSmall = new PreparedCatalog(countingStore(true).store, urls, 2);
    await tooSmall.warm();
    expect(tooSmall.sizes).toEqual({ tracks: 0, albums: 0 });
    const unlisted = new PreparedCatalog(countingStore(false).store, urls);
    await unlisted.warm();
    expect(unlisted.sizes).toEqual({ tracks: 0, albums: 0 });
    const stopped = new PreparedCatalog(countingStore(true).store, urls);
    await stopped.warm(AbortSignal.abort());
    expect(stopped.sizes).toEqual({ tracks: 0, albums: 0 });

    // The store reads its own lists ahead too, unless told to stop.
    let warmed = 0;
    const warming = {
      ...countingStore(true).store,
      warm: () => {
        warmed += 1;
        return Promise.resolve();
      },
    };
    await new PreparedCatalog(warming, urls).warm();
    await new PreparedCatalog(warming, urls).warm(AbortSignal.abort());
    expect(warmed).toBe(1);
  });

  it('serialises a full album with its first page of tracks once, as the album endpoint built it', async () => {
    const { store, asked } = countingStore();
    const prepared = new PreparedCatalog(store, urls);
    const first = await prepared.albums([album.id, id('al', 9)]);
    expect([...first.keys()]).toEqual([album.id]);
    const page = offsetPage(
      `${urls.api}/albums/${album.id}/tracks`,
      {},
      [...tracks.values()].map((track) => objects.simplifiedTrack(urls, track)),
      { limit: 50, offset: 0 },
      3,
    );
    expect(first.get(album.id)?.bytes.toString()).toBe(JSON.stringify(objects.album(urls, album, page)));
    expect((await prepared.albums([album.id])).get(album.id)).toBe(first.get(album.id));
    expect(asked).toEqual([[album.id, id('al', 9)], [`tracks of ${album.id}`]]);
    // Full albums are bounded by a tenth of the bound (at least one).
    const small = new PreparedCatalog(countingStore().store, urls, 2);
    expect((await small.albums([album.id])).size).toBe(1);
  });
});
