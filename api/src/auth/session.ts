import { RedisStore } from 'connect-redis';
import session from 'express-session';
import type { RedisClientType } from 'redis';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { FileSessionStore } from '../session/file-store';
import { LocalRefreshLock, RedisRefreshLock, type RefreshLock } from './refresh-lock';

export const sessionCookieName = 'graphonic.sid';
const sessionMaxAgeMs = 14 * 24 * 60 * 60 * 1000;

export interface SessionSetup {
  middleware: RequestHandler;
  store: session.Store;
  /** One token refresh per session at a time: in this process, or across instances sharing Redis. */
  refreshLock: RefreshLock;
  close: () => Promise<void>;
}

/** A Redis client as connect-redis needs it; built by the caller so one client serves the process. */
export type RedisClient = RedisClientType;

/**
 * Server-side sessions: the embedded file store by default, Redis when configured. The
 * cookie carries only a signed, random id. `logger` hears about the file store's failed sweeps.
 */
export function createSession(config: Config, redis?: RedisClient, logger?: Logger): SessionSetup {
  const store: session.Store = redis
    ? new RedisStore({ client: redis, prefix: `${config.redisKeyPrefix}session:`, ttl: sessionMaxAgeMs / 1000 })
    : new FileSessionStore({
        dir: config.sessionDir,
        onSweepError: (error) => logger?.warn({ err: error }, 'removing expired sessions failed'),
      });
  const middleware = session({
    store,
    // Not the default name, which tells the world the stack.
    name: sessionCookieName,
    // Newest first: new cookies are signed with the first, older ones still verify.
    secret: config.sessionSecrets,
    // No session (and no cookie) for anonymous visitors.
    saveUninitialized: false,
    resave: false,
    // Sliding expiry: an active person stays signed in.
    rolling: true,
    // Behind the scaled deployment's proxy, trust its X-Forwarded-Proto for the Secure flag.
    proxy: config.env === 'production',
    cookie: {
      // Scripts in the page cannot read the session id.
      httpOnly: true,
      // Lax, not Strict: the OAuth callback is a cross-site top-level navigation that must carry it.
      sameSite: 'lax',
      // Only over https in production.
      secure: config.env === 'production',
      path: '/',
      maxAge: sessionMaxAgeMs,
    },
  });
  return {
    middleware,
    store,
    refreshLock: redis
      ? new RedisRefreshLock(redis, { prefix: `${config.redisKeyPrefix}refresh-lock:` })
      : new LocalRefreshLock(),
    close: () => (store instanceof FileSessionStore ? store.close() : Promise.resolve()),
  };
}
