import { describe, expect, it } from 'vitest';
import { cachedAfter, figuresOf, minimumOf, needsOf, perObjectOf, pluck, upstreamTimeOf, type Need } from './needs';

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${String(index)}`);

describe('the minimum', () => {
  it('fetches every id once, in full batches at each endpoint maximum, or one GET per id without multi-gets', () => {
    const needs: Need[] = [
      { kind: 'request', key: 'list', label: 'GET /me/tracks' },
      { kind: 'fetch', key: 'albums', type: 'album', ids: [...ids('a', 41), 'a0'], after: ['list'] },
      { kind: 'fetch', key: 'artists', type: 'artist', ids: ids('r', 50), after: ['list'] },
      { kind: 'library', key: 'saved', uris: ids('spotify:track:t', 81), after: ['list'] },
    ];
    // 1 list, 3 album batches (20, 20, 1), 1 artist batch, 3 library calls (40, 40, 1).
    expect(minimumOf(needs, 'full')).toEqual({ requests: 8, roundTrips: 2 });
    expect(minimumOf(needs, 'development')).toEqual({ requests: 1 + 41 + 50 + 3, roundTrips: 2 });
  });

  it('leaves out what the development profile lacks, and what the cache holds', () => {
    const needs: Need[] = [
      { kind: 'fetch', key: 'artist', type: 'artist', ids: ['r1'] },
      { kind: 'request', key: 'top', label: 'GET top tracks', catalogKey: 'top:r1', feature: 'artistTopTracks' },
      { kind: 'request', key: 'albums', label: 'GET albums', catalogKey: 'albums:r1' },
      { kind: 'library', key: 'saved', uris: ['spotify:artist:r1', 'spotify:track:t1'], after: ['top'] },
    ];
    expect(minimumOf(needs, 'full')).toEqual({ requests: 4, roundTrips: 2 });
    // Without top tracks, the library question waits for nothing.
    expect(minimumOf(needs, 'development')).toEqual({ requests: 3, roundTrips: 1 });
    const warm = cachedAfter(needs);
    expect([...warm].sort()).toEqual(['albums:r1', 'artist:r1', 'top:r1']);
    expect(minimumOf(needs, 'full', warm)).toEqual({ requests: 1, roundTrips: 1 });
  });

  it('batches fetches that others wait for by round trip, and lets the rest share their batches', () => {
    const needs: Need[] = [
      { kind: 'fetch', key: 'first', type: 'track', ids: ['t1'] },
      { kind: 'fetch', key: 'second', type: 'track', ids: ['t2'], after: ['first'] },
      { kind: 'fetch', key: 'third', type: 'track', ids: ['t3'], after: ['second'] },
      { kind: 'fetch', key: 'leaf', type: 'track', ids: ['t4'], after: ['first'] },
    ];
    // t1 and t2 go on their own (others wait for them); t3 and t4 wait for nothing and share one call.
    expect(minimumOf(needs, 'full')).toEqual({ requests: 3, roundTrips: 3 });
  });
});

describe('reading answers', () => {
  it('plucks values along a path through lists', () => {
    const data = { a: { list: [{ b: { id: 1 } }, { b: null }, { b: [{ id: 2 }, { id: 3 }] }] } };
    expect(pluck(data, 'a.list.b.id')).toEqual([1, 2, 3]);
    expect(pluck(data, 'a.missing.id')).toEqual([]);
  });

  it('counts one request per list, per object and per library mark for the per-object cost', () => {
    const needs: Need[] = [{ kind: 'request', key: 'list', label: 'GET /me/tracks' }];
    const data = {
      me: {
        tracks: [
          { id: 't1', saved: true, album: { id: 'a1' } },
          { id: 't2', artists: [{ id: 'r' }] },
        ],
      },
    };
    expect(perObjectOf(needs, data, 'full')).toBe(1 + 4 + 1);
  });

  it('reads the album screen: its album, its artists and their albums, and the library marks it shows', () => {
    const screen = { playlistId: 'p', albumId: 'a1', artistId: 'r1', searchText: 'x' };
    const data = {
      album: {
        artists: [{ id: 'r1' }, { id: 'r2' }],
        tracks: { edges: [{ node: { uri: 'spotify:track:t1' } }, { node: { uri: 'spotify:track:t2' } }] },
      },
    };
    const needs = needsOf('AlbumScreen', data, screen);
    expect(needs).toContainEqual(expect.objectContaining({ key: 'artists', ids: ['r1', 'r2'] }));
    expect(needs).toContainEqual(
      expect.objectContaining({ uris: ['spotify:album:a1', 'spotify:track:t1', 'spotify:track:t2'] }),
    );
    // The album, its two artists in one batch, a page of albums of each ("More by"), one library call.
    expect(minimumOf(needs, 'full')).toEqual({ requests: 5, roundTrips: 2 });
  });
});

describe('what the upstream received', () => {
  it('counts requests, catalog requests, refusals, ids fetched twice, bytes and 304s', () => {
    const figures = figuresOf([
      { method: 'GET', url: '/v1/albums?ids=a1%2Ca2', status: 200 },
      { method: 'GET', url: '/v1/albums/a2', status: 200 },
      { method: 'GET', url: '/v1/tracks?ids=t1', status: 403 },
      { method: 'GET', url: '/v1/artists/r1/top-tracks', status: 200 },
      { method: 'GET', url: '/v1/me/library/contains?uris=spotify%3Atrack%3At1', status: 200 },
      { method: 'GET', url: '/v1/me/library/contains?uris=spotify%3Atrack%3At1', status: 200 },
      { method: 'GET', url: '/v1/playlists/p1', status: 200, bytes: 900 },
      { method: 'GET', url: '/v1/playlists/p1', status: 304, bytes: 0 },
    ]);
    expect(figures).toEqual({
      requests: 8,
      catalog: 4,
      refused: 1,
      repeated: ['albums:a2', 'spotify:track:t1'],
      bytes: 900,
      notModified: 1,
    });
  });

  it('measures the time at least one upstream call was in flight', () => {
    const call = (start: number, end: number) => ({ method: 'GET', url: '/v1/x', status: 200, start, end });
    expect(upstreamTimeOf([call(10, 30), call(15, 35), call(50, 60), call(55, 58)], 0, 100)).toBe(35);
    expect(upstreamTimeOf([call(10, 30)], 20, 25)).toBe(5);
  });
});
