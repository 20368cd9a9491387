import { afterEach, expect, it, vi } from 'vitest';
import { describeGraphql, type GraphqlResult } from '../__fixtures__/graphql';

/**
 * Upstream failures through GraphQL, against the real local music service with its fault
 * switches on: what the api answers, how many calls it makes, and that it keeps serving.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const codes = (result: GraphqlResult): (string | undefined)[] => result.errors.map((error) => error.extensions?.code);
const calls = (result: GraphqlResult): string[] =>
  result.upstream.map((call) => `${call.method} ${call.path} ${String(call.status)}`);
/** A read of the listener's own that the api asks each time (their profile is kept for the session: decision 043). */
const saved = '{ me { savedTracks(first: 1) { totalCount } } }';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describeGraphql(
  'upstream failures',
  (fixture) => {
    afterEach(() => {
      fixture.faults.set({ latencyMs: null, rateLimit: null, failureRate: 0 });
      fixture.faults.reset();
    });

    /** The api still answers, and answers correctly, once the faults are off. */
    async function stillServing(): Promise<void> {
      fixture.faults.set({ latencyMs: null, rateLimit: null, failureRate: 0 });
      fixture.faults.reset();
      const health = await fetch(`${fixture.apiUrl}/healthz`);
      expect(health.status).toBe(200);
      const listener = await fixture.listener();
      const result = await listener.query('{ me { id } }');
      expect(result.errors).toEqual([]);
      expect(result.data).toEqual({ me: { id: listener.id } });
    }

    it('waits out a Retry-After that fits the budget, and the operation succeeds', async () => {
      const listener = await fixture.listener();
      fixture.faults.set({ rateLimit: { requests: 1, windowMs: 1000 } });
      const first = await listener.query(saved);
      expect(first.errors).toEqual([]);
      const second = await listener.query(saved);
      expect(second.errors).toEqual([]);
      expect(second.data).toEqual({ me: { savedTracks: { totalCount: 0 } } });
      expect(calls(second)).toEqual(['GET /v1/me/tracks 429', 'GET /v1/me/tracks 200']);
    });

    it("answers RATE_LIMITED with the wait once the budget is spent, and holds that token's calls until then", async () => {
      const listener = await fixture.listener();
      const other = await fixture.listener();
      // Known before the limit: the api has asked whose each token is (one GET /me each).
      for (const known of [listener, other]) expect((await known.query('{ __typename }')).errors).toEqual([]);
      fixture.faults.set({ rateLimit: { requests: 1, windowMs: 4000 } });
      expect((await listener.query(saved)).errors).toEqual([]);
      const limited = await listener.query(saved);
      expect(limited.data).toEqual({ me: null });
      expect(codes(limited)).toEqual(['RATE_LIMITED']);
      const wait = limited.errors[0]?.extensions?.retryAfterSeconds;
      expect(typeof wait).toBe('number');
      expect(wait).toBeGreaterThanOrEqual(3);
      expect(wait).toBeLessThanOrEqual(4);
      expect(calls(limited)).toEqual(['GET /v1/me/tracks 429']);

      // Told to wait, the api makes no call with that token until the wait is over.
      const again = await listener.query(saved);
      expect(codes(again)).toEqual(['RATE_LIMITED']);
      expect(again.upstream).toEqual([]);
      // A bearer token's limit is its own app's, never the api's: another listener's call still goes, and here
      // meets the music service's own limit (it counts per client, and both tokens are of one client).
      const held = await other.query('{ me { id } }');
      expect(codes(held)).toEqual(['RATE_LIMITED']);
      expect(calls(held)).toEqual(['GET /v1/me 429']);

      await sleep(Number(wait) * 1000 + 100);
      await stillServing();
    });

    it('retries a failing read with backoff, then answers UPSTREAM_UNAVAILABLE', async () => {
      const listener = await fixture.listener();
      fixture.faults.set({ failureRate: 1 });
      const result = await listener.query('{ me { id } }');
      expect(result.data).toEqual({ me: null });
      expect(codes(result)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(result.upstream).toHaveLength(3);
      for (const call of result.upstream) {
        expect(call).toMatchObject({ method: 'GET', path: '/v1/me' });
        expect([500, 502, 503]).toContain(call.status);
      }
      await stillServing();
    });

    it('never retries a mutation that is not idempotent (POST)', async () => {
      const listener = await fixture.listener();
      fixture.faults.set({ failureRate: 1 });
      const result = await listener.query('mutation { createPlaylist(input: { name: "Once" }) { playlist { id } } }');
      expect(result.data).toEqual({ createPlaylist: null });
      expect(codes(result)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(result.upstream).toHaveLength(1);
      expect(result.upstream[0]).toMatchObject({ method: 'POST', path: '/v1/me/playlists' });
      await stillServing();
    });

    it('retries an idempotent write (PUT) like a read', async () => {
      const listener = await fixture.listener();
      const created = await listener.query('mutation { createPlaylist(input: { name: "Twice" }) { playlist { id } } }');
      const playlistId = (created.data as { createPlaylist: { playlist: { id: string } } }).createPlaylist.playlist.id;
      fixture.faults.set({ failureRate: 1 });
      const result = await listener.query(
        'mutation($id: ID!) { updatePlaylistDetails(input: { playlistId: $id, name: "Renamed" }) { __typename } }',
        { id: playlistId },
      );
      expect(codes(result)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(result.upstream.map((call) => `${call.method} ${call.path}`)).toEqual(
        Array.from({ length: 3 }, () => `PUT /v1/playlists/${playlistId}`),
      );
      await stillServing();
    });

    it('answers UPSTREAM_UNAVAILABLE when the music service does not answer in time', async () => {
      const listener = await fixture.listener();
      fixture.faults.set({ latencyMs: { min: 1500, max: 1500 } });
      const started = Date.now();
      const result = await listener.query('{ me { id } }');
      expect(result.data).toEqual({ me: null });
      expect(codes(result)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(result.errors[0]?.message).toBe('The music service did not answer in time.');
      // Three attempts of one second each, and no more.
      expect(result.upstream.map((call) => `${call.method} ${call.path} ${String(call.status)}`)).toEqual([
        'GET /v1/me error',
        'GET /v1/me error',
        'GET /v1/me error',
      ]);
      expect(Date.now() - started).toBeLessThan(6000);
      await stillServing();
    });

    it('keeps each failure to its own field when one operation asks for several things', async () => {
      const listener = await fixture.listener();
      fixture.faults.set({ failureRate: 0.5 });
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          listener.query('{ me { id } search(query: "a", types: [TRACK]) { tracks { totalCount } } }'),
        ),
      );
      for (const result of results) {
        expect(result.status).toBe(200);
        for (const error of result.errors) expect(error.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      }
      await stillServing();
    });
  },
  // The faults are the service's, not the profile's: one profile is enough.
  { profiles: ['full'], musicClient: { timeoutMs: 1000, rateLimitBudgetMs: 1500, backoffMs: 20 } },
);
