import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedis } from '../../../test-support/services';
import { Browser, removeSessionDirs, startApi, startMusic, type Music } from './harness';

/**
 * Anonymous floods of `/auth/login`, on loopback against a real api and music service: starting a
 * sign-in stores nothing on the server (its state rides in a sealed cookie), so the session store
 * keeps its size, in the file store and in Redis alike; one address gets 429 past its limit; and
 * signing in still works afterwards.
 */

// Thousands of real requests on a machine that may be busy: time enough, though they take a few seconds.
vi.setConfig({ testTimeout: 120_000 });

const floodSize = 2000;
const concurrency = 8;
const me = '{ me { id } }';

/** `count` GET /auth/login, `concurrency` at a time; resolves with how many answers had each status. */
async function flood(url: string, count: number, headers: Record<string, string> = {}): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let started = 0;
  const worker = async (): Promise<void> => {
    while (started < count) {
      started += 1;
      const response = await fetch(`${url}/auth/login`, { redirect: 'manual', headers });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

let music: Music;
const redisAvailable = await hasRedis();

beforeAll(async () => {
  music = await startMusic();
}, 60_000);

afterAll(async () => {
  await music.stop();
  removeSessionDirs();
});

describe.each([
  { store: 'the file store', redis: false },
  { store: 'Redis', redis: true },
])('$store, under a flood of sign-ins started and never finished', ({ redis }) => {
  it.runIf(!redis || redisAvailable)(
    `keeps its size through ${floodSize} anonymous /auth/login requests, then signs a person in`,
    async () => {
      // A limit above the flood: this is about the store, not the limit.
      const api = await startApi(music, { redis, env: { LOGIN_RATE_LIMIT: `${floodSize + 10}/1m` } });
      try {
        const before = await api.storedCount();
        expect(await flood(api.url, floodSize)).toEqual(new Map([[302, floodSize]]));
        expect(await api.storedCount()).toBe(before);

        const browser = new Browser(api.url);
        await browser.signIn();
        expect((await browser.graphql(me)).body).toEqual({ data: { me: { id: 'demo' } } });
        expect(await api.storedCount()).toBe(before + 1);
      } finally {
        await api.stop();
      }
    },
  );
});

describe('the per-address limit on starting a sign-in', () => {
  it('answers 429 with Retry-After and a plain sentence once an address started too many', async () => {
    const api = await startApi(music, { env: { LOGIN_RATE_LIMIT: '5/1m' } });
    try {
      expect(await flood(api.url, 8)).toEqual(
        new Map([
          [302, 5],
          [429, 3],
        ]),
      );
      const refused = await fetch(`${api.url}/auth/login`, { redirect: 'manual' });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.text()).toBe(
        `Too many sign-ins were started from your address. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      );
      expect(refused.headers.getSetCookie()).toEqual([]);
    } finally {
      await api.stop();
    }
  });

  it('counts the address the trusted proxy names, and no address a client names itself', async () => {
    const behindProxy = await startApi(music, { env: { LOGIN_RATE_LIMIT: '2/1m', TRUST_PROXY: '1' } });
    const direct = await startApi(music, { env: { LOGIN_RATE_LIMIT: '2/1m' } });
    try {
      const from = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });
      expect(await flood(behindProxy.url, 3, from('203.0.113.7'))).toEqual(
        new Map([
          [302, 2],
          [429, 1],
        ]),
      );
      // Another client behind the same proxy is not held up by the first.
      expect(await flood(behindProxy.url, 2, from('203.0.113.8'))).toEqual(new Map([[302, 2]]));
      // Without a trusted proxy, a made-up X-Forwarded-For does not buy a new allowance.
      expect(await flood(direct.url, 2, from('203.0.113.9'))).toEqual(new Map([[302, 2]]));
      expect(await flood(direct.url, 1, from('203.0.113.10'))).toEqual(new Map([[429, 1]]));
    } finally {
      await behindProxy.stop();
      await direct.stop();
    }
  });
});
