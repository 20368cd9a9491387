import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { listen } from '../../../test-support/http';
import { ApiError } from '../errors';
import { catalogId, enumParam, idsParam, marketParam, pageParams, parseQueryOnce, parseUri, urisParam } from './params';

const id = '4iV5W9uYEdYUVa79Axb7Rh';
const request = (query: Record<string, unknown>): Request => ({ query }) as unknown as Request;

function errorOf(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('ids', () => {
  it('keeps request order and duplicates', () => {
    expect(idsParam(request({ ids: `${id},0OdUWJ0sBjDrqHygGUXeCF,${id}` }), 50)).toEqual([
      id,
      '0OdUWJ0sBjDrqHygGUXeCF',
      id,
    ]);
  });

  it('refuses too many, malformed or missing ids with 400', () => {
    expect(errorOf(() => idsParam(request({ ids: Array(21).fill(id).join(',') }), 20))).toEqual({
      status: 400,
      message: 'Too many ids requested: at most 20',
    });
    expect(errorOf(() => idsParam(request({ ids: 'nope' }), 20)).message).toBe('Invalid base62 id: nope');
    expect(errorOf(() => idsParam(request({}), 20)).message).toBe('Missing required parameter: ids');
    expect(errorOf(() => idsParam(request({ ids: [id, id] }), 20)).message).toMatch(/give it once/);
    expect(errorOf(() => catalogId('abc')).message).toBe('Invalid base62 id');
  });
});

describe('uris', () => {
  it('parses catalog and user uris', () => {
    expect(parseUri(`spotify:track:${id}`)).toEqual({ type: 'track', id, uri: `spotify:track:${id}` });
    expect(parseUri('spotify:user:demo')).toMatchObject({ type: 'user', id: 'demo' });
  });

  it('refuses malformed, foreign and unsupported uris', () => {
    expect(errorOf(() => parseUri('spotify:track:short')).status).toBe(400);
    expect(errorOf(() => parseUri(`spotify:genre:${id}`)).status).toBe(400);
    expect(errorOf(() => parseUri(`other:track:${id}`)).status).toBe(400);
    expect(errorOf(() => parseUri(`spotify:artist:${id}`, new Set(['track']))).message).toMatch(/Unsupported uri type/);
    expect(errorOf(() => urisParam(`spotify:track:${id},spotify:track:${id}`, 1)).message).toBe(
      'Too many uris: at most 1',
    );
    expect(urisParam([`spotify:track:${id}`], 40)).toHaveLength(1);
  });
});

describe('paging parameters', () => {
  it('take their defaults and bounds from the API document', () => {
    expect(pageParams(request({}), '/search')).toEqual({ limit: 5, offset: 0 });
    expect(pageParams(request({ limit: '10', offset: '1000' }), '/search')).toEqual({ limit: 10, offset: 1000 });
    expect(errorOf(() => pageParams(request({ limit: '11' }), '/search'))).toEqual({
      status: 400,
      message: 'Invalid limit: must be between 1 and 10',
    });
    expect(errorOf(() => pageParams(request({ offset: '1001' }), '/search')).status).toBe(400);
    expect(pageParams(request({ limit: '50' }), '/playlists/{playlist_id}/items').limit).toBe(50);
    expect(errorOf(() => pageParams(request({ limit: 'ten' }), '/me/tracks')).message).toBe('Invalid limit');
  });
});

describe('other parameters', () => {
  it('read markets, preferring the user country', () => {
    expect(marketParam(request({ market: 'se' }))).toBe('SE');
    expect(marketParam(request({ market: 'SE' }), 'US')).toBe('US');
    expect(marketParam(request({ market: 'from_token' }), 'GB')).toBe('GB');
    expect(errorOf(() => marketParam(request({ market: 'SWE' }))).message).toBe('Invalid market code');
  });

  it('read enums with a default', () => {
    const ranges = ['short_term', 'medium_term', 'long_term'] as const;
    expect(enumParam(request({}), 'time_range', ranges, 'medium_term')).toBe('medium_term');
    expect(enumParam(request({ time_range: 'long_term' }), 'time_range', ranges, 'medium_term')).toBe('long_term');
    expect(errorOf(() => enumParam(request({ time_range: 'forever' }), 'time_range', ranges)).status).toBe(400);
  });
});

describe('parseQueryOnce', () => {
  it('parses the query string once per request, whatever reads it after, and keeps each request its own', async () => {
    const app = express();
    app.use(parseQueryOnce);
    app.get('/q', (req, res) => {
      const first = req.query;
      res.json({ same: first === req.query, ids: idsParam(req, 50), market: marketParam(req) ?? null });
    });
    const server = await listen(app);
    try {
      const answers = await Promise.all(
        [`${id},${id}`, id].map(async (ids) => (await fetch(`${server.url}/q?ids=${ids}&market=se`)).json()),
      );
      expect(answers).toEqual([
        { same: true, ids: [id, id], market: 'SE' },
        { same: true, ids: [id], market: 'SE' },
      ]);
    } finally {
      await server.close();
    }
  });
});
