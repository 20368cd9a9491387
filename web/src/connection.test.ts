import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnection, createConnectionLink, isOutage, unreachableOf, type Connection } from './connection';

const graphqlError = (code: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message: code, extensions: { code } }] });

describe('what counts as cannot reach', () => {
  it('tells an outage from an answer', () => {
    expect(unreachableOf(new TypeError('Failed to fetch'))).toBe('api');
    expect(unreachableOf(graphqlError('UPSTREAM_UNAVAILABLE'))).toBe('music');
    const badGateway = new ServerError('Bad gateway', {
      response: new Response('', { status: 502 }),
      bodyText: '',
    });
    expect(unreachableOf(badGateway)).toBe('api');
    // Signed out, not found, busy: the service answered.
    expect(unreachableOf(graphqlError('UNAUTHENTICATED'))).toBeNull();
    expect(unreachableOf(graphqlError('NOT_FOUND'))).toBeNull();
    expect(unreachableOf(graphqlError('RATE_LIMITED'))).toBeNull();
    expect(unreachableOf(undefined)).toBeNull();
  });
});

describe('the connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A connection whose probe finds the service down until `up` is set. */
  function setUp() {
    const world = { up: false, probes: 0, recoveries: 0 };
    const connection = createConnection({
      probe: () => {
        world.probes += 1;
        return Promise.resolve(world.up ? null : 'music');
      },
      recover: () => {
        world.recoveries += 1;
        return Promise.resolve();
      },
      now: () => Date.now(),
      // The longest wait of each step: the doubling shows plainly.
      random: () => 1,
    });
    return { world, connection };
  }

  it('tries again after 1 s, then doubling up to 30 s, and comes back once a try meets no failure', async () => {
    const { world, connection } = setUp();
    const seen: string[] = [];
    connection.subscribe(() => seen.push(connection.get().kind));
    const back = vi.fn();
    connection.onRecovered(back);

    connection.failed('music');
    expect(connection.get()).toMatchObject({ kind: 'unreachable', what: 'music', attempts: 0, trying: false });
    const waits: number[] = [];
    for (let step = 0; step < 7; step += 1) {
      const state = connection.get();
      if (state.kind !== 'unreachable') throw new Error('back too early');
      waits.push(state.retryAt - Date.now());
      await vi.advanceTimersByTimeAsync(state.retryAt - Date.now());
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(world.probes).toBe(7);
    expect(back).not.toHaveBeenCalled();

    world.up = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connection.get()).toEqual({ kind: 'ok' });
    expect(world.recoveries).toBe(1);
    expect(back).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toBe('ok');
    // Back to normal: no more tries.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(world.probes).toBe(8);
  });

  it('spreads the waits (jitter): each is drawn between half and all of its step', () => {
    const low = createConnection({ probe: () => Promise.resolve(null), random: () => 0 });
    low.failed('api');
    const state = low.get();
    expect(state.kind === 'unreachable' && state.retryAt - Date.now()).toBe(500);
    low.dispose();
  });

  it('tries at once on Try now, and only once while a try is on its way', async () => {
    const { world, connection } = setUp();
    connection.failed('music');
    connection.tryNow();
    connection.tryNow();
    expect(world.probes).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.get()).toMatchObject({ kind: 'unreachable', attempts: 1, trying: false });
    world.up = true;
    connection.tryNow();
    expect(world.probes).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.get()).toEqual({ kind: 'ok' });
  });

  it('counts as back once a try answers, after asking the queries again, whatever they meet on their own', async () => {
    let connection: Connection | undefined = undefined;
    const order: string[] = [];
    connection = createConnection({
      probe: () => {
        order.push('probe');
        return Promise.resolve(null);
      },
      recover: () => {
        order.push(`recover while ${connection?.get().kind ?? ''}`);
        // One query still fails (a request of its own refused): the screen says so itself.
        connection?.failed('api');
        return Promise.reject(new Error('one query failed'));
      },
      random: () => 1,
    });
    connection.failed('music');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(['probe', 'recover while unreachable']);
    expect(connection.get()).toEqual({ kind: 'ok' });
    connection.dispose();
  });

  it('is an outage only once a try failed too: one failure alone may be one request’s bad luck', async () => {
    const { world, connection } = setUp();
    connection.failed('music');
    expect(isOutage(connection.get())).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isOutage(connection.get())).toBe(true);
    world.up = true;
    connection.tryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOutage(connection.get())).toBe(false);
  });

  it('judges a try by its own answer: another request refused meanwhile does not make an outage', async () => {
    let connection: Connection | undefined = undefined;
    connection = createConnection({
      probe: () => {
        // A screen's own request is refused while the probe is out; the probe itself is answered.
        connection?.failed('api');
        return Promise.resolve(null);
      },
      random: () => 1,
    });
    connection.failed('api');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connection.get()).toEqual({ kind: 'ok' });
    connection.dispose();
  });

  it('says what the failed try found out of reach, and counts a probe that throws as still out of reach', async () => {
    const answers: (() => Promise<'api' | 'music' | null>)[] = [
      () => Promise.resolve('api'),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new Error('something else')),
    ];
    const connection = createConnection({
      probe: () => answers.shift()?.() ?? Promise.resolve(null),
      random: () => 1,
    });
    connection.failed('music');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connection.get()).toMatchObject({ kind: 'unreachable', what: 'api', attempts: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connection.get()).toMatchObject({ kind: 'unreachable', what: 'api', attempts: 2 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(connection.get()).toMatchObject({ kind: 'unreachable', what: 'api', attempts: 3 });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(connection.get()).toEqual({ kind: 'ok' });
    connection.dispose();
  });
});

describe('the link', () => {
  function run(answer: (observer: { next: (value: unknown) => void; error: (error: unknown) => void }) => void) {
    const failed = vi.fn();
    const connection = { failed } as unknown as Connection;
    const network = new ApolloLink(
      () =>
        new Observable((observer) => {
          answer({
            next: (value) => {
              observer.next(value as never);
              observer.complete();
            },
            error: (error) => observer.error(error),
          });
        }),
    );
    const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
    return new Promise<typeof failed>((resolve) => {
      ApolloLink.execute(
        createConnectionLink(connection).concat(network),
        { query: gql('query Me { me { id } }') },
        {
          client,
        },
      ).subscribe({ complete: () => resolve(failed), error: () => resolve(failed) });
    });
  }

  it('reports a network failure as the api out of reach', async () => {
    expect(await run(({ error }) => error(new TypeError('Failed to fetch')))).toHaveBeenCalledWith('api');
  });

  it("reports the api's word that the music service does not answer", async () => {
    const failed = await run(({ next }) =>
      next({ data: { me: null }, errors: [{ message: 'down', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }] }),
    );
    expect(failed).toHaveBeenCalledWith('music');
  });

  it('says nothing of an answer, even a signed-out one', async () => {
    expect(await run(({ next }) => next({ data: { me: { id: 'x' } } }))).not.toHaveBeenCalled();
    const signedOut = await run(({ next }) =>
      next({ data: { me: null }, errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    expect(signedOut).not.toHaveBeenCalled();
  });
});
