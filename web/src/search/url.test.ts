import { describe, expect, it } from 'vitest';
import { maxQueryLength, normalizeQuery, readSearchLocation, searchHref, searchRequest, searchTabs } from './url';

describe('the search address', () => {
  it('reads the query, the view and the focus request', () => {
    expect(readSearchLocation('?q=blue+moon&type=albums&focus=1')).toEqual({
      query: 'blue moon',
      tab: 'albums',
      focus: true,
    });
    expect(readSearchLocation('q=rock%20%26%20roll')).toEqual({ query: 'rock & roll', tab: 'all', focus: false });
    expect(readSearchLocation('')).toEqual({ query: '', tab: 'all', focus: false });
  });

  it('shows everything for an unknown view, and no view without a query', () => {
    expect(readSearchLocation('?q=love&type=videos').tab).toBe('all');
    expect(readSearchLocation('?type=tracks').tab).toBe('all');
    expect(readSearchLocation('?q=%20%20&type=tracks')).toEqual({ query: '', tab: 'all', focus: false });
  });

  it('writes an address that reads back the same', () => {
    for (const tab of searchTabs) {
      const href = searchHref('  rock &  roll ', tab);
      const [path, search = ''] = href.split('?');
      expect(path).toBe('/search');
      expect(readSearchLocation(search)).toEqual({ query: 'rock & roll', tab, focus: false });
    }
    expect(searchHref('love')).toBe('/search?q=love');
    expect(searchHref('love', 'tracks')).toBe('/search?q=love&type=tracks');
    expect(searchHref('   ', 'tracks')).toBe('/search');
  });

  it('searches what was typed, tidied, within the length the api accepts', () => {
    expect(normalizeQuery('  daft\t punk\n ')).toBe('daft punk');
    expect(normalizeQuery('x'.repeat(maxQueryLength + 20))).toHaveLength(maxQueryLength);
  });

  it('asks for every type in "All" and for one type, a full page, in the others', () => {
    expect(searchRequest('all')).toEqual({
      types: ['TRACK', 'ARTIST', 'ALBUM', 'PLAYLIST', 'SHOW', 'EPISODE'],
      first: 6,
    });
    expect(searchRequest('shows')).toEqual({ types: ['SHOW'], first: 10 });
    expect(searchRequest('episodes')).toEqual({ types: ['EPISODE'], first: 10 });
  });
});
