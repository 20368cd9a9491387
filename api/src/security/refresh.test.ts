import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedis } from '../../../test-support/services';
import { Browser, clientSecret, removeSessionDirs, startApi, startMusic, type Api, type Music } from './harness';

/**
 * Token refresh of cookie sessions against the real authorization server, which rotates
 * refresh tokens and revokes a whole family when a spent one comes back. The api decides that a
 * token is due from the expiry its session holds, so a test moves that expiry to now (as time
 * would) and then sends a burst of requests. Nothing waits on the clock: on a busy machine a
 * burst that takes seconds still finds a token with its whole lifetime ahead.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const redisAvailable = await hasRedis();
const me = '{ me { id displayName } }';
const burst = 24;

function refreshes(music: Music): { status: number }[] {
  return music.tokens.filter((request) => request.grantType === 'refresh_token');
}

/** Revokes a token at the authorization server (a refresh token takes its whole family along). */
async function revoke(music: Music, token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
  const response = await fetch(`${music.url}/oauth/revoke`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`graphonic:${clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
  });
  expect(response.status).toBe(200);
}

/**
 * Makes the session's access token due for a refresh, as the passing of time would. With `replacing`, first
 * waits until the api has stored the token that took that one's place (the store is written after the answer).
 */
async function makeDue(api: Api, sid: string, replacing?: string): Promise<string> {
  const stored = await vi.waitFor(
    async () => {
      const current = await api.stored(sid);
      if (!current?.music) throw new Error('the session holds no tokens');
      if (current.music.accessToken === replacing) throw new Error('the rotated token is not stored yet');
      return { ...current, music: current.music };
    },
    { timeout: 10_000, interval: 20 },
  );
  await api.store(sid, { ...stored, music: { ...stored.music, expiresAt: Date.now() } });
  return stored.music.accessToken;
}

const stores = [
  { name: 'the file store', redis: false, run: true },
  { name: 'the Redis store', redis: true, run: redisAvailable },
];

for (const store of stores) {
  describe.runIf(store.run)(`token refresh with ${store.name}`, () => {
    let music: Music;
    let api: Api;

    beforeAll(async () => {
      music = await startMusic();
      api = await startApi(music, { redis: store.redis });
    }, 60_000);

    afterAll(async () => {
      await api.stop();
      await music.stop();
      removeSessionDirs();
    });

    async function signedIn(): Promise<{ browser: Browser; sid: string }> {
      const browser = new Browser(api.url);
      await browser.signIn();
      const sid = browser.sid();
      if (!sid) throw new Error('no session cookie after signing in');
      return { browser, sid };
    }

    it('refreshes once for a burst of concurrent requests, then once for the next burst', async () => {
      const { browser, sid } = await signedIn();
      const before = await api.stored(sid);
      const firstToken = await makeDue(api, sid);
      music.forget();

      const first = await Promise.all(Array.from({ length: burst }, () => browser.graphql(me)));
      for (const answer of first) {
        expect(answer.body).toEqual({ data: { me: { id: 'demo', displayName: 'Demo Listener' } } });
      }
      expect(refreshes(music)).toEqual([{ grantType: 'refresh_token', status: 200 }]);

      // The next burst refreshes with the rotated token: a spent one would revoke the family.
      await makeDue(api, sid, firstToken);
      const second = await Promise.all(Array.from({ length: burst }, () => browser.graphql(me)));
      for (const answer of second) expect(answer.body.errors).toBeUndefined();
      expect(refreshes(music)).toEqual([
        { grantType: 'refresh_token', status: 200 },
        { grantType: 'refresh_token', status: 200 },
      ]);
      const after = await api.stored(sid);
      expect(after?.music?.accessToken).not.toBe(before?.music?.accessToken);
    });

    it('refreshes once when the music service refuses the token of a burst (401)', async () => {
      const { browser, sid } = await signedIn();
      const accessToken = (await api.stored(sid))?.music?.accessToken ?? '';
      // The access token alone is revoked: the api still thinks it valid, the music service answers 401.
      await revoke(music, accessToken, 'access_token');
      music.forget();

      const answers = await Promise.all(Array.from({ length: burst }, () => browser.graphql(me)));
      for (const answer of answers) expect(answer.body.errors).toBeUndefined();
      expect(refreshes(music)).toEqual([{ grantType: 'refresh_token', status: 200 }]);
      expect(music.v1.filter((call) => call.status === 401).length).toBeGreaterThan(0);
      expect(music.v1.filter((call) => call.status === 401).length).toBeLessThanOrEqual(burst);
    });

    it('keeps the rotated refresh token in the store in place of the old one', async () => {
      const { browser, sid } = await signedIn();
      const signedInWith = (await api.stored(sid))?.music;
      expect(signedInWith?.refreshToken).toBeTruthy();
      await makeDue(api, sid);
      music.forget();

      expect((await browser.graphql(me)).body.errors).toBeUndefined();
      // The store is written after the answer is sent; a following request sees the rotated tokens.
      expect((await browser.graphql(me)).body.errors).toBeUndefined();
      const stored = (await api.stored(sid))?.music;
      expect(stored?.refreshToken).toBeTruthy();
      expect(stored?.refreshToken).not.toBe(signedInWith?.refreshToken);
      expect(stored?.accessToken).not.toBe(signedInWith?.accessToken);
      expect(JSON.stringify(await api.stored(sid))).not.toContain(signedInWith?.refreshToken ?? 'missing');
      expect(refreshes(music).every((request) => request.status === 200)).toBe(true);
    });

    it('ends the session when the authorization server answers invalid_grant', async () => {
      const { browser, sid } = await signedIn();
      const refreshToken = (await api.stored(sid))?.music?.refreshToken;
      if (!refreshToken) throw new Error('no refresh token in the session');
      await revoke(music, refreshToken, 'refresh_token');
      music.forget();

      const ended = await browser.graphql(me);
      expect(ended.body.data?.me ?? null).toBeNull();
      expect(new Set(ended.body.errors?.map((error) => error.extensions?.code))).toEqual(new Set(['UNAUTHENTICATED']));
      expect(refreshes(music)).toEqual([{ grantType: 'refresh_token', status: 400 }]);
      expect((await api.stored(sid))?.music).toBeUndefined();

      // The next requests are anonymous: no listener, sign-in asked for, and no other refresh.
      expect((await browser.graphql(me)).body).toEqual({ data: { me: null } });
      const next = await browser.graphql('{ search(query: "a", types: [TRACK]) { tracks { totalCount } } }');
      expect(next.body.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
      expect(refreshes(music)).toHaveLength(1);
    });
  });
}

describe.runIf(redisAvailable)('token refresh across two api instances sharing Redis', () => {
  let music: Music;
  let first: Api;
  let second: Api;

  beforeAll(async () => {
    music = await startMusic();
    first = await startApi(music, { redis: true });
    second = await startApi(music, { redis: true });
  }, 60_000);

  afterAll(async () => {
    await first.stop();
    await second.stop();
    await music.stop();
    removeSessionDirs();
  });

  it('refreshes once for a burst spread over both instances', async () => {
    music.forget();
    const browser = new Browser(first.url);
    await browser.signIn();
    const sid = browser.sid() ?? '';
    // The same cookie on both instances, as a load balancer spreads one browser's requests.
    const other = new Browser(second.url);
    for (const cookie of browser.jar.header().split('; ')) {
      const [name = '', value = ''] = cookie.split('=');
      other.jar.set(name, value);
    }
    let spent: string | undefined;
    for (const round of [1, 2]) {
      spent = await makeDue(first, sid, spent);
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, index) => (index % 2 === 0 ? browser : other).graphql(me)),
      );
      for (const answer of answers) expect(answer.body.errors).toBeUndefined();
      expect(refreshes(music).map((request) => request.status)).toEqual(Array.from({ length: round }, () => 200));
    }
  });
});
