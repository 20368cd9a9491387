import type { Logger } from 'pino';
import { createClient, type RedisClientType } from 'redis';

/** Calls `fn` at most once per `ms`: an outage must not write a log line per request. */
export function throttled<T extends unknown[]>(ms: number, fn: (...args: T) => void): (...args: T) => void {
  let last = 0;
  return (...args: T) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn(...args);
  };
}

/**
 * The process's one Redis client (sessions, the catalog cache, the rate gate). While Redis is
 * unreachable, commands fail at once instead of queueing (a request then gets a clear error, not
 * a hang), and the client reconnects by itself with a capped backoff.
 */
export function createRedis(url: string, logger: Logger): RedisClientType {
  const client: RedisClientType = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  const warn = throttled(10_000, (error: unknown) => {
    logger.warn({ err: error }, 'Redis is unreachable; retrying');
  });
  client.on('error', warn);
  client.on('ready', () => {
    logger.info('Redis connected');
  });
  return client;
}
