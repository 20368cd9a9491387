import { GraphQLError } from 'graphql';
import type { Context } from '../../../context';
import type { TokenSource } from '../../../music/client';
import { upstreamOf } from '../../../music/upstream';
import type { PlayerParent } from '../parents';
import type { PlayerHub } from './hub';
import type { PlayerSnapshot } from './snapshot';

/**
 * `Subscription.player(deviceId)`: the listener's feed as a stream of players, each with the state and the
 * devices of its reading (no upstream call of its own; `queue` is read when selected). With `deviceId`, the
 * device is said to be still there every 10 s while the subscription lasts, so that it lapses soon after the
 * socket closes. A subscription of a session checks now and then that the session is still signed in.
 */

/** What the WebSocket gives a subscription's context (absent over HTTP). */
export interface LiveContext {
  hub: PlayerHub;
  feed: { key: string; listener: string; kind: 'session' | 'bearer' };
  /** The subscription's own credentials (its session's tokens, or its bearer token). */
  tokens: TokenSource;
  /** New loaders for the next event, so that nothing one event loaded (a saved flag) outlives it. */
  renew(): void;
  /** Whether the connection's session is still signed in; absent for a bearer token. */
  stillSignedIn?: () => Promise<boolean>;
  /** Between two "still here" calls. Default 10 s. */
  keepDeviceMs?: number;
  /** Between two checks of the session. Default 60 s. */
  sessionCheckMs?: number;
  onError?: (error: unknown) => void;
}

export interface PlayerEvent {
  player: PlayerParent;
}

function signedOut(): GraphQLError {
  return new GraphQLError('Your session has ended. Please sign in again.', {
    extensions: { code: 'UNAUTHENTICATED' },
  });
}

/**
 * The stream of one subscription. It keeps only the newest reading not yet sent (a slow client skips
 * readings, never falls behind), and ends with an error when its credentials are refused.
 */
export function playerEvents(context: Context, deviceId: string | undefined): AsyncIterableIterator<PlayerEvent> {
  const live = context.live;
  if (!live) throw signedOut();
  const onError = live.onError ?? (() => undefined);
  let pending: PlayerSnapshot | undefined;
  let failure: GraphQLError | undefined;
  let done = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const end = (error?: GraphQLError) => {
    if (done) return;
    failure ??= error;
    finish();
    notify();
  };
  const leave = live.hub.subscribe(
    {
      key: live.feed.key,
      listener: live.feed.listener,
      kind: live.feed.kind,
      credential: { tokens: live.tokens, revoke: end },
    },
    {
      next: (snapshot) => {
        pending = snapshot;
        notify();
      },
      fail: end,
    },
  );
  const timers: ReturnType<typeof setInterval>[] = [];
  if (deviceId !== undefined && context.music) {
    const music = upstreamOf(context.music);
    const keep = () => {
      music
        .put('/me/player/devices/{device_id}', { path: { device_id: deviceId }, idempotent: true })
        // A device the service forgot shows as missing from the devices: the client registers again.
        .catch(onError);
    };
    keep();
    timers.push(setInterval(keep, live.keepDeviceMs ?? 10_000));
  }
  if (live.stillSignedIn) {
    const check = live.stillSignedIn;
    timers.push(
      setInterval(() => {
        check().then((signedIn) => {
          if (!signedIn) end(signedOut());
        }, onError);
      }, live.sessionCheckMs ?? 60_000),
    );
  }
  function finish(): void {
    done = true;
    for (const timer of timers) clearInterval(timer);
    leave();
  }

  const iterator: AsyncIterableIterator<PlayerEvent> = {
    async next(): Promise<IteratorResult<PlayerEvent>> {
      while (!pending && !done) await new Promise<void>((resolve) => (wake = resolve));
      if (pending) {
        const snapshot = pending;
        pending = undefined;
        live.renew();
        return { value: { player: { live: snapshot } }, done: false };
      }
      if (failure) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      return { value: undefined, done: true };
    },
    return(): Promise<IteratorResult<PlayerEvent>> {
      if (!done) finish();
      pending = undefined;
      notify();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error: unknown): Promise<IteratorResult<PlayerEvent>> {
      if (!done) finish();
      notify();
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
