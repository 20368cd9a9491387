import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { TokenSource } from '../../../music/client';
import { CredentialPool } from './credentials';
import { PlayerHub, type FeedSpec } from './hub';
import { LocalRelay } from './relay';
import type { PlayerSnapshot } from './snapshot';
import type { SourceEvents } from './source';

/** The feeds of one instance with a source the test drives. */
function driven() {
  const sources: { spec: FeedSpec; events: SourceEvents; pokes: number; stopped: boolean }[] = [];
  const hub = new PlayerHub({
    relay: new LocalRelay(),
    createSource: (spec, events) => {
      const source = { spec, events, pokes: 0, stopped: false };
      sources.push(source);
      return {
        poke: () => (source.pokes += 1),
        stop: () => (source.stopped = true),
      };
    },
  });
  return { hub, sources };
}

const reading = (isPlaying: boolean, at: number): PlayerSnapshot => ({
  player: { is_playing: isPlaying, progress_ms: 0, item: { id: 't' } },
  devices: [],
  at,
});

const tokens = (token: string, refused?: GraphQLError): TokenSource => ({
  accessToken: () => (refused ? Promise.reject(refused) : Promise.resolve(token)),
  refresh: () => (refused ? Promise.reject(refused) : Promise.resolve(token)),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the player hub', () => {
  it('runs one source per feed, gives a late subscriber the last reading, and tells changes only', async () => {
    const { hub, sources } = driven();
    const seen: string[] = [];
    const credential = { tokens: tokens('a'), revoke: () => undefined };
    const leaveOne = hub.subscribe(
      { key: 'user:a', listener: 'user:a', kind: 'session', credential },
      {
        next: (snapshot) => seen.push(`one ${String(snapshot.player?.is_playing)}`),
        fail: () => undefined,
      },
    );
    await settle();
    expect(sources).toHaveLength(1);
    sources[0]?.events.onSnapshot(reading(true, 100));
    const leaveTwo = hub.subscribe(
      { key: 'user:a', listener: 'user:a', kind: 'session', credential },
      {
        next: (snapshot) => seen.push(`two ${String(snapshot.player?.is_playing)}`),
        fail: () => undefined,
      },
    );
    await settle();
    expect(sources).toHaveLength(1);
    // The same playback read again is no news; an older reading arriving late is dropped.
    sources[0]?.events.onSnapshot(reading(true, 200));
    sources[0]?.events.onSnapshot(reading(false, 150));
    sources[0]?.events.onSnapshot(reading(false, 300));
    expect(seen).toEqual(['one true', 'two true', 'one false', 'two false']);
    leaveOne();
    expect(sources[0]?.stopped).toBe(false);
    leaveTwo();
    expect(sources[0]?.stopped).toBe(true);
    expect(hub.stats().feeds).toBe(0);
  });

  it("keeps a session's feed apart from a bearer token's, and pokes every feed of the listener", async () => {
    const { hub, sources } = driven();
    const credential = { tokens: tokens('a'), revoke: () => undefined };
    const quiet = { next: () => undefined, fail: () => undefined };
    hub.subscribe({ key: 'user:a', listener: 'user:a', kind: 'session', credential }, quiet);
    hub.subscribe({ key: 'user:a:token:x', listener: 'user:a', kind: 'bearer', credential }, quiet);
    hub.subscribe({ key: 'user:b', listener: 'user:b', kind: 'session', credential }, quiet);
    await settle();
    expect(sources.map((source) => source.spec.key)).toEqual(['user:a', 'user:a:token:x', 'user:b']);
    hub.poke('user:a');
    await settle();
    expect(sources.map((source) => source.pokes)).toEqual([1, 1, 0]);
    await hub.close();
    expect(sources.every((source) => source.stopped)).toBe(true);
  });
});

describe('the credential pool', () => {
  it('reads with the oldest credentials, and ends only the subscription whose credentials are refused', async () => {
    const pool = new CredentialPool();
    const ended: string[] = [];
    const refused = new GraphQLError('signed out', { extensions: { code: 'UNAUTHENTICATED' } });
    const first = { tokens: tokens('one', refused), revoke: () => ended.push('one') };
    const second = { tokens: tokens('two'), revoke: () => ended.push('two') };
    pool.add(first);
    pool.add(second);
    expect(await pool.accessToken()).toBe('two');
    expect(ended).toEqual(['one']);
    expect(pool.size).toBe(1);
    pool.remove(second);
    await expect(pool.accessToken()).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('passes on a failure that is not about the credentials, and takes the next one after a refused refresh', async () => {
    const pool = new CredentialPool();
    const down = new GraphQLError('store down', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    const flaky = { tokens: tokens('one', down), revoke: () => undefined };
    pool.add(flaky);
    await expect(pool.accessToken()).rejects.toBe(down);
    expect(pool.size).toBe(1);
    pool.remove(flaky);
    const ended: string[] = [];
    const refused = new GraphQLError('no', { extensions: { code: 'UNAUTHENTICATED' } });
    pool.add({
      tokens: { accessToken: () => Promise.resolve('old'), refresh: () => Promise.reject(refused) },
      revoke: () => ended.push('old'),
    });
    pool.add({ tokens: tokens('next'), revoke: () => ended.push('next') });
    expect(await pool.refresh()).toBe('next');
    expect(ended).toEqual(['old']);
  });
});
