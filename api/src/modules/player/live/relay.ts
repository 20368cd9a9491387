import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { PlayerSnapshot } from './snapshot';

/**
 * How a feed's readings reach every instance with subscribers of it, and which instance runs its source.
 * In one process everything stays in memory and the process always runs the source. With Redis, each
 * feed's readings go out on a channel of its own, commands' pokes on a channel per listener, and only the
 * instance that holds the feed's lease (`SET NX PX`, renewed while it has subscribers, released when the last
 * one leaves) runs the source; another instance with subscribers takes the lease once it lapses.
 */
export interface PlayerRelay {
  /** Hears the feed's readings and its listener's pokes until the returned function is called. */
  join(feed: string, listener: string, handlers: RelayHandlers): Promise<() => Promise<void>>;
  publish(feed: string, snapshot: PlayerSnapshot): Promise<void>;
  /** Asks whoever runs a source of `listener`'s feeds to read now. */
  poke(listener: string): Promise<void>;
  /** Takes or renews the feed's lease for `holder`: true while it holds it. */
  hold(feed: string, holder: string, ttlMs: number): Promise<boolean>;
  release(feed: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

export interface RelayHandlers {
  snapshot(snapshot: PlayerSnapshot): void;
  poke(): void;
}

/** A new holder name for one instance's leases. */
export function holderName(): string {
  return randomBytes(12).toString('hex');
}

/** One process: readings and pokes are handed over in memory, and the lease is always this process's. */
export class LocalRelay implements PlayerRelay {
  private readonly feeds = new Map<string, Set<RelayHandlers>>();
  private readonly listeners = new Map<string, Set<RelayHandlers>>();

  join(feed: string, listener: string, handlers: RelayHandlers): Promise<() => Promise<void>> {
    const add = (map: Map<string, Set<RelayHandlers>>, key: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(handlers);
    };
    const drop = (map: Map<string, Set<RelayHandlers>>, key: string) => {
      const set = map.get(key);
      set?.delete(handlers);
      if (set?.size === 0) map.delete(key);
    };
    add(this.feeds, feed);
    add(this.listeners, listener);
    return Promise.resolve(() => {
      drop(this.feeds, feed);
      drop(this.listeners, listener);
      return Promise.resolve();
    });
  }

  publish(feed: string, snapshot: PlayerSnapshot): Promise<void> {
    for (const handlers of [...(this.feeds.get(feed) ?? [])]) handlers.snapshot(snapshot);
    return Promise.resolve();
  }

  poke(listener: string): Promise<void> {
    for (const handlers of [...(this.listeners.get(listener) ?? [])]) handlers.poke();
    return Promise.resolve();
  }

  hold(): Promise<boolean> {
    return Promise.resolve(true);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.feeds.clear();
    this.listeners.clear();
    return Promise.resolve();
  }
}

/** Takes the lease if it is free, renews it if `holder` has it: 1 while held, 0 when another instance holds it. */
const holdScript = `
local current = redis.call('get', KEYS[1])
if current == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if not current then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Several instances sharing Redis: readings and pokes through pub/sub, the lease as a key. */
export class RedisRelay implements PlayerRelay {
  private subscriber: RedisClientType | undefined;
  private connecting: Promise<RedisClientType> | undefined;

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  private stateChannel(feed: string): string {
    return `${this.prefix}player:state:${feed}`;
  }

  private pokeChannel(listener: string): string {
    return `${this.prefix}player:poke:${listener}`;
  }

  /** A connection in subscriber mode serves nothing else: one more per process, opened on first use. */
  private subscriberClient(): Promise<RedisClientType> {
    this.connecting ??= (async () => {
      const client = this.redis.duplicate();
      client.on('error', this.onError);
      await client.connect();
      this.subscriber = client;
      return client;
    })();
    return this.connecting;
  }

  async join(feed: string, listener: string, handlers: RelayHandlers): Promise<() => Promise<void>> {
    const subscriber = await this.subscriberClient();
    const onState = (message: string) => {
      try {
        handlers.snapshot(JSON.parse(message) as PlayerSnapshot);
      } catch (error) {
        this.onError(error);
      }
    };
    const onPoke = () => handlers.poke();
    const states = this.stateChannel(feed);
    const pokes = this.pokeChannel(listener);
    await subscriber.subscribe(states, onState);
    await subscriber.subscribe(pokes, onPoke);
    return async () => {
      await subscriber.unsubscribe(states, onState).catch(this.onError);
      await subscriber.unsubscribe(pokes, onPoke).catch(this.onError);
    };
  }

  async publish(feed: string, snapshot: PlayerSnapshot): Promise<void> {
    await this.redis.publish(this.stateChannel(feed), JSON.stringify(snapshot));
  }

  async poke(listener: string): Promise<void> {
    await this.redis.publish(this.pokeChannel(listener), '1');
  }

  async hold(feed: string, holder: string, ttlMs: number): Promise<boolean> {
    const held = await this.redis.eval(holdScript, {
      keys: [`${this.prefix}player:lease:${feed}`],
      arguments: [holder, String(ttlMs)],
    });
    return held === 1;
  }

  async release(feed: string, holder: string): Promise<void> {
    await this.redis.eval(releaseScript, { keys: [`${this.prefix}player:lease:${feed}`], arguments: [holder] });
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber ?? (this.connecting ? await this.connecting.catch(() => undefined) : undefined);
    this.subscriber = undefined;
    this.connecting = undefined;
    if (!subscriber?.isOpen) return;
    try {
      await subscriber.close();
    } catch {
      subscriber.destroy();
    }
  }
}
