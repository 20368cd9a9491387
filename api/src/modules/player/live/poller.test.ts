import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { V1PlaybackState } from '../../../music/v1';
import { PlayerHub, type FeedSubscriber } from './hub';
import { PollingSource, type PlayerReads } from './poller';
import { LocalRelay } from './relay';
import type { PlayerSnapshot } from './snapshot';

/**
 * The poller of an upstream without push, on a fake clock: one reader per listener however many subscribe,
 * a read every second while something plays and every 5 s while paused, at once after a poke, none once nobody
 * watches; and what a failed read does.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An upstream whose player plays or not as the test says, counting the reads. */
function upstream(options: { playing?: boolean; fail?: () => Error | undefined } = {}) {
  const counts = { player: 0, devices: 0 };
  const state = { playing: options.playing ?? true };
  const read: PlayerReads = {
    player: () => {
      counts.player += 1;
      const failure = options.fail?.();
      if (failure) return Promise.reject(failure);
      return Promise.resolve({
        is_playing: state.playing,
        progress_ms: 0,
        device: { id: 'speaker' },
        item: { id: 't1' },
      } as V1PlaybackState);
    },
    devices: () => {
      counts.devices += 1;
      return Promise.resolve([{ id: 'speaker', name: 'Speaker', is_active: true }]);
    },
  };
  return { read, counts, state };
}

const noCredentials = { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') };

function hubOver(read: PlayerReads): PlayerHub {
  return new PlayerHub({
    relay: new LocalRelay(),
    createSource: (_feed, events) => new PollingSource({ ...events, read }),
  });
}

function subscriber(): FeedSubscriber & { seen: PlayerSnapshot[]; failed: GraphQLError[] } {
  const seen: PlayerSnapshot[] = [];
  const failed: GraphQLError[] = [];
  return { seen, failed, next: (snapshot) => seen.push(snapshot), fail: (error) => failed.push(error) };
}

describe('the poller', () => {
  it.each([1, 5, 20])(
    'reads once a second for %i subscribers of one listener, and stops when they leave',
    async (count) => {
      const { read, counts } = upstream();
      const hub = hubOver(read);
      const subscribers = Array.from({ length: count }, () => subscriber());
      const leave = subscribers.map((each) =>
        hub.subscribe(
          {
            key: 'user:a',
            listener: 'user:a',
            kind: 'session',
            credential: { tokens: noCredentials, revoke: () => undefined },
          },
          each,
        ),
      );
      await vi.advanceTimersByTimeAsync(60_000);
      // One read at the start, then one a second: the same whatever the number of subscribers.
      expect(counts.player).toBeGreaterThanOrEqual(60);
      expect(counts.player).toBeLessThanOrEqual(61);
      // The devices every 5 s.
      expect(counts.devices).toBeGreaterThanOrEqual(12);
      expect(counts.devices).toBeLessThanOrEqual(13);
      // Every subscriber got the first reading; progress moving on is no change.
      for (const each of subscribers) expect(each.seen).toHaveLength(1);
      for (const done of leave) done();
      const stopped = counts.player;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(counts.player).toBe(stopped);
      expect(hub.stats()).toEqual({ feeds: 0, subscribers: 0, sources: 0 });
    },
  );

  it('reads every 5 s while paused, and at once after a poke', async () => {
    const { read, counts, state } = upstream({ playing: false });
    const hub = hubOver(read);
    const watcher = subscriber();
    hub.subscribe(
      {
        key: 'user:b',
        listener: 'user:b',
        kind: 'session',
        credential: { tokens: noCredentials, revoke: () => undefined },
      },
      watcher,
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(counts.player).toBeGreaterThanOrEqual(6);
    expect(counts.player).toBeLessThanOrEqual(7);
    state.playing = true;
    const before = counts.player;
    hub.poke('user:b');
    await vi.advanceTimersByTimeAsync(1);
    expect(counts.player).toBe(before + 1);
    expect(watcher.seen.at(-1)?.player?.is_playing).toBe(true);
    // Another listener's command pokes nobody here.
    hub.poke('user:other');
    await vi.advanceTimersByTimeAsync(1);
    expect(counts.player).toBe(before + 1);
    await hub.close();
  });

  it('ends the feed with the error when the credentials are refused, and waits out a 429', async () => {
    let failure: Error = new GraphQLError('slow down', {
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 20 },
    });
    const { read, counts } = upstream({ fail: () => failure });
    const hub = hubOver(read);
    const watcher = subscriber();
    hub.subscribe(
      {
        key: 'user:c',
        listener: 'user:c',
        kind: 'bearer',
        credential: { tokens: noCredentials, revoke: () => undefined },
      },
      watcher,
    );
    await vi.advanceTimersByTimeAsync(19_000);
    expect(counts.player).toBe(1);
    failure = new GraphQLError('signed out', { extensions: { code: 'UNAUTHENTICATED' } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(counts.player).toBe(2);
    expect(watcher.failed.map((error) => error.extensions.code)).toEqual(['UNAUTHENTICATED']);
    expect(hub.stats().feeds).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(counts.player).toBe(2);
  });

  it('backs off after an upstream failure instead of reading every second', async () => {
    const { read, counts } = upstream({
      fail: () => new GraphQLError('down', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } }),
    });
    const source = new PollingSource({
      read,
      onSnapshot: () => undefined,
      onFailure: () => undefined,
      backoffMs: 2000,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    source.stop();
    // 2, 4, 8, 16, 30 s (within jitter) instead of 60 reads.
    expect(counts.player).toBeLessThanOrEqual(8);
    expect(counts.player).toBeGreaterThanOrEqual(3);
  });
});
