import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database, Queryable, Row } from '../db/types';
import { errorHandler } from '../errors';
import { tokenHash } from './crypto';
import { authenticate, getAuth, type AuthenticateOptions } from './middleware';
import { createClient, createUser, issueTokens, revokeAccessToken, revokeFamily } from './service';

/** The bearer middleware's reuse of token lookups, and what ends it. */

let db: Database;
let clientId: string;
let clock = Date.now();
let lookups = 0;
const servers: RunningServer[] = [];

/** The database, counting the token lookups the middleware makes. */
const counting: Queryable = {
  query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
    if (sql.includes('FROM access_tokens')) lookups += 1;
    return db.query<T>(sql, params);
  },
};

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await createUser(db, { id: 'ana' });
  ({ clientId } = await createClient(db, {
    name: 'Player',
    redirectUris: ['http://127.0.0.1:4000/cb'],
    confidential: false,
  }));
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await db.close();
});

/** A music v1 endpoint behind the middleware; resolves with a function that calls it with a token. */
async function serve(options: AuthenticateOptions = {}): Promise<(token: string) => Promise<number>> {
  const app = express();
  app.use(authenticate(counting, { now: () => clock, ...options }));
  app.get('/me', (_req, res) => {
    res.json({ userId: getAuth(res).userId });
  });
  app.use(errorHandler);
  const server = await listen(app);
  servers.push(server);
  return async (token) => {
    const response = await fetch(`${server.url}/me`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
}

async function newToken(ttlSeconds = 3600): Promise<string> {
  const tokens = await issueTokens(db, { userId: 'ana', clientId, scopes: [], ttlSeconds, now: clock });
  return tokens.access_token;
}

async function familyOf(token: string): Promise<string> {
  const { rows } = await db.query<{ family_id: string }>('SELECT family_id FROM access_tokens WHERE token_hash = $1', [
    tokenHash(token),
  ]);
  return rows[0]?.family_id ?? '';
}

describe('the bearer middleware', () => {
  it('looks a token up once, then answers from memory; concurrent requests share one lookup', async () => {
    const call = await serve();
    const token = await newToken();
    lookups = 0;
    expect(await Promise.all([call(token), call(token), call(token)])).toEqual([200, 200, 200]);
    expect(await call(token)).toBe(200);
    expect(lookups).toBe(1);
  });

  it('checks expiry on every request, a reused lookup included', async () => {
    const call = await serve();
    const token = await newToken(60);
    expect(await call(token)).toBe(200);
    clock += 60_000;
    expect(await call(token)).toBe(401);
  });

  it('refuses at once a token revoked alone or with its family in this process', async () => {
    const call = await serve();
    const alone = await newToken();
    const family = await newToken();
    expect([await call(alone), await call(family)]).toEqual([200, 200]);
    await revokeAccessToken(db, tokenHash(alone));
    await revokeFamily(db, await familyOf(family));
    expect([await call(alone), await call(family)]).toEqual([401, 401]);
  });

  it('learns of a revocation by another process within its reuse time, and not unknown tokens', async () => {
    const call = await serve({ cacheMs: 50 });
    const token = await newToken();
    expect(await call(token)).toBe(200);
    // Another process writes to the same store: this one does not hear of it.
    await db.query('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await call(token)).toBe(401);
    lookups = 0;
    expect([await call('unknown-token'), await call('unknown-token')]).toEqual([401, 401]);
    expect(lookups).toBe(2);
  });

  it('reads the store on every request with cacheMs 0', async () => {
    const call = await serve({ cacheMs: 0 });
    const token = await newToken();
    lookups = 0;
    expect([await call(token), await call(token)]).toEqual([200, 200]);
    expect(lookups).toBe(2);
  });
});
