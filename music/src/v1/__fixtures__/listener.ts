import { createUser, issueTokens } from '../../accounts/service';
import type { Database } from '../../db/types';
import { assertShape } from '../contract/shapes';

export interface CallResult {
  status: number;
  body: Record<string, unknown>;
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  profile?: 'full' | 'development',
) => Promise<CallResult>;

let created = 0;

/**
 * A new user with a token of `scopes`, and a function that calls the music v1 API as them
 * and checks every answer against the published shapes. Each test makes its own, so that no
 * two tests share a library, a playlist or a player.
 */
export async function createListener(
  db: Database,
  baseUrl: () => string,
  scopes: string[],
  product: 'premium' | 'free' = 'premium',
  now: () => number = Date.now,
): Promise<{ id: string; token: string; call: Call }> {
  created += 1;
  const id = `listener${created}`;
  await createUser(db, { id, displayName: `Listener ${created}`, product });
  const { access_token: token } = await issueTokens(db, {
    userId: id,
    clientId: 'graphonic',
    scopes,
    // Long-lived, so that tests may move the service's clock far ahead.
    ttlSeconds: 10 * 365 * 24 * 3600,
    withRefreshToken: false,
    now: now(),
  });
  const call: Call = async (method, path, body, profile = 'full') => {
    const response = await fetch(`${baseUrl()}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    // A filtered answer (`fields`) holds only what was asked for.
    const filtered = /[?&]fields=/.test(path) && response.ok;
    // The service's own operations (registering, keeping and removing a playback device; taking items out
    // of the queue; setting an episode's playback speed: docs/music-service.md) have no published shape.
    const extension =
      (path.startsWith('/me/player/devices') && method !== 'GET') ||
      (path.startsWith('/me/player/queue') && method === 'DELETE') ||
      path.startsWith('/me/player/speed');
    if (!extension && !filtered) {
      assertShape(method, `/v1${path}`, response.status, parsed, { profile });
    }
    return { status: response.status, body: parsed as Record<string, unknown> };
  };
  return { id, token, call };
}
