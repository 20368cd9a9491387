import { describe, expect, it } from 'vitest';
import {
  albumQuery,
  artistQuery,
  buildCatalogIndex,
  ordinalOf,
  releaseDay,
  tagHipster,
  tagNew,
  trackQuery,
  understands,
  type CatalogInput,
} from './catalog';
import { parseQuery } from './query';

const input: CatalogInput = {
  artists: [
    { id: 'ar2', name: 'Ada Stone', genres: ['jazz'], popularity: 30 },
    { id: 'ar1', name: 'The Quiet Hours', genres: ['indie pop', 'hip-hop'], popularity: 80 },
  ],
  albums: [
    { id: 'al1', name: 'Echoes', release_date: '1995-03-01', popularity: 60, upc: '600', artist_ids: ['ar1'] },
    { id: 'al2', name: 'Night Songs', release_date: '2026-10-20', popularity: 5, upc: '601', artist_ids: ['ar2'] },
    { id: 'al3', name: 'Old Tapes', release_date: '2026-09', popularity: 40, upc: '602', artist_ids: ['ar2', 'ar1'] },
  ],
  tracks: [
    { id: 't3', name: 'River', popularity: 10, album_id: 'al3', artist_ids: ['ar2', 'ar1'] },
    { id: 't1', name: 'Midnight', popularity: 70, album_id: 'al1', artist_ids: ['ar1'] },
    { id: 't2', name: 'Midnight Blue', popularity: 20, album_id: 'al2', artist_ids: ['ar2'] },
  ],
  shows: [{ id: 's1', name: 'Deep Time', other: 'Graphonic Audio' }],
  episodes: [{ id: 'e1', name: '1. Old rivers', other: 'Deep Time' }],
};

describe('the catalog index', () => {
  const index = buildCatalogIndex(input);
  const ids = (list: string[], ordinals: Int32Array) => [...ordinals].map((ordinal) => list[ordinal]);

  it('numbers records in id order', () => {
    expect(index.tracks.ids).toEqual(['t1', 't2', 't3']);
    expect(ordinalOf(index.tracks.ids, 't2')).toBe(1);
    expect(ordinalOf(index.tracks.ids, 'nope')).toBe(-1);
    expect(releaseDay('1970-01-02')).toBe(1);
    expect(releaseDay('1970')).toBe(0);
  });

  it('tags the last two weeks of releases and the least popular tenth', () => {
    expect([...index.albums.tags]).toEqual([0, tagNew | tagHipster, 0]);
    const found = index.albums.text.search(albumQuery(index, parseQuery('tag:new'))).ordinals;
    expect(ids(index.albums.ids, found)).toEqual(['al2']);
  });

  it('finds tracks by their artists and album names and filters them', () => {
    const byArtist = index.tracks.text.search(trackQuery(index, parseQuery('artist:"quiet hours"'))).ordinals;
    expect(ids(index.tracks.ids, byArtist)).toEqual(['t1', 't3']);
    const byYear = index.tracks.text.search(trackQuery(index, parseQuery('midnight year:1990-1999'))).ordinals;
    expect(ids(index.tracks.ids, byYear)).toEqual(['t1']);
    const byGenre = index.tracks.text.search(trackQuery(index, parseQuery('genre:hip-hop'))).ordinals;
    expect(ids(index.tracks.ids, byGenre)).toEqual(['t1', 't3']);
    const byAlbum = index.tracks.text.search(trackQuery(index, parseQuery('album:tapes'))).ordinals;
    expect(ids(index.tracks.ids, byAlbum)).toEqual(['t3']);
    const byIsrc = index.tracks.text.search(trackQuery(index, parseQuery('isrc:x'), new Set([1]))).ordinals;
    expect(ids(index.tracks.ids, byIsrc)).toEqual(['t2']);
  });

  it('finds artists by the albums and years of their albums', () => {
    const byAlbum = index.artists.text.search(artistQuery(index, parseQuery('album:echoes'))).ordinals;
    expect(ids(index.artists.ids, byAlbum)).toEqual(['ar1']);
    const byYear = index.artists.text.search(artistQuery(index, parseQuery('year:2026'))).ordinals;
    expect(ids(index.artists.ids, byYear)).toEqual(['ar1', 'ar2']);
    const byGenre = index.artists.text.search(artistQuery(index, parseQuery('genre:"indie pop"'))).ordinals;
    expect(ids(index.artists.ids, byGenre)).toEqual(['ar1']);
  });

  it('finds albums by upc and artist, shows and episodes by name', () => {
    const byUpc = index.albums.text.search(albumQuery(index, parseQuery('upc:602'))).ordinals;
    expect(ids(index.albums.ids, byUpc)).toEqual(['al3']);
    const byArtist = index.albums.text.search(albumQuery(index, parseQuery('artist:stone'))).ordinals;
    expect(ids(index.albums.ids, byArtist)).toEqual(['al3', 'al2']);
    expect(ids(index.episodes.ids, index.episodes.text.search({ words: parseQuery('rivers').words }).ordinals)).toEqual(
      ['e1'],
    );
  });

  it('knows which filters each type takes', () => {
    expect(understands('track', parseQuery('isrc:X genre:jazz'))).toBe(true);
    expect(understands('album', parseQuery('genre:jazz'))).toBe(false);
    expect(understands('show', parseQuery('year:2001'))).toBe(false);
    expect(understands('playlist', parseQuery('chill'))).toBe(true);
  });
});
