import type { Request, Response } from 'express';
import { getAuth } from '../accounts/middleware';
import { ApiError } from '../errors';
import { userOf } from './commands';
import { playerSnapshot, type PlayerContext } from './reads';
import { EventStream } from './sse';

/**
 * GET /me/player/events (an extension): the listener's player pushed as server-sent events.
 * On connect and on every change it sends `event: player` with a growing `id` and the data
 * `{"player": <GET /me/player's body with episodes, or null>, "devices": <GET /me/player/devices' list>}`,
 * and a `: keep-alive` comment every 15 s. It ends when the token expires.
 */

/** Between keep-alive comments; proxies commonly drop a connection idle for 60 s. */
export const keepAliveMs = 15_000;
/** setTimeout's longest delay. */
const longestDelayMs = 2_147_483_647;

export function playerEvents(ctx: PlayerContext, options: { keepAliveMs?: number } = {}) {
  return (_req: Request, res: Response): void => {
    const userId = userOf(res);
    const auth = getAuth(res);
    const refused = ctx.events.refusal(userId);
    if (refused === 'full') {
      throw new ApiError(
        429,
        `Too many open player event streams: at most ${ctx.events.maxStreamsPerUser} per listener. Close one first.`,
      );
    }
    if (refused === 'closing') throw new ApiError(503, 'The service is stopping');
    const stream = new EventStream(res, options.keepAliveMs ?? keepAliveMs);
    const expiresAt = auth.expiresAt.getTime();
    // The stream lasts as long as its token: the client reconnects with a new one.
    const expiry = setTimeout(
      () => {
        stream.end();
      },
      Math.min(longestDelayMs, Math.max(0, expiresAt - ctx.now())),
    );
    // The stream's connection keeps the process alive, not this timer.
    expiry.unref();
    const subscription = ctx.events.subscribe(userId, {
      refresh: async (nextId) => {
        if (!stream.isOpen) return undefined;
        if (ctx.now() >= expiresAt) {
          stream.end();
          return undefined;
        }
        const snapshot = await playerSnapshot(ctx, userId, auth);
        stream.send('player', nextId(), snapshot.data);
        return snapshot.dueAt;
      },
      end: () => {
        stream.end();
      },
    });
    stream.onClose(() => {
      clearTimeout(expiry);
      subscription.close();
    });
  };
}
