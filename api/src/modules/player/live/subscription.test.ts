import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../../context';
import { PlayerHub } from './hub';
import { LocalRelay } from './relay';
import type { PlayerSnapshot } from './snapshot';
import type { SourceEvents } from './source';
import { playerEvents, type PlayerEvent } from './subscription';

/** A subscription's stream over a feed whose source the test drives. */
function setUp(stillSignedIn?: () => Promise<boolean>) {
  const driven: { events?: SourceEvents } = {};
  const hub = new PlayerHub({
    relay: new LocalRelay(),
    createSource: (_spec, events) => {
      driven.events = events;
      return { poke: () => undefined, stop: () => undefined };
    },
  });
  let renewed = 0;
  const context = {
    music: null,
    live: {
      hub,
      feed: { key: 'user:a', listener: 'user:a', kind: 'session' },
      tokens: { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') },
      renew: () => (renewed += 1),
      stillSignedIn,
      sessionCheckMs: 20,
    },
  } as unknown as Context;
  return { hub, driven, context, renewed: () => renewed };
}

const reading = (isPlaying: boolean, at: number): PlayerSnapshot => ({
  player: { is_playing: isPlaying, progress_ms: 0, item: { id: 't' } },
  devices: [],
  at,
});

/** The event of a step of the stream; none once it is done. */
const eventOf = (step: IteratorResult<PlayerEvent>): PlayerEvent | undefined => (step.done ? undefined : step.value);

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the player subscription stream', () => {
  it('sends each reading with its state and devices, skipping readings a slow client has not taken yet', async () => {
    const { hub, driven, context, renewed } = setUp();
    const events = playerEvents(context, undefined);
    await settle();
    driven.events?.onSnapshot(reading(true, 1));
    expect(eventOf(await events.next())?.player.live?.player?.is_playing).toBe(true);
    driven.events?.onSnapshot(reading(false, 2));
    driven.events?.onSnapshot(reading(true, 3));
    // Only the newest of the two waiting readings.
    const next = await events.next();
    expect(eventOf(next)?.player.live?.at).toBe(3);
    expect(renewed()).toBe(2);
    await events.return?.();
    expect(hub.stats()).toEqual({ feeds: 0, subscribers: 0, sources: 0 });
    expect((await events.next()).done).toBe(true);
  });

  it('ends with the error when the feed fails, after the reading it already had', async () => {
    const { driven, context } = setUp();
    const events = playerEvents(context, undefined);
    await settle();
    driven.events?.onSnapshot(reading(true, 1));
    driven.events?.onFailure(new GraphQLError('refused', { extensions: { code: 'FORBIDDEN' } }));
    expect((await events.next()).done).toBe(false);
    await expect(events.next()).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect((await events.next()).done).toBe(true);
  });

  it('ends UNAUTHENTICATED once its session is signed out', async () => {
    let signedIn = true;
    const { hub, context } = setUp(() => Promise.resolve(signedIn));
    const events = playerEvents(context, undefined);
    const ending = events.next();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(hub.stats().subscribers).toBe(1);
    signedIn = false;
    await expect(ending).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(hub.stats().subscribers).toBe(0);
  });

  it('is UNAUTHENTICATED outside a WebSocket connection', () => {
    expect(() => playerEvents({ music: null } as unknown as Context, undefined)).toThrow(GraphQLError);
  });
});
