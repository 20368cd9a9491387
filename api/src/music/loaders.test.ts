import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { MusicClient } from './client';
import { MemoryEntityCache } from './entity-cache';
import { MusicApiError } from './errors';
import { createEntityLoader, entitySpecs } from './loaders';
import { UpstreamCapabilities } from './upstream-capabilities';
import { entityKey } from './entity-cache';

/** Capabilities that know whether the upstream has multi-gets. */
function learnt(multiGet: boolean): UpstreamCapabilities {
  const capabilities = new UpstreamCapabilities();
  capabilities.learnMultiGet(multiGet);
  return capabilities;
}

/**
 * A small upstream with the music v1 multi-get and single-get shapes. `developmentMode`
 * refuses multi-gets with 403 as Spotify does for development-mode apps; `reverse` answers
 * multi-gets in reverse order to prove that results are matched by id.
 */
const known = new Set(Array.from({ length: 200 }, (_, index) => `id${String(index).padStart(3, '0')}`));
let developmentMode = false;
/** How long a multi-get takes to answer: long enough to see which calls are in flight together. */
let multiGetDelayMs = 5;
let reverse = false;
let inFlight = 0;
let maxInFlight = 0;
let calls: { path: string; ids: string[]; market: string | undefined }[] = [];
/** What a full show carries besides its own fields: its first episodes, with the listener's resume points. */
const showParts = { name: 'A show', episodes: { items: [{ id: 'e1', resume_point: { resume_position_ms: 1000 } }] } };
let upstream: RunningServer;

beforeAll(async () => {
  const app = express();
  app.get('/v1/:collection', (req, res) => {
    const ids = typeof req.query.ids === 'string' ? req.query.ids.split(',') : [];
    const market = typeof req.query.market === 'string' ? req.query.market : undefined;
    calls.push({ path: req.path, ids, market });
    if (developmentMode) {
      res.status(403).json({ error: { status: 403, message: 'Forbidden' } });
      return;
    }
    const items = ids.map((id) =>
      known.has(id) ? { id, market, ...(req.params.collection === 'shows' ? showParts : {}) } : null,
    );
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.json({ [req.params.collection.replace('-', '_')]: reverse ? items.reverse() : items });
    }, multiGetDelayMs);
  });
  app.get('/v1/:collection/:id', (req, res) => {
    calls.push({ path: req.path, ids: [req.params.id], market: undefined });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      if (known.has(req.params.id)) res.json({ id: req.params.id });
      else res.status(404).json({ error: { status: 404, message: 'Non existing id' } });
    }, 5);
  });
  upstream = await listen(app);
});
afterAll(() => upstream.close());
beforeEach(() => {
  calls = [];
  developmentMode = false;
  reverse = false;
  maxInFlight = 0;
  multiGetDelayMs = 5;
});

const client = () =>
  new MusicClient({
    baseUrl: `${upstream.url}/v1`,
    tokens: { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') },
  });
const ids = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `id${String(from + index).padStart(3, '0')}`);

describe('entity loaders', () => {
  it('batch at the endpoint maximum, de-duplicate, and answer in key order', async () => {
    const capabilities = new UpstreamCapabilities();
    const loader = createEntityLoader<{ id: string }>(entitySpecs.track, {
      client: client(),
      capabilities,
    });
    const keys = [...ids(0, 120), 'id005', 'id000'];
    const results = await loader.loadMany(keys);
    expect(results.map((result) => (result instanceof Error ? result : result.id))).toEqual(keys);
    expect(calls.map((call) => call.ids.length)).toEqual([50, 50, 20]);
    expect(calls.every((call) => call.path === '/v1/tracks' && call.market === undefined)).toBe(true);
    expect(capabilities.multiGet).toBe(true);
  });

  it('use each endpoint maximum (albums 20, audio features 100)', async () => {
    const capabilities = learnt(true);
    await createEntityLoader(entitySpecs.album, { client: client(), capabilities }).loadMany(ids(0, 45));
    await createEntityLoader(entitySpecs.audioFeatures, { client: client(), capabilities }).loadMany(ids(0, 150));
    expect(calls.map((call) => `${call.path}:${call.ids.length}`)).toEqual([
      '/v1/albums:20',
      '/v1/albums:20',
      '/v1/albums:5',
      '/v1/audio-features:100',
      '/v1/audio-features:50',
    ]);
  });

  it('send the batches of a long list together once the upstream is known to have multi-gets', async () => {
    multiGetDelayMs = 300;
    const capabilities = learnt(true);
    const loader = createEntityLoader(entitySpecs.album, { client: client(), capabilities });
    await loader.loadMany(ids(0, 100));
    expect(calls.map((call) => call.ids.length)).toEqual([20, 20, 20, 20, 20]);
    // One round trip for the five batches, not five.
    expect(maxInFlight).toBe(5);
  });

  it('probe with one batch while it is unknown whether the upstream has multi-gets', async () => {
    developmentMode = true;
    const capabilities = new UpstreamCapabilities();
    const loader = createEntityLoader(entitySpecs.artist, { client: client(), capabilities, concurrency: 10 });
    await loader.loadMany(ids(0, 60));
    // One refused multi-get, then single GETs: not two refused batches.
    expect(calls.filter((call) => call.path === '/v1/artists')).toHaveLength(1);
    expect(calls.filter((call) => call.path !== '/v1/artists')).toHaveLength(60);
  });

  it('match results by id and fail only the keys that are missing', async () => {
    reverse = true;
    const loader = createEntityLoader<{ id: string }>(entitySpecs.artist, {
      client: client(),
      capabilities: learnt(true),
    });
    const [first, missing, last] = await loader.loadMany(['id001', 'nope', 'id002']);
    expect(first).toEqual({ id: 'id001' });
    expect(last).toEqual({ id: 'id002' });
    expect(missing).toBeInstanceOf(MusicApiError);
    expect(missing).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fall back to capped single GETs where multi-get is refused, and remember it', async () => {
    developmentMode = true;
    const capabilities = new UpstreamCapabilities();
    const loader = createEntityLoader<{ id: string }>(entitySpecs.track, {
      client: client(),
      capabilities,
      concurrency: 3,
    });
    const results = await loader.loadMany(['id001', 'id002', 'id001', 'id003', 'id004', 'id005', 'gone']);
    expect(capabilities.multiGet).toBe(false);
    expect(results.slice(0, 6).map((result) => (result instanceof Error ? 'error' : result.id))).toEqual([
      'id001',
      'id002',
      'id001',
      'id003',
      'id004',
      'id005',
    ]);
    expect(results[6]).toMatchObject({ code: 'NOT_FOUND' });
    const singles = calls.filter((call) => call.path !== '/v1/tracks');
    expect(singles.map((call) => call.ids[0]).sort()).toEqual(['gone', 'id001', 'id002', 'id003', 'id004', 'id005']);
    expect(maxInFlight).toBeLessThanOrEqual(3);

    calls = [];
    await createEntityLoader(entitySpecs.track, { client: client(), capabilities }).load('id010');
    expect(calls.map((call) => call.path)).toEqual(['/v1/tracks/id010']);
  });

  it('serve repeated ids from the cross-request cache', async () => {
    const cache = new MemoryEntityCache();
    const capabilities = learnt(true);
    await createEntityLoader(entitySpecs.track, { client: client(), capabilities, cache }).loadMany(ids(0, 10));
    calls = [];
    const again = createEntityLoader<{ id: string }>(entitySpecs.track, { client: client(), capabilities, cache });
    expect((await again.loadMany(ids(0, 12))).length).toBe(12);
    expect(calls.map((call) => call.ids)).toEqual([['id010', 'id011']]);
    expect(cache.hits).toBe(10);
  });

  it("keep what belongs to the listener (a show's episodes with resume points) out of the shared cache", async () => {
    const cache = new MemoryEntityCache();
    const capabilities = learnt(true);
    const mine = await createEntityLoader<Record<string, unknown>>(entitySpecs.show, {
      client: client(),
      capabilities,
      cache,
    }).load('id001');
    expect(mine.episodes).toEqual(showParts.episodes);
    const [shared] = await cache.getMany([entityKey('show', 'id001')]);
    expect(shared).toEqual({ id: 'id001', name: 'A show' });
    const theirs = await createEntityLoader<Record<string, unknown>>(entitySpecs.show, {
      client: client(),
      capabilities,
      cache,
    }).load('id001');
    expect(theirs).not.toHaveProperty('episodes');
    expect(calls).toHaveLength(1);
  });

  it("serve an object's catalog lists from the cross-request cache, once per request", async () => {
    const cache = new MemoryEntityCache();
    const capabilities = learnt(true);
    let fetched = 0;
    const fetch = () => {
      fetched += 1;
      return Promise.resolve([{ id: 'id001' }]);
    };
    const first = createEntityLoader(entitySpecs.artist, { client: client(), capabilities, cache });
    const [a, b] = await Promise.all([
      first.list('top-tracks', 'id009', fetch),
      first.list('top-tracks', 'id009', fetch),
    ]);
    expect(a).toEqual([{ id: 'id001' }]);
    expect(b).toBe(a);
    const second = createEntityLoader(entitySpecs.artist, { client: client(), capabilities, cache });
    expect(await second.list('top-tracks', 'id009', fetch)).toEqual([{ id: 'id001' }]);
    expect(await second.list('related-artists', 'id009', fetch)).toEqual([{ id: 'id001' }]);
    expect(fetched).toBe(2);
    // Without a shared cache (objects that carry the listener's data), each request fetches its own.
    const episodes = createEntityLoader(entitySpecs.episode, { client: client(), capabilities, cache });
    await episodes.list('show', 'id009', fetch);
    await createEntityLoader(entitySpecs.episode, { client: client(), capabilities, cache }).list(
      'show',
      'id009',
      fetch,
    );
    expect(fetched).toBe(4);
  });

  it('take a refused audio-features multi-get as a missing feature, not as missing multi-gets', async () => {
    developmentMode = true;
    const capabilities = new UpstreamCapabilities();
    const loader = createEntityLoader(entitySpecs.audioFeatures, { client: client(), capabilities });
    const results = await loader.loadMany(['id001', 'id002']);
    expect(results.every((result) => result instanceof MusicApiError && result.status === 403)).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/v1/audio-features']);
    expect(capabilities.multiGet).toBe('unknown');
  });

  it('never share episodes between listeners: they carry a listener resume point', async () => {
    const cache = new MemoryEntityCache();
    const capabilities = learnt(true);
    await createEntityLoader(entitySpecs.episode, { client: client(), capabilities, cache }).load('id001');
    await createEntityLoader(entitySpecs.episode, { client: client(), capabilities, cache }).load('id001');
    expect(calls).toHaveLength(2);
    expect(cache.hits + cache.misses).toBe(0);
  });

  it('pass other upstream failures to every key', async () => {
    const loader = createEntityLoader(entitySpecs.track, {
      client: new MusicClient({
        baseUrl: 'http://127.0.0.1:9/v1',
        tokens: { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') },
        maxRetries: 0,
      }),
      capabilities: learnt(true),
    });
    const results = await loader.loadMany(['id001', 'id002']);
    expect(results.every((result) => result instanceof MusicApiError && result.code === 'UPSTREAM_UNAVAILABLE')).toBe(
      true,
    );
  });
});

describe('the memory entity cache', () => {
  it('expires entries and evicts the least recently used', async () => {
    let now = 0;
    const cache = new MemoryEntityCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    await cache.setMany([
      ['a', 1],
      ['b', 2],
    ]);
    expect(await cache.getMany(['a'])).toEqual([1]);
    await cache.setMany([['c', 3]]);
    expect(await cache.getMany(['a', 'b', 'c'])).toEqual([1, undefined, 3]);
    now = 1000;
    expect(await cache.getMany(['a', 'c'])).toEqual([undefined, undefined]);
    expect(cache.size).toBe(0);
  });
});
