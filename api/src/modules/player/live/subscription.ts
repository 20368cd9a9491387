import { GraphQLError } from 'graphql';
import type { Context } from '../../../context';
import type { MusicClient, TokenSource } from '../../../music/client';
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

/** What a stream holds between its events: the newest reading not yet sent, and how it ended. */
interface StreamState {
  pending: PlayerSnapshot | undefined;
  failure: GraphQLError | undefined;
  done: boolean;
  /** Wakes a `next` that waits for a reading or the end. */
  wake: (() => void) | undefined;
}

function notify(state: StreamState): void {
  state.wake?.();
  state.wake = undefined;
}

/** Says at once, then every `everyMs`, that the device is still there. */
function keepDevice(
  client: MusicClient,
  deviceId: string,
  everyMs: number,
  onError: (error: unknown) => void,
): ReturnType<typeof setInterval> {
  const music = upstreamOf(client);
  const keep = () => {
    music
      .put('/me/player/devices/{device_id}', { path: { device_id: deviceId }, idempotent: true })
      // A device the service forgot shows as missing from the devices: the client registers again.
      .catch(onError);
  };
  keep();
  return setInterval(keep, everyMs);
}

/** Checks every `everyMs` that the session is still signed in, and ends the stream once it is not. */
function watchSession(
  stillSignedIn: () => Promise<boolean>,
  everyMs: number,
  end: (error: GraphQLError) => void,
  onError: (error: unknown) => void,
): ReturnType<typeof setInterval> {
  return setInterval(() => {
    stillSignedIn().then((signedIn) => {
      if (!signedIn) end(signedOut());
    }, onError);
  }, everyMs);
}

/** The stream's side for its reader: the pending reading, else the end (with its error), once there is one. */
function eventIterator(state: StreamState, live: LiveContext, finish: () => void): AsyncIterableIterator<PlayerEvent> {
  const iterator: AsyncIterableIterator<PlayerEvent> = {
    async next(): Promise<IteratorResult<PlayerEvent>> {
      while (!state.pending && !state.done) await new Promise<void>((resolve) => (state.wake = resolve));
      if (state.pending) {
        const snapshot = state.pending;
        state.pending = undefined;
        live.renew();
        return { value: { player: { live: snapshot } }, done: false };
      }
      if (state.failure) {
        const error = state.failure;
        state.failure = undefined;
        throw error;
      }
      return { value: undefined, done: true };
    },
    return(): Promise<IteratorResult<PlayerEvent>> {
      if (!state.done) finish();
      state.pending = undefined;
      notify(state);
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error: unknown): Promise<IteratorResult<PlayerEvent>> {
      if (!state.done) finish();
      notify(state);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * The stream of one subscription. It keeps only the newest reading not yet sent (a slow client skips
 * readings, never falls behind), and ends with an error when its credentials are refused.
 */
export function playerEvents(context: Context, deviceId: string | undefined): AsyncIterableIterator<PlayerEvent> {
  const live = context.live;
  if (!live) throw signedOut();
  const onError = live.onError ?? (() => undefined);
  const state: StreamState = { pending: undefined, failure: undefined, done: false, wake: undefined };
  const end = (error?: GraphQLError) => {
    if (state.done) return;
    state.failure ??= error;
    finish();
    notify(state);
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
        state.pending = snapshot;
        notify(state);
      },
      fail: end,
    },
  );
  const timers: ReturnType<typeof setInterval>[] = [];
  if (deviceId !== undefined && context.music) {
    timers.push(keepDevice(context.music, deviceId, live.keepDeviceMs ?? 10_000, onError));
  }
  if (live.stillSignedIn) {
    timers.push(watchSession(live.stillSignedIn, live.sessionCheckMs ?? 60_000, end, onError));
  }
  function finish(): void {
    state.done = true;
    for (const timer of timers) clearInterval(timer);
    leave();
  }

  return eventIterator(state, live, finish);
}
