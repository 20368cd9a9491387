import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import type { Client, ClientOptions } from 'graphql-ws';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, createLiveStatus, liveUrl, maxRetryDelayMs, retryDelayMs, splitLive } from './live';

/** A link that answers every operation with the name of the way it went. */
const answering = (way: string) =>
  new ApolloLink(
    () =>
      new Observable((observer) => {
        observer.next({ data: { way } });
        observer.complete();
      }),
  );

/** Which way an operation goes through the split. */
function wayOf(document: ReturnType<typeof gql>): Promise<unknown> {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  return new Promise((resolve, reject) => {
    ApolloLink.execute(splitLive(answering('live'), answering('http')), { query: document }, { client }).subscribe({
      next: (result) => resolve(result.data?.way),
      error: reject,
    });
  });
}

/** A graphql-ws client that is never asked for: the options it was given, to fire its events by hand. */
function fakeCreate() {
  let given: ClientOptions | undefined;
  const create = (options: ClientOptions): Client => {
    given = options;
    return {} as Client;
  };
  const options = () => {
    if (!given) throw new Error('No client was created.');
    return given;
  };
  return { create, options };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('sends subscriptions over the WebSocket, queries and mutations over HTTP', async () => {
    expect(await wayOf(gql('subscription Live { player { __typename } }'))).toBe('live');
    expect(await wayOf(gql('query Me { me { id } }'))).toBe('http');
    expect(await wayOf(gql('mutation Pause { pausePlayback(input: {}) { __typename } }'))).toBe('http');
  });

  it('connects to the same origin, wss:// from an https page', () => {
    expect(liveUrl({ protocol: 'https:', host: 'graphonic.example' })).toBe('wss://graphonic.example/graphql');
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:4400' })).toBe('ws://127.0.0.1:4400/graphql');
  });

  it('waits longer after each failed attempt, up to 30 seconds, never the same for every tab', () => {
    const lowest = (retries: number) => retryDelayMs(retries, () => 0);
    const highest = (retries: number) => retryDelayMs(retries, () => 1);
    expect([0, 1, 2, 3].map(highest)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([0, 1, 2, 3].map(lowest)).toEqual([500, 1_000, 2_000, 4_000]);
    expect(highest(20)).toBe(maxRetryDelayMs);
    expect(lowest(20)).toBe(maxRetryDelayMs / 2);
    expect(retryDelayMs(3, () => 0.5)).toBe(6_000);
  });

  it('connects lazily and retries for as long as the page lives, whatever broke', () => {
    const { create, options } = fakeCreate();
    createLiveClient('ws://here/graphql', createLiveStatus(), create);
    expect(options()).toMatchObject({ url: 'ws://here/graphql', lazy: true, retryAttempts: Number.POSITIVE_INFINITY });
    expect(options().shouldRetry?.(new Event('error'))).toBe(true);
    expect(options().shouldRetry?.({ code: 1006, reason: '' })).toBe(true);
  });

  it('waits the backoff between attempts', async () => {
    vi.useFakeTimers();
    const { create, options } = fakeCreate();
    createLiveClient('ws://here/graphql', createLiveStatus(), create);
    vi.spyOn(Math, 'random').mockReturnValue(1);
    let waited = false;
    void options()
      .retryWait?.(2)
      .then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(3_999);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBe(true);
  });

  it('reports its state: connecting, connected, down until connected again, idle once closed normally', () => {
    const { create, options } = fakeCreate();
    const status = createLiveStatus();
    const seen: string[] = [];
    status.subscribe(() => seen.push(status.get()));
    createLiveClient('ws://here/graphql', status, create);
    const on = options().on ?? {};
    on.connecting?.(false);
    on.connected?.({}, undefined, false);
    on.closed?.({ code: 1006, reason: '' });
    // Trying again after a break: still down (the player polls) until the socket is up.
    on.connecting?.(true);
    on.error?.(new Event('error'));
    on.connecting?.(true);
    on.connected?.({}, undefined, true);
    on.closed?.({ code: 1000, reason: 'Normal Closure' });
    expect(seen).toEqual(['connecting', 'connected', 'down', 'connected', 'idle']);
  });

  it('closes a socket whose ping goes unanswered, so that it reconnects', () => {
    vi.useFakeTimers();
    const { create, options } = fakeCreate();
    createLiveClient('ws://here/graphql', createLiveStatus(), create);
    const on = options().on ?? {};
    const close = vi.fn();
    const socket = Object.assign(Object.create(WebSocket.prototype) as WebSocket, { close });
    Object.defineProperty(socket, 'readyState', { value: WebSocket.OPEN });
    on.connected?.(socket, undefined, false);

    // Answered in time: nothing happens.
    on.ping?.(false, undefined);
    vi.advanceTimersByTime(1_000);
    on.pong?.(true, undefined);
    vi.advanceTimersByTime(10_000);
    expect(close).not.toHaveBeenCalled();

    // Not answered: the socket is closed as timed out (a retryable code).
    on.ping?.(false, undefined);
    vi.advanceTimersByTime(5_000);
    expect(close).toHaveBeenCalledWith(4408, 'Request Timeout');
  });
});
