import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { errorHandler } from '../errors';
import { componentSchema, responseSchema } from '../v1/contract/shapes';
import { PreparedJson, sendJson, serialize } from './prepared-json';
import { isRemovedInDevelopment, profileMiddleware, stripDeprecated, type Profile } from './profile';

const artist = {
  external_urls: { spotify: 'http://127.0.0.1:4100/artist/0OdUWJ0sBjDrqHygGUXeCF' },
  followers: { href: null, total: 12 },
  genres: ['indie folk'],
  href: 'http://127.0.0.1:4100/v1/artists/0OdUWJ0sBjDrqHygGUXeCF',
  id: '0OdUWJ0sBjDrqHygGUXeCF',
  images: [],
  name: 'Band of Horses',
  popularity: 59,
  type: 'artist',
  uri: 'spotify:artist:0OdUWJ0sBjDrqHygGUXeCF',
};

describe('the development profile', () => {
  it('knows which endpoints Spotify removed for development-mode apps', () => {
    expect(isRemovedInDevelopment('GET', '/v1/tracks')).toBe(true);
    expect(isRemovedInDevelopment('GET', '/v1/artists/0OdUWJ0sBjDrqHygGUXeCF/top-tracks')).toBe(true);
    expect(isRemovedInDevelopment('PUT', '/v1/me/tracks')).toBe(true);
    expect(isRemovedInDevelopment('GET', '/v1/me/tracks')).toBe(false);
    expect(isRemovedInDevelopment('GET', '/v1/tracks/0OdUWJ0sBjDrqHygGUXeCF')).toBe(false);
    expect(isRemovedInDevelopment('GET', '/v1/me/library/contains')).toBe(false);
  });

  it('strips deprecated fields at every depth, following the discriminator', () => {
    expect(stripDeprecated(artist, componentSchema('ArtistObject'))).not.toHaveProperty('popularity');
    const item = { added_at: '2026-01-01T00:00:00Z', item: { type: 'track', popularity: 3, name: 'x' }, track: {} };
    expect(stripDeprecated(item, componentSchema('PlaylistTrackObject'))).toEqual({
      added_at: '2026-01-01T00:00:00Z',
      item: { type: 'track', name: 'x' },
    });
  });

  it('strips a prepared part once, and keeps it prepared, with the bytes a plain value gives', () => {
    const part = new PreparedJson(artist);
    const page = { artists: { items: [part, part], total: 2, at: new Date(Date.UTC(2026, 10, 23)) } };
    const schema = responseSchema('GET', '/v1/me/following', 200);
    if (!schema) throw new Error('GET /v1/me/following has a documented answer');
    const stripped = stripDeprecated(page, schema) as { artists: { items: unknown[] } };
    const [first, second] = stripped.artists.items;
    expect(first).toBeInstanceOf(PreparedJson);
    expect(second).toBe(first);
    expect(stripDeprecated(page, schema)).toEqual(stripped);
    const plain = stripDeprecated(JSON.parse(JSON.stringify(page)), schema);
    expect(serialize(stripped).body.toString()).toBe(JSON.stringify(plain));
    expect((first as PreparedJson).value()).not.toHaveProperty('popularity');
  });
});

describe('the profile middleware', () => {
  let server: RunningServer;
  let profile: Profile = 'full';

  beforeAll(async () => {
    const app = express();
    const v1 = express.Router();
    v1.use(profileMiddleware(() => profile));
    v1.get('/artists/:id', (_req, res) => {
      res.json(artist);
    });
    v1.get('/artists', (_req, res) => {
      res.json({ artists: [artist] });
    });
    v1.get('/me/following', (req, res) => {
      sendJson(req, res, { artists: { items: [new PreparedJson(artist)], total: 1 } });
    });
    app.use('/v1', v1);
    app.use(errorHandler);
    server = await listen(app);
  });
  afterAll(() => server.close());

  it('leaves the full profile alone', async () => {
    profile = 'full';
    expect(await (await fetch(`${server.url}/v1/artists/0OdUWJ0sBjDrqHygGUXeCF`)).json()).toEqual(artist);
  });

  it('answers 403 on removed endpoints and strips removed fields in development mode', async () => {
    profile = 'development';
    const removed = await fetch(`${server.url}/v1/artists?ids=0OdUWJ0sBjDrqHygGUXeCF`);
    expect(removed.status).toBe(403);
    expect(((await removed.json()) as { error: { status: number } }).error.status).toBe(403);
    const single = (await (await fetch(`${server.url}/v1/artists/0OdUWJ0sBjDrqHygGUXeCF`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(single).sort()).toEqual(['external_urls', 'href', 'id', 'images', 'name', 'type', 'uri']);
    const prepared = (await (await fetch(`${server.url}/v1/me/following`)).json()) as {
      artists: { items: Record<string, unknown>[] };
    };
    expect(Object.keys(prepared.artists.items[0] ?? {}).sort()).toEqual(Object.keys(single).sort());
  });
});
