import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { MusicClient } from './client';
import { chunked, createLibraryLoader, holdLibrary, primeLibrary } from './library-loader';

/** A small upstream with `GET /me/library/contains`: the URIs ending in an even digit are saved. */
let calls: string[][] = [];
let failWith: number | null = null;
let upstream: RunningServer;

beforeAll(async () => {
  const app = express();
  app.get('/v1/me/library/contains', (req, res) => {
    const uris = typeof req.query.uris === 'string' ? req.query.uris.split(',') : [];
    calls.push(uris);
    if (uris.length > 40) {
      res.status(400).json({ error: { status: 400, message: 'Too many uris' } });
      return;
    }
    if (failWith !== null && calls.length === 1) {
      res.status(failWith).json({ error: { status: failWith, message: 'Refused' } });
      return;
    }
    res.json(uris.map((uri) => Number(uri.at(-1)) % 2 === 0));
  });
  upstream = await listen(app);
});
afterAll(() => upstream.close());
beforeEach(() => {
  calls = [];
  failWith = null;
});

const client = () =>
  new MusicClient({
    baseUrl: `${upstream.url}/v1`,
    tokens: { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') },
    maxRetries: 0,
  });
const uris = (count: number) => Array.from({ length: count }, (_, index) => `spotify:track:t${String(index)}`);

describe('chunked', () => {
  it('splits in order into runs of at most the size', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 40)).toEqual([]);
  });
});

describe('library loader', () => {
  it('asks 40 URIs per call, de-duplicates, and answers in key order', async () => {
    const loader = createLibraryLoader(client());
    const keys = [...uris(90), 'spotify:track:t3', 'spotify:album:a4'];
    const answers = await loader.loadMany(keys);
    expect(answers).toEqual(keys.map((uri) => Number(uri.at(-1)) % 2 === 0));
    expect(calls.map((call) => call.length)).toEqual([40, 40, 11]);
    expect(new Set(calls.flat()).size).toBe(91);
  });

  it('answers a URI asked twice in one request from one call', async () => {
    const loader = createLibraryLoader(client());
    await loader.load('spotify:track:t2');
    expect(await loader.load('spotify:track:t2')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('fails only the URIs of a refused call', async () => {
    failWith = 403;
    const loader = createLibraryLoader(client());
    const answers = await loader.loadMany(uris(41));
    const failed = answers.filter((answer) => answer instanceof Error);
    expect(failed).toHaveLength(40);
    expect(answers[40]).toBe(true);
  });

  it('holds its questions until a held list arrives, so that they share calls with its items', async () => {
    const loader = createLibraryLoader(client());
    let arrive: (uris: string[]) => void = () => undefined;
    const list = holdLibrary(
      loader,
      new Promise<string[]>((resolve) => {
        arrive = resolve;
      }),
    );
    const following = loader.load('spotify:artist:a2');
    // The question waits for the list: nothing is asked yet.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(0);
    arrive(uris(10));
    const saved = list.then((items) => loader.loadMany(items));
    expect(await following).toBe(true);
    expect((await saved).filter((answer) => answer === true)).toHaveLength(5);
    expect(calls).toEqual([['spotify:artist:a2', ...uris(10)]]);
  });

  it('asks at once when nothing is held, and after a failed list too', async () => {
    const loader = createLibraryLoader(client());
    expect(await loader.load('spotify:track:t4')).toBe(true);
    await holdLibrary(loader, Promise.reject(new Error('gone'))).catch(() => undefined);
    expect(await loader.load('spotify:track:t6')).toBe(true);
    expect(calls).toEqual([['spotify:track:t4'], ['spotify:track:t6']]);
  });

  it('primed answers need no call', async () => {
    const loader = createLibraryLoader(client());
    primeLibrary(loader, ['spotify:track:t1'], true);
    primeLibrary(loader, ['spotify:track:t2'], false);
    expect(await loader.loadMany(['spotify:track:t1', 'spotify:track:t2'])).toEqual([true, false]);
    expect(calls).toHaveLength(0);
  });

  it('a new prime replaces an earlier answer', async () => {
    const loader = createLibraryLoader(client());
    expect(await loader.load('spotify:track:t2')).toBe(true);
    primeLibrary(loader, ['spotify:track:t2'], false);
    expect(await loader.load('spotify:track:t2')).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
