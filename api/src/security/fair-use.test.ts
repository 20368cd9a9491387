import { issueTokens } from '@graphonic/music';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedis } from '../../../test-support/services';
import { requestedScopes } from '../auth/scopes';
import { Browser, removeSessionDirs, startApi, startMusic, type Api, type ApiOptions, type Music } from './harness';

/**
 * Fair use, against the real local music service and real api instances: one listener (signed
 * in, or a third-party client's bearer token) or one anonymous address over its limits must not
 * get anyone else rated, neither by the api's request limit nor by the upstream's budget; what
 * the upstream can do is learnt from the app's own client only; and a write that is not
 * idempotent is never sent twice. Each case runs with one instance keeping its state in process,
 * and with two instances sharing it through Redis.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 60_000 });

interface Answer {
  status: number;
  retryAfter: string | null;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

const post = (query: string, variables?: Record<string, unknown>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables }),
});

/** A signed-in listener's operation, at the instance `apiUrl`. */
async function asListener(browser: Browser, apiUrl: string, query: string): Promise<Answer> {
  return answerOf(await browser.fetch(`${apiUrl}/graphql`, post(query)));
}

/** An operation with a bearer token, or none, from `address` (named by the trusted loopback proxy). */
async function asClient(
  apiUrl: string,
  query: string,
  options: { token?: string; address?: string; variables?: Record<string, unknown> } = {},
): Promise<Answer> {
  const init = post(query, options.variables);
  return answerOf(
    await fetch(`${apiUrl}/graphql`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      },
    }),
  );
}

const codes = (answer: Answer): unknown[] => (answer.body.errors ?? []).map((error) => error.extensions?.code);

const modes = [
  { name: 'one instance, in process', redis: false, available: true },
  { name: 'two instances sharing Redis', redis: true, available: await hasRedis() },
];

for (const mode of modes) {
  describe.runIf(mode.available)(`fair use (${mode.name})`, () => {
    let music: Music;
    /** The token whose multi-gets the music service refuses, as it would another app's in development mode. */
    let foreignToken = '';
    const running: Api[] = [];
    let tests = 0;
    /** How the music service answers a playlist reorder: a 502, or no answer at all. */
    let reorderFault: 'fail' | 'hang' = 'fail';

    const intercept = (req: express.Request, res: express.Response): boolean => {
      if (foreignToken && req.path === '/v1/tracks' && req.get('authorization') === `Bearer ${foreignToken}`) {
        res.status(403).json({ error: { status: 403, message: 'Not for this app.' } });
        return true;
      }
      if (req.method === 'PUT' && req.path === '/v1/playlists/reorderme0000000000000/items') {
        if (reorderFault === 'fail') res.status(502).json({ error: { status: 502, message: 'Bad gateway.' } });
        return true;
      }
      return false;
    };

    beforeAll(async () => {
      music = await startMusic({ intercept });
      for (const user of ['alice', 'bruno', 'carol', 'dave']) await music.addUser(user, `${user}-password`);
    }, 60_000);

    afterAll(async () => {
      await Promise.all(running.map((api) => api.stop()));
      await music.stop();
      removeSessionDirs();
    });

    /** The instances of one test: one, or two sharing Redis under keys of this test alone. */
    async function start(env: NodeJS.ProcessEnv, app?: ApiOptions['app']): Promise<[Api, Api]> {
      tests += 1;
      const options: ApiOptions = {
        redis: mode.redis,
        env: { ...env, ...(mode.redis ? { REDIS_KEY_PREFIX: `${music.redisPrefix}t${String(tests)}:` } : {}) },
        app,
      };
      const one = await startApi(music, options);
      const two = mode.redis ? await startApi(music, options) : one;
      running.push(...new Set([one, two]));
      return [one, two];
    }

    async function signedIn(user: string, api: Api): Promise<Browser> {
      const browser = new Browser(api.url);
      await browser.signIn(user, `${user}-password`);
      return browser;
    }

    function tokenOf(user: string): Promise<string> {
      return issueTokens(music.db, {
        userId: user,
        clientId: 'graphonic',
        scopes: requestedScopes,
        ttlSeconds: 3600,
        withRefreshToken: false,
      }).then((tokens) => tokens.access_token);
    }

    it('answers a listener over their request limit with 429, Retry-After and RATE_LIMITED, and serves the others', async () => {
      const [one, two] = await start({ GRAPHQL_RATE_LIMIT: '5/60s' });
      const alice = await signedIn('alice', one);
      const bruno = await signedIn('bruno', two);
      const answers: Answer[] = [];
      // The greedy listener's requests go to every instance.
      for (let request = 0; request < 6; request += 1) {
        answers.push(await asListener(alice, request % 2 === 0 ? one.url : two.url, '{ me { id } }'));
      }
      for (const answer of answers.slice(0, 5)) expect(answer.body.data).toEqual({ me: { id: 'alice' } });
      const limited = answers[5];
      expect(limited?.status).toBe(429);
      const wait = Number(limited?.retryAfter);
      // One request per 12 s once the burst of 5 is spent.
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(12);
      expect(limited?.body.data).toBeUndefined();
      expect(limited?.body.errors).toEqual([
        {
          message: `Too many requests; try again in ${String(wait)} seconds.`,
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
        },
      ]);

      for (const api of [one, two]) {
        const other = await asListener(bruno, api.url, '{ me { id } }');
        expect(other.status).toBe(200);
        expect(other.body).toEqual({ data: { me: { id: 'bruno' } } });
      }
      // An anonymous request from the same machine counts against its address, not against alice.
      expect((await asClient(one.url, '{ me { id } }')).status).toBe(200);
    });

    it('counts anonymous requests by address: one address over its limit leaves other addresses and listeners served', async () => {
      const [one, two] = await start({ GRAPHQL_RATE_LIMIT: '3/60s', TRUST_PROXY: 'loopback' });
      const alice = await signedIn('alice', one);
      const statuses: number[] = [];
      for (let request = 0; request < 4; request += 1) {
        const api = request % 2 === 0 ? one : two;
        statuses.push((await asClient(api.url, '{ me { id } }', { address: '203.0.113.7' })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const elsewhere = await asClient(two.url, '{ me { id } }', { address: '203.0.113.8' });
      expect(elsewhere.status).toBe(200);
      expect((await asListener(alice, two.url, '{ me { id } }')).body.data).toEqual({ me: { id: 'alice' } });
      // One IPv6 host holds a whole /64: its addresses count as one.
      const v6 = [];
      for (const host of ['1', '2', 'abcd', 'ffff']) {
        v6.push((await asClient(one.url, '{ me { id } }', { address: `2001:db8:7:8::${host}` })).status);
      }
      expect(v6).toEqual([200, 200, 200, 429]);
    });

    it("counts a third-party client against its token's user, and a token nobody owns against its address", async () => {
      const [one, two] = await start({ GRAPHQL_RATE_LIMIT: '4/60s', TRUST_PROXY: 'loopback' });
      const [first, second, daves] = await Promise.all([tokenOf('carol'), tokenOf('carol'), tokenOf('dave')]);
      const carol: number[] = [];
      for (const token of [first, second, first, second, first]) {
        carol.push((await asClient(carol.length % 2 === 0 ? one.url : two.url, '{ me { id } }', { token })).status);
      }
      // Two tokens of one user: one limit between them.
      expect(carol).toEqual([200, 200, 200, 200, 429]);
      const dave = await asClient(one.url, '{ me { id } }', { token: daves });
      expect(dave.body).toEqual({ data: { me: { id: 'dave' } } });

      // Made-up tokens: each costs a question to the music service, so each counts against the address first.
      music.forget();
      const madeUp: number[] = [];
      for (let request = 0; request < 6; request += 1) {
        const token = `made-up-token-${String(request)}`;
        madeUp.push((await asClient(one.url, '{ me { id } }', { token, address: '198.51.100.9' })).status);
      }
      expect(madeUp.slice(0, 4)).toEqual([200, 200, 200, 200]);
      expect(madeUp.slice(4)).toEqual([429, 429]);
      expect(music.v1.filter((call) => call.url === '/v1/me').length).toBeLessThanOrEqual(8);
    });

    it("keeps each listener within their share of the upstream budget: a greedy listener leaves the others' calls unrated", async () => {
      // 8 upstream calls a minute for everyone, a quarter of them (2) for any one listener.
      const [one, two] = await start({ GRAPHQL_RATE_LIMIT: 'off', MUSIC_RATE_BUDGET: '8/60s', MUSIC_RATE_SHARE: '25' });
      const alice = await signedIn('alice', one);
      const bruno = await signedIn('bruno', two);
      const carol = await tokenOf('carol');
      let served = 0;
      let limited: Answer | undefined;
      for (let request = 0; request < 10 && !limited; request += 1) {
        // The saved tracks, asked each time (the profile is kept for the session: decision 043).
        const answer = await asListener(
          alice,
          request % 2 === 0 ? one.url : two.url,
          '{ me { savedTracks(first: 1) { totalCount } } }',
        );
        if (codes(answer).includes('RATE_LIMITED')) limited = answer;
        else served += 1;
      }
      expect(served).toBe(2);
      expect(limited?.status).toBe(200);
      expect(limited?.body.errors?.[0]?.message).toMatch(/your whole share/);
      expect(limited?.body.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);

      for (const api of [one, two]) {
        expect((await asListener(bruno, api.url, '{ me { id } }')).body).toEqual({ data: { me: { id: 'bruno' } } });
      }
      // A third-party client's calls take from its user's share, and are served too.
      expect((await asClient(one.url, '{ me { id } }', { token: carol })).body).toEqual({
        data: { me: { id: 'carol' } },
      });
    });

    it("learns what the upstream can do from the app's own client only: another app's refusal switches nothing off", async () => {
      const [one, two] = await start({});
      const ids = (await music.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 6')).rows.map(
        (row) => row.id,
      );
      // Two tracks each: the catalog cache would answer the second request with the first one's.
      const trackIds = ids.slice(0, 2);
      const otherIds = ids.slice(2, 4);
      const laterIds = ids.slice(4);
      foreignToken = await tokenOf('carol');
      try {
        music.forget();
        const tracks = 'query($ids: [ID!]!) { tracks(ids: $ids) { id } }';
        // The foreign app is refused the multi-get, and the api falls back to single gets for it.
        const foreign = await asClient(one.url, tracks, { token: foreignToken, variables: { ids: trackIds } });
        expect(foreign.body).toEqual({ data: { tracks: trackIds.map((id) => ({ id })) } });
        expect(music.v1.some((call) => call.url.startsWith('/v1/tracks?ids=') && call.status === 403)).toBe(true);
        // Learnt for that token: its next request goes straight to single gets.
        music.forget();
        const later = await asClient(two.url, tracks, { token: foreignToken, variables: { ids: laterIds } });
        expect(later.body).toEqual({ data: { tracks: laterIds.map((id) => ({ id })) } });
        if (!mode.redis)
          expect(music.v1.map((call) => call.url.split('?')[0])).toEqual(laterIds.map((id) => `/v1/tracks/${id}`));

        // The signed-in listener's app still has multi-gets: the api says so, and uses them.
        const alice = await signedIn('alice', two);
        const features = await asListener(alice, one.url, '{ upstream { features { multiGet } } }');
        expect(features.body).toEqual({ data: { upstream: { features: { multiGet: true } } } });
        music.forget();
        const response = await alice.fetch(`${two.url}/graphql`, post(tracks, { ids: otherIds }));
        expect(((await response.json()) as Answer['body']).data).toEqual({ tracks: otherIds.map((id) => ({ id })) });
        expect(music.v1.map((call) => `${call.url.split('=')[0] ?? ''} ${String(call.status)}`)).toEqual([
          '/v1/tracks?ids 200',
        ]);
      } finally {
        foreignToken = '';
      }
    });

    it('sends a playlist reorder once when the music service fails or does not answer, and says so', async () => {
      const [one] = await start({}, { musicClient: { timeoutMs: 1000, backoffMs: 10 } });
      const alice = await signedIn('alice', one);
      const reorder =
        'mutation { reorderPlaylistItems(input: { playlistId: "reorderme0000000000000", rangeStart: 0, insertBefore: 2 }) { playlist { id } } }';
      const path = '/v1/playlists/reorderme0000000000000/items';

      music.forget();
      const failed = await asListener(alice, one.url, reorder);
      expect(codes(failed)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(music.v1.filter((call) => call.url === path).map((call) => call.status)).toEqual([502]);

      music.forget();
      reorderFault = 'hang';
      try {
        const unanswered = await asListener(alice, one.url, reorder);
        expect(codes(unanswered)).toEqual(['UPSTREAM_UNAVAILABLE']);
        expect(unanswered.body.errors?.[0]?.message).toBe(
          'The music service did not answer in time. The change may or may not have been made.',
        );
        expect(music.v1.filter((call) => call.url === path)).toHaveLength(1);
      } finally {
        reorderFault = 'fail';
      }
    });
  });
}
