import { ApolloLink, type ApolloClient } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import type { Client, ClientOptions } from 'graphql-ws';
import { from, mergeMap } from 'rxjs';

/**
 * The live connection's state, as the screen needs it:
 * - `idle`: no connection asked for yet (or closed because nothing listens any more);
 * - `connecting`: the first connection is on its way;
 * - `connected`: the socket is up, and pushes arrive;
 * - `down`: the connection broke or could not be made; it is tried again with a growing wait.
 */
export type LiveConnection = 'idle' | 'connecting' | 'connected' | 'down';

/** The live connection's state that components follow (see `useSyncExternalStore`). */
export interface LiveStatus {
  get: () => LiveConnection;
  set: (next: LiveConnection) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLiveStatus(initial: LiveConnection = 'idle'): LiveStatus {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The live connection of each client that has one (a test's client without it polls as before). */
const statuses = new WeakMap<ApolloClient, LiveStatus>();

export function setLiveStatus(client: ApolloClient, status: LiveStatus): void {
  statuses.set(client, status);
}

export function liveStatusOf(client: ApolloClient): LiveStatus | undefined {
  return statuses.get(client);
}

/** The WebSocket address of the api at this page's origin: wss:// on an https page, ws:// otherwise. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, path = '/graphql'): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

/** The longest wait between two attempts to connect. */
export const maxRetryDelayMs = 30_000;

/**
 * How long to wait before the attempt after `retries` failed ones: doubling from one second up to 30,
 * each wait drawn between its half and its whole, so that the tabs of a restarted server do not all
 * knock at the same moment.
 */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxRetryDelayMs, 1_000 * 2 ** Math.max(0, retries));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** How long a ping waits for its pong before the socket counts as dead (a laptop waking, a lost network). */
const pongTimeoutMs = 5_000;
/** How often the client pings the api while the socket is otherwise quiet. */
const pingEveryMs = 20_000;

/** A normal close: the last subscription ended, nothing is broken. */
const normalClosure = 1000;

type CreateClient = (options: ClientOptions) => Client;

/**
 * The graphql-ws client for subscriptions: it connects when the first subscription starts (lazily),
 * tries again for as long as the page lives with exponential backoff and jitter, and reports its state
 * to `status`.
 */
export function createLiveClient(url: string, status: LiveStatus, create: CreateClient): Client {
  let socket: WebSocket | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  return create({
    url,
    lazy: true,
    // A player that resubscribes (its device id arrived) does not drop and reopen the socket.
    lazyCloseTimeout: 3_000,
    keepAlive: pingEveryMs,
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    // Every failure to connect is worth another try: a server restarting, a network coming back.
    shouldRetry: () => true,
    on: {
      connecting: () => {
        // Reconnecting after a break stays `down` until it succeeds: the page goes on polling meanwhile.
        if (status.get() !== 'down') status.set('connecting');
      },
      connected: (connected) => {
        socket = connected instanceof WebSocket ? connected : null;
        status.set('connected');
      },
      ping: (received) => {
        if (received) return;
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.close(4408, 'Request Timeout');
        }, pongTimeoutMs);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
      closed: (event) => {
        clearTimeout(pongTimer);
        socket = null;
        const code = (event as { code?: unknown } | null)?.code;
        status.set(code === normalClosure ? 'idle' : 'down');
      },
      error: () => status.set('down'),
    },
  });
}

/** Subscriptions go to `live`, queries and mutations to `http`. */
export function splitLive(live: ApolloLink, http: ApolloLink): ApolloLink {
  return ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, live, http);
}

/**
 * The link for subscriptions over graphql-ws at `url`, reporting to `status`. The WebSocket client's code
 * is fetched with the first subscription (the player's, after the first screen), not with the first page.
 */
export function createLiveLink(url: string, status: LiveStatus): ApolloLink {
  let socket: Promise<GraphQLWsLink> | undefined;
  return new ApolloLink((operation) => {
    socket ??= import('graphql-ws').then(
      ({ createClient }) => new GraphQLWsLink(createLiveClient(url, status, createClient)),
      (error: unknown) => {
        // The code did not arrive (a new release, a lost network): the next subscription asks again.
        socket = undefined;
        throw error;
      },
    );
    return from(socket).pipe(mergeMap((link) => link.request(operation)));
  });
}
