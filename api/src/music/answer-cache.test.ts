import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { AnswerCache } from './answer-cache';
import { MusicClient, type TokenSource, type UpstreamRequestEvent } from './client';

/**
 * An upstream with one playlist per id whose entity tag follows its snapshot, as the local music
 * service's and Spotify's do, a page of items without any tag, and a profile: it counts what it
 * answers and what it was sent.
 */
let snapshots: Record<string, number> = {};
let received: { path: string; ifNoneMatch: string | undefined; authorization: string | undefined }[] = [];
let upstream: RunningServer;

beforeAll(async () => {
  const app = express();
  app.set('etag', false);
  app.get('/v1/playlists/:id', (req, res) => {
    received.push({ path: req.path, ifNoneMatch: req.get('if-none-match'), authorization: req.get('authorization') });
    const snapshot = snapshots[req.params.id] ?? 1;
    const tag = `W/"${req.params.id}-${String(snapshot)}"`;
    res.set('etag', tag);
    if (req.get('if-none-match') === tag) {
      res.status(304).end();
      return;
    }
    res.json({ id: req.params.id, snapshot_id: String(snapshot), owner: req.get('authorization') });
  });
  app.get('/v1/playlists/:id/items', (req, res) => {
    received.push({ path: req.path, ifNoneMatch: req.get('if-none-match'), authorization: req.get('authorization') });
    res.json({ items: [{ item: { id: `t${String(snapshots[req.params.id] ?? 1)}` } }], offset: 100 });
  });
  app.get('/v1/me', (req, res) => {
    received.push({ path: req.path, ifNoneMatch: req.get('if-none-match'), authorization: req.get('authorization') });
    res.json({ id: 'listener', token: req.get('authorization') });
  });
  upstream = await listen(app);
});
afterAll(() => upstream.close());
beforeEach(() => {
  snapshots = {};
  received = [];
});

function tokens(token: string): TokenSource & { token: string } {
  const source = {
    token,
    accessToken: () => Promise.resolve(source.token),
    refresh: () => Promise.resolve(source.token),
  };
  return source;
}

function client(cache: AnswerCache, scope: string, source: TokenSource = tokens(scope)): MusicClient {
  const events: UpstreamRequestEvent[] = [];
  return new MusicClient({
    baseUrl: `${upstream.url}/v1`,
    tokens: source,
    answers: { cache, scope },
    onRequest: (event) => events.push(event),
  });
}

describe('answers kept for the listener', () => {
  it('asks again with the entity tag, and on 304 answers the parsed answer it kept', async () => {
    const cache = new AnswerCache();
    const music = client(cache, 'user:a');
    const first = await music.get<{ id: string }>('/playlists/p1', {}, {});
    const second = await music.get<{ id: string }>('/playlists/p1', {}, {});
    expect(received.map((call) => call.ifNoneMatch)).toEqual([undefined, 'W/"p1-1"']);
    // Not parsed again: the very object kept.
    expect(second).toBe(first);
    expect(cache.size.entries).toBe(1);
  });

  it('reads a playlist changed elsewhere afresh', async () => {
    const cache = new AnswerCache();
    const music = client(cache, 'user:a');
    await music.get('/playlists/p1', {}, {});
    snapshots.p1 = 2;
    const changed = await music.get<{ snapshot_id: string }>('/playlists/p1', {}, {});
    expect(changed.snapshot_id).toBe('2');
    const again = await music.get('/playlists/p1', {}, {});
    expect(again).toBe(changed);
    expect(received.map((call) => call.ifNoneMatch)).toEqual([undefined, 'W/"p1-1"', 'W/"p1-2"']);
  });

  it("never answers one listener's kept answer to another", async () => {
    const cache = new AnswerCache();
    const mine = await client(cache, 'user:a').get<{ owner: string }>('/playlists/p1', {}, {});
    const theirs = await client(cache, 'user:b').get<{ owner: string }>('/playlists/p1', {}, {});
    // The other listener's call carries no tag of the first's, and gets its own answer.
    expect(received.map((call) => call.ifNoneMatch)).toEqual([undefined, undefined]);
    expect(mine.owner).toBe('Bearer user:a');
    expect(theirs.owner).toBe('Bearer user:b');
    expect(theirs).not.toBe(mine);
  });

  it('keeps a page answered without a tag for as long as its playlist has the same snapshot', async () => {
    const cache = new AnswerCache();
    const music = client(cache, 'user:a');
    const page = await music.get('/playlists/p1/items', { offset: 100 }, { snapshot: 's1' });
    expect(await music.get('/playlists/p1/items', { offset: 100 }, { snapshot: 's1' })).toBe(page);
    expect(received).toHaveLength(1);
    snapshots.p1 = 2;
    const changed = await music.get('/playlists/p1/items', { offset: 100 }, { snapshot: 's2' });
    expect(changed).toEqual({ items: [{ item: { id: 't2' } }], offset: 100 });
    expect(received).toHaveLength(2);
  });

  it('uses an answer read for a while without asking, and asks again with a refreshed token', async () => {
    let now = 1000;
    const cache = new AnswerCache({ now: () => now });
    const source = tokens('first');
    const music = client(cache, 'user:a', source);
    const profile = await music.get('/me', {}, { freshForMs: 60_000 });
    now += 30_000;
    expect(await music.get('/me', {}, { freshForMs: 60_000 })).toBe(profile);
    expect(received).toHaveLength(1);
    source.token = 'second';
    expect(await music.get('/me', {}, { freshForMs: 60_000 })).toEqual({ id: 'listener', token: 'Bearer second' });
    expect(received).toHaveLength(2);
    now += 61_000;
    await music.get('/me', {}, { freshForMs: 60_000 });
    expect(received).toHaveLength(3);
  });

  it('reads without `reuse` as before: nothing kept, nothing sent but the call', async () => {
    const cache = new AnswerCache();
    const music = client(cache, 'user:a');
    await music.get('/playlists/p1');
    await music.get('/playlists/p1');
    expect(received.map((call) => call.ifNoneMatch)).toEqual([undefined, undefined]);
    expect(cache.size.entries).toBe(0);
  });
});

describe('the answer cache', () => {
  it('is bounded in bytes: the least recently used go first, an answer too large is not kept', () => {
    const cache = new AnswerCache({ maxBytes: 1000 });
    cache.set('a', { value: 'a', bytes: 90 });
    for (let index = 0; index < 11; index += 1) cache.set(`k${String(index)}`, { value: index, bytes: 90 });
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('k10')?.value).toBe(10);
    cache.set('big', { value: 'big', bytes: 101 });
    expect(cache.get('big')).toBeUndefined();
  });
});
