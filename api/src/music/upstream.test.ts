import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { MusicClient } from './client';
import { isRefusal, MusicApiError } from './errors';
import { answered, byIdEndpoints, fillPath, flatQuery, getMany, getOne, playerEventsUrl, Upstream } from './upstream';
import type { V1Album, V1Device, V1PlaybackState } from './v1';

/** An upstream that logs every call and answers what `answer` says for its path (its query, by default). */
let calls: { method: string; url: string; body: unknown }[] = [];
let answer: Record<string, (res: express.Response) => void> = {};
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.all('/v1/{*path}', (req, res) => {
    calls.push({ method: req.method, url: req.originalUrl, body: req.body as unknown });
    const reply = answer[req.path];
    if (reply) reply(res);
    else res.json({ id: 'answered', query: req.query });
  });
  server = await listen(app);
});
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
  answer = {};
});

function upstream(): Upstream {
  return new Upstream(
    new MusicClient({
      baseUrl: `${server.url}/v1`,
      tokens: { accessToken: () => Promise.resolve('token'), refresh: () => Promise.resolve('token') },
      sleep: () => Promise.resolve(),
    }),
  );
}

describe('a typed call', () => {
  it('encodes its path parameters into the path and sends its query', async () => {
    await upstream().get('/albums/{id}', { path: { id: 'a b/c?d' }, query: { market: 'SE' } });
    expect(calls.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'GET', url: '/v1/albums/a%20b%2Fc%3Fd?market=SE' },
    ]);
  });

  it('joins a list in the query with commas and leaves out what is undefined', async () => {
    await upstream().get('/search', { query: { q: 'a&b', type: ['track', 'album'], limit: 5, offset: undefined } });
    expect(calls[0]?.url).toBe('/v1/search?q=a%26b&type=track%2Calbum&limit=5');
  });

  it('refuses an id that is a dot segment, before anything is sent', async () => {
    await expect(upstream().get('/albums/{id}', { path: { id: '..' } })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(calls).toEqual([]);
  });

  it('answers undefined for 204, and sends a write with its body', async () => {
    answer['/v1/me/player'] = (res) => res.status(204).end();
    await expect(upstream().get('/me/player')).resolves.toBeUndefined();
    answer['/v1/me/player/devices'] = (res) => res.status(201).json({ id: 'device-1', name: 'Browser' });
    const device = await upstream().post('/me/player/devices', { body: { name: 'Browser' } });
    expect(device).toEqual({ id: 'device-1', name: 'Browser' });
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/v1/me/player/devices', body: { name: 'Browser' } });
    answer['/v1/me/player/devices/device-1'] = (res) => res.status(204).end();
    await expect(
      upstream().delete('/me/player/devices/{device_id}', { path: { device_id: 'device-1' } }),
    ).resolves.toBeUndefined();
  });

  it("keeps the client's status table: a refusal is FORBIDDEN", async () => {
    answer['/v1/recommendations/available-genre-seeds'] = (res) =>
      res.status(403).json({ error: { status: 403, message: 'Forbidden' } });
    const failure: unknown = await upstream()
      .get('/recommendations/available-genre-seeds')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MusicApiError);
    expect(isRefusal(failure)).toBe(true);
  });
});

describe('the calls by id', () => {
  it('reads a multi-get under its key, and a single GET by its encoded id', async () => {
    answer['/v1/audio-features'] = (res) => res.json({ audio_features: [{ id: 'x' }, null] });
    await expect(getMany(upstream(), byIdEndpoints.audioFeatures, ['x', 'y'])).resolves.toEqual([{ id: 'x' }, null]);
    expect(calls[0]?.url).toBe('/v1/audio-features?ids=x%2Cy');
    await getOne(upstream(), byIdEndpoints.track, 'é');
    expect(calls[1]?.url).toBe('/v1/tracks/%C3%A9');
  });
});

describe('the helpers', () => {
  it('fill a path template and refuse a missing parameter', () => {
    expect(fillPath('/users/{user_id}/playlists', { user_id: 'a/b' })).toBe('/users/a%2Fb/playlists');
    expect(() => fillPath('/users/{user_id}')).toThrow(/user_id/);
  });

  it('flatten a query', () => {
    expect(flatQuery({ a: ['x', 'y'], b: 1, c: false, d: undefined, e: null })).toEqual({ a: 'x,y', b: 1, c: false });
  });

  it('refuse an empty answer where the object made is needed', () => {
    expect(answered({ id: 'p' }, 'POST /me/playlists')).toEqual({ id: 'p' });
    expect(() => answered(undefined, 'POST /me/playlists')).toThrow(MusicApiError);
  });
});

describe('the types', () => {
  it("answer each operation's 200/201 JSON, and undefined where it may answer 204", () => {
    const music = upstream();
    const read = () => music.get('/albums/{id}', { path: { id: 'a' } });
    expectTypeOf(read).returns.resolves.toEqualTypeOf<V1Album>();
    const state = () => music.get('/me/player');
    expectTypeOf(state).returns.resolves.toEqualTypeOf<V1PlaybackState | undefined>();
    const register = () => music.post('/me/player/devices', { body: { name: 'Browser' } });
    expectTypeOf(register).returns.resolves.toEqualTypeOf<V1Device | undefined>();
    const save = () => music.put('/me/library', { query: { uris: 'spotify:track:a' } });
    expectTypeOf(save).returns.resolves.toEqualTypeOf<undefined>();
  });

  it('refuse a wrong path, a missing path parameter, a missing query and a wrong method', () => {
    const music = upstream();
    // The calls are only type-checked, never made.
    const unchecked = (): unknown[] => [
      // @ts-expect-error -- no such endpoint
      music.get('/albumz/{id}', { path: { id: 'a' } }),
      // @ts-expect-error -- the path parameter is missing
      music.get('/albums/{id}'),
      // @ts-expect-error -- the path parameter has another name
      music.get('/albums/{id}', { path: { album_id: 'a' } }),
      // @ts-expect-error -- a multi-get needs its ids
      music.get('/albums', { query: {} }),
      // @ts-expect-error -- search's types are a list of known types
      music.get('/search', { query: { q: 'a', type: ['song'] } }),
      // @ts-expect-error -- the catalog is read-only
      music.put('/albums/{id}', { path: { id: 'a' } }),
      // @ts-expect-error -- a path built by hand is not a key of the description
      music.get(`/albums/${encodeURIComponent('a')}`),
    ];
    expectTypeOf(unchecked).toBeFunction();
  });
});

describe("the player's events address", () => {
  it('is the typed endpoint under the base URL, under the rule for addresses', () => {
    expect(playerEventsUrl('http://127.0.0.1:4100/v1').href).toBe('http://127.0.0.1:4100/v1/me/player/events');
    expect(playerEventsUrl('https://music.example.org/v1/').href).toBe('https://music.example.org/v1/me/player/events');
    expect(() => playerEventsUrl('http://music.example.org/v1')).toThrow(/must use https/);
  });
});
