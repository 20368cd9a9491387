import { GraphQLError } from 'graphql';
import type { TokenSource } from '../../../music/client';
import { CredentialPool, type Credential } from './credentials';
import { holderName, type PlayerRelay } from './relay';
import { changed, type PlayerSnapshot } from './snapshot';
import type { PlayerSource, SourceEvents } from './source';

/**
 * The live players of this instance: one feed per listener and kind of credentials (a session's, or one
 * bearer token's), shared by every subscription of it. A feed runs one source where it holds the lease (always,
 * in one process), hands each reading to every instance with subscribers through the relay, and tells its
 * subscribers a reading only when it changes something (see ./snapshot). The first subscriber of a feed gets the
 * last reading at once, or the next one after a poke; the last one to leave stops the source and frees the lease.
 */

/** What a feed's source needs to read. */
export interface FeedSpec {
  /** The feed: `user:<id>` (sessions) or `user:<id>:token:<digest>` (one bearer token). */
  key: string;
  /** Whose player it is: `user:<id>`; commands poke every feed of the listener. */
  listener: string;
  /** Whose credentials read: the app's own client (a session) or a third-party client's token. */
  kind: 'session' | 'bearer';
  tokens: TokenSource;
}

export type SourceFactory = (feed: FeedSpec, events: SourceEvents) => PlayerSource;

export interface FeedRequest {
  key: string;
  listener: string;
  kind: 'session' | 'bearer';
  credential: Credential;
}

export interface FeedSubscriber {
  next(snapshot: PlayerSnapshot): void;
  /** The feed cannot go on for this subscriber (its credentials were refused): it ends with `error`. */
  fail(error: GraphQLError): void;
}

export interface PlayerHubOptions {
  relay: PlayerRelay;
  createSource: SourceFactory;
  /** How long a lease lasts unless renewed (renewed every third of it). Default 10 s. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

interface Feed {
  spec: FeedSpec;
  subscribers: Set<FeedSubscriber>;
  pool: CredentialPool;
  last: PlayerSnapshot | undefined;
  source: PlayerSource | undefined;
  leave: (() => Promise<void>) | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  closed: boolean;
}

export interface HubStats {
  feeds: number;
  subscribers: number;
  /** Sources this instance runs. */
  sources: number;
}

export class PlayerHub {
  private readonly feeds = new Map<string, Feed>();
  private readonly holder = holderName();
  private readonly leaseMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(private readonly options: PlayerHubOptions) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Joins `subscriber` to its feed (opening it if needed); the returned function leaves it. */
  subscribe(request: FeedRequest, subscriber: FeedSubscriber): () => void {
    const feed = this.feeds.get(request.key) ?? this.open(request);
    feed.subscribers.add(subscriber);
    feed.pool.add(request.credential);
    if (feed.last) subscriber.next(feed.last);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      feed.subscribers.delete(subscriber);
      feed.pool.remove(request.credential);
      if (feed.subscribers.size === 0) void this.shut(feed);
    };
  }

  /** A command of `listener` ran: whoever runs a source of theirs reads now. */
  poke(listener: string): void {
    this.options.relay.poke(listener).catch(this.onError);
  }

  stats(): HubStats {
    let subscribers = 0;
    let sources = 0;
    for (const feed of this.feeds.values()) {
      subscribers += feed.subscribers.size;
      if (feed.source) sources += 1;
    }
    return { feeds: this.feeds.size, subscribers, sources };
  }

  /** Ends every feed (the instance stops); their subscriptions complete. */
  async close(): Promise<void> {
    const feeds = [...this.feeds.values()];
    await Promise.all(feeds.map((feed) => this.shut(feed)));
    await this.options.relay.close();
  }

  private open(request: FeedRequest): Feed {
    const pool = new CredentialPool();
    const feed: Feed = {
      spec: { key: request.key, listener: request.listener, kind: request.kind, tokens: pool },
      subscribers: new Set(),
      pool,
      last: undefined,
      source: undefined,
      leave: undefined,
      timer: undefined,
      closed: false,
    };
    this.feeds.set(request.key, feed);
    const { relay } = this.options;
    relay
      .join(request.key, request.listener, {
        snapshot: (snapshot) => this.deliver(feed, snapshot),
        poke: () => feed.source?.poke(),
      })
      .then(
        async (leave) => {
          feed.leave = leave;
          if (feed.closed) {
            await leave();
            return;
          }
          await this.claim(feed);
          // Joined a feed another instance runs: ask it for its reading rather than wait for the next change.
          if (!feed.last && !feed.source) await relay.poke(request.listener);
        },
        (error: unknown) => {
          this.onError(error);
          this.fail(feed, unavailable());
        },
      )
      .catch(this.onError);
    return feed;
  }

  /** Takes or renews the feed's lease, and runs its source exactly while holding it. */
  private async claim(feed: Feed): Promise<void> {
    if (feed.closed) return;
    let held: boolean;
    try {
      held = await this.options.relay.hold(feed.spec.key, this.holder, this.leaseMs);
    } catch (error) {
      this.onError(error);
      // Redis unreachable for a moment: whoever runs the source goes on, nobody else starts one.
      held = feed.source !== undefined;
    }
    // Shut while the lease was asked for.
    if (isClosed(feed)) return;
    if (held && !feed.source) {
      feed.source = this.options.createSource(feed.spec, {
        onSnapshot: (snapshot) => {
          this.options.relay.publish(feed.spec.key, snapshot).catch(this.onError);
        },
        onFailure: (error) => this.fail(feed, error),
      });
    } else if (!held && feed.source) {
      feed.source.stop();
      feed.source = undefined;
    }
    feed.timer = setTimeout(() => void this.claim(feed), Math.max(50, Math.floor(this.leaseMs / 3)));
  }

  private deliver(feed: Feed, snapshot: PlayerSnapshot): void {
    if (feed.closed) return;
    // A reading older than the one held arrived late (another instance, a slow read): it would undo a change.
    if (feed.last && snapshot.at < feed.last.at) return;
    const news = changed(feed.last, snapshot);
    feed.last = snapshot;
    if (!news) return;
    for (const subscriber of [...feed.subscribers]) subscriber.next(snapshot);
  }

  private fail(feed: Feed, error: GraphQLError): void {
    for (const subscriber of [...feed.subscribers]) subscriber.fail(error);
    void this.shut(feed);
  }

  private async shut(feed: Feed): Promise<void> {
    if (feed.closed) return;
    feed.closed = true;
    if (this.feeds.get(feed.spec.key) === feed) this.feeds.delete(feed.spec.key);
    if (feed.timer) clearTimeout(feed.timer);
    const ran = feed.source !== undefined;
    feed.source?.stop();
    feed.source = undefined;
    feed.subscribers.clear();
    try {
      if (ran) await this.options.relay.release(feed.spec.key, this.holder);
      await feed.leave?.();
    } catch (error) {
      this.onError(error);
    }
  }
}

/** Whether the feed is shut, read afresh after an `await`. */
function isClosed(feed: Feed): boolean {
  return feed.closed;
}

/** The relay (Redis) could not be joined: the subscription ends, and the client subscribes again later. */
function unavailable(): GraphQLError {
  return new GraphQLError('Live updates are unavailable right now; try again shortly.', {
    extensions: { code: 'UPSTREAM_UNAVAILABLE' },
  });
}
