import { ApolloLink, type ApolloClient } from '@apollo/client';
import type { FormattedExecutionResult } from 'graphql';
import { tap } from 'rxjs';
import { errorCodeOf } from './lib/errors';
import { retryDelayMs } from './live';

/**
 * What could not be reached: `api` when Graphonic itself did not answer (no network, the api down, or a
 * 5xx from the server in front of it), `music` when the api answered that the music service does not.
 */
export type Unreachable = 'api' | 'music';

/**
 * Whether an error means "cannot reach" rather than "not allowed" or "not found". Being signed out
 * (UNAUTHENTICATED) is an answer, never an outage.
 */
export function unreachableOf(error: unknown): Unreachable | null {
  switch (errorCodeOf(error)) {
    case 'NETWORK':
      return 'api';
    case 'UPSTREAM_UNAVAILABLE':
      // A 5xx without a GraphQL answer came from the api or what stands before it; a GraphQL answer from the api.
      return hasGraphqlAnswer(error) ? 'music' : 'api';
    default:
      return null;
  }
}

function hasGraphqlAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errors' in error && Array.isArray(error.errors);
}

/** Whether a GraphQL result carries the api's word that the music service does not answer. */
function musicUnreachableIn(result: { errors?: FormattedExecutionResult['errors'] }): boolean {
  return (result.errors ?? []).some((error) => error.extensions?.code === 'UPSTREAM_UNAVAILABLE');
}

/**
 * The connection as the screen shows it:
 * - `ok`: answers come;
 * - `unreachable`: the last answer said `what` cannot be reached; the next try is at `retryAt`
 *   (a `Date.now()` time), or is on its way when `trying`; `attempts` tries have failed so far.
 *
 * One failure alone may be one request's bad luck: it is an outage (`isOutage`) once a try failed too.
 * Until then the screen that failed says so itself; from then on the connection banner does.
 */
export type ConnectionState =
  | { kind: 'ok' }
  | { kind: 'unreachable'; what: Unreachable; retryAt: number; trying: boolean; attempts: number };

export interface Connection {
  get: () => ConnectionState;
  subscribe: (listener: () => void) => () => void;
  /** An operation found `what` unreachable. */
  failed: (what: Unreachable) => void;
  /** Tries again at once instead of waiting for the next try. */
  tryNow: () => void;
  /** Runs `listener` each time the connection has come back after an outage. */
  onRecovered: (listener: () => void) => () => void;
  /** Stops the timer (a test's client that goes away). */
  dispose: () => void;
}

export interface ConnectionOptions {
  /**
   * Asks the api something that needs the music service, and answers what it found out of reach
   * (`null` when the answer came, even an error of another kind). Only its own answer judges the try:
   * another request refused meanwhile is that request's business, not the connection's.
   */
  probe: () => Promise<Unreachable | null>;
  /**
   * Once a probe met no failure: brings back what the outage held up (asks the queries on screen
   * again). The connection counts as back once this has settled, so that no screen reads the
   * outage's leftovers as answers; what fails in it fails on its own (the probe found the way open).
   */
  recover?: () => Promise<unknown>;
  now?: () => number;
  random?: () => number;
}

const ok: ConnectionState = { kind: 'ok' };

/** Whether the connection is down for good measure: a failure, and a try after it that failed too. */
export function isOutage(state: ConnectionState): boolean {
  return state.kind === 'unreachable' && state.attempts > 0;
}

/**
 * Follows whether Graphonic and its music service can be reached. After a failure it tries again by
 * itself, one second after, then doubling up to 30 s (with jitter: `retryDelayMs`), until a try meets
 * no failure; then it says the connection is back, and what waited for it asks again.
 */
export function createConnection({
  probe,
  recover = () => Promise.resolve(),
  now = Date.now,
  random = Math.random,
}: ConnectionOptions): Connection {
  let state: ConnectionState = ok;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();

  const set = (next: ConnectionState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const schedule = (what: Unreachable, attempts: number) => {
    clearTimeout(timer);
    const wait = retryDelayMs(attempts, random);
    set({ kind: 'unreachable', what, retryAt: now() + wait, trying: false, attempts });
    timer = setTimeout(attempt, wait);
  };

  const attempt = () => {
    if (state.kind !== 'unreachable' || state.trying) return;
    clearTimeout(timer);
    timer = undefined;
    const { attempts, what } = state;
    set({ ...state, trying: true });
    // A try is good when its probe met no outage: an answer that is an error of another kind is still an answer.
    void probe()
      .catch((error: unknown) => unreachableOf(error) ?? what)
      .then(async (unreachable) => {
        if (unreachable) return unreachable;
        await recover().catch(() => undefined);
        return null;
      })
      .then((unreachable) => {
        if (state.kind !== 'unreachable') return;
        if (unreachable) {
          schedule(unreachable, attempts + 1);
          return;
        }
        set(ok);
        for (const listener of [...recoveredListeners]) listener();
      });
  };

  const failed = (what: Unreachable) => {
    if (state.kind === 'ok') {
      schedule(what, 0);
      return;
    }
    if (state.what !== what) set({ ...state, what });
  };

  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failed,
    tryNow: attempt,
    onRecovered: (listener) => {
      recoveredListeners.add(listener);
      return () => recoveredListeners.delete(listener);
    },
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Reports every query's and mutation's outage to `connection`: a failure to reach the api, or an
 * answer that the music service does not answer.
 */
export function createConnectionLink(connection: Connection): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap({
        next: (result) => {
          if (musicUnreachableIn(result)) connection.failed('music');
        },
        error: (error: unknown) => {
          const what = unreachableOf(error);
          if (what) connection.failed(what);
        },
      }),
    ),
  );
}

/** The connection of each client that has one (a test's client without it is always connected). */
const connections = new WeakMap<ApolloClient, Connection>();

export function setConnection(client: ApolloClient, connection: Connection): void {
  connections.set(client, connection);
}

export function connectionOf(client: ApolloClient | undefined): Connection | undefined {
  return client ? connections.get(client) : undefined;
}
