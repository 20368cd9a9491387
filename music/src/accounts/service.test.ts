import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { clientAddCommand, tokenCommand, userAddCommand } from './commands';
import { testPasswordCost, tokenHash, verifyClientSecret, verifyPassword } from './crypto';
import { redirectUriProblem } from './redirect-uris';
import {
  AccountError,
  createClient,
  createUser,
  demoListenerIds,
  ensureDemoUser,
  ensureExampleDeviceClient,
  exampleDeviceClient,
  isCountryCode,
  issueTokens,
  lifetimes,
  pruneExpired,
  registerConfiguredClient,
} from './service';

/** The functions the command line, the service's start and other tests call. */

let db: Database;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
}, 30_000);

afterAll(async () => {
  await db.close();
});

async function user(id: string) {
  const { rows } = await db.query<{
    account_id: string;
    email: string | null;
    password_hash: string | null;
    country: string;
    product: string;
    display_name: string;
    explicit_filter_enabled: boolean;
  }>(
    'SELECT account_id, email, password_hash, country, product, display_name, explicit_filter_enabled FROM users WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('createUser', () => {
  it('creates a premium US user by default, with an immutable account id and a scrypt hash', async () => {
    const created = await createUser(
      db,
      { id: 'ana', password: 'correct horse battery', email: ' Ana@Example.ORG ' },
      { passwordCost: testPasswordCost },
    );
    expect(created.accountId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await user('ana');
    expect(row).toMatchObject({
      account_id: created.accountId,
      email: 'ana@example.org',
      country: 'US',
      product: 'premium',
      display_name: 'ana',
      explicit_filter_enabled: false,
    });
    // At the cost it was given (the service passes its configured one).
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', row?.password_hash ?? '')).toBe(true);
  });

  it('takes a country, a product, a display name and the explicit filter, or no password at all', async () => {
    await createUser(db, {
      id: 'bo.free',
      country: 'se',
      product: 'free',
      displayName: 'Bo',
      explicitFilterEnabled: true,
    });
    expect(await user('bo.free')).toMatchObject({
      country: 'SE',
      product: 'free',
      display_name: 'Bo',
      password_hash: null,
      explicit_filter_enabled: true,
    });
  });

  it('refuses bad usernames, short passwords, bad addresses and unknown countries', async () => {
    const refused = [
      { id: 'A' },
      { id: 'Upper' },
      { id: '-dash' },
      { id: 'x'.repeat(31) },
      { id: 'short-pw', password: 'seven77' },
      { id: 'bad-mail', email: 'not an address' },
      { id: 'bad-country', country: 'XX' },
      { id: 'not-a-country', country: 'EU' },
      { id: 'bad-product', product: 'gold' as 'free' },
    ];
    for (const candidate of refused) {
      await expect(createUser(db, candidate)).rejects.toBeInstanceOf(AccountError);
    }
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
  });

  it('refuses a taken username, and a taken e-mail address whatever its case', async () => {
    await expect(createUser(db, { id: 'ana' })).rejects.toThrow(/taken/);
    await expect(createUser(db, { id: 'ana2', email: 'ANA@example.org' })).rejects.toThrow(/taken/);
  });
});

describe('ensureDemoUser', () => {
  it('creates demo / demo once, premium, outside production', async () => {
    expect(await ensureDemoUser(db, false, { passwordCost: testPasswordCost })).toBe(true);
    expect(await ensureDemoUser(db, false, { passwordCost: testPasswordCost })).toBe(false);
    const demo = await user('demo');
    expect(demo?.product).toBe('premium');
    expect(await verifyPassword('demo', demo?.password_hash ?? '')).toBe(true);
  });

  it('creates further demo listeners, each with a name of its own, and only under demo ids', async () => {
    expect(demoListenerIds(3)).toEqual(['demo', 'demo2', 'demo3']);
    expect(await ensureDemoUser(db, false, { id: 'demo2', passwordCost: testPasswordCost })).toBe(true);
    const second = await user('demo2');
    expect(second?.display_name).toBe('Demo Listener 2');
    expect(await verifyPassword('demo', second?.password_hash ?? '')).toBe(true);
    await expect(ensureDemoUser(db, false, { id: 'ana', passwordCost: testPasswordCost })).rejects.toThrow(
      /not the id of a demo listener/,
    );
    await expect(ensureDemoUser(db, false, { id: 'demo1', passwordCost: testPasswordCost })).rejects.toThrow(
      /not the id of a demo listener/,
    );
  });

  it('refuses in production, and production is read from NODE_ENV by default', async () => {
    await db.query("DELETE FROM users WHERE id = 'demo'");
    await expect(ensureDemoUser(db, true)).rejects.toThrow(/not available in production/);
    expect(await user('demo')).toBeUndefined();
    // Under the test runner NODE_ENV is "test": not production.
    expect(await ensureDemoUser(db, undefined, { passwordCost: testPasswordCost })).toBe(true);
  });
});

describe('clients', () => {
  it('shows a confidential client’s secret once and stores only its hash', async () => {
    const client = await createClient(db, {
      name: 'Web Player',
      redirectUris: ['https://player.example/callback', 'http://127.0.0.1:8080/cb'],
      confidential: true,
    });
    expect(client.clientId).toMatch(/^[a-z0-9]{1,20}$/);
    expect(client.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<{ secret_hash: string; redirect_uris: string[] }>(
      'SELECT secret_hash, redirect_uris FROM oauth_clients WHERE client_id = $1',
      [client.clientId],
    );
    expect(rows[0]?.secret_hash).not.toContain(client.clientSecret);
    expect(await verifyClientSecret(client.clientSecret ?? '', rows[0]?.secret_hash ?? '')).toBe(true);
    expect(rows[0]?.redirect_uris).toEqual(['https://player.example/callback', 'http://127.0.0.1:8080/cb']);
  });

  it('gives a public client no secret', async () => {
    const client = await createClient(db, {
      clientId: 'pocket',
      name: 'Pocket',
      redirectUris: ['http://[::1]:9000/cb'],
      confidential: false,
    });
    expect(client).toEqual({ clientId: 'pocket', clientSecret: null });
    await expect(
      createClient(db, {
        clientId: 'pocket',
        name: 'Again',
        redirectUris: ['https://x.example/cb'],
        confidential: false,
      }),
    ).rejects.toThrow(/taken/);
  });

  it('registers only https or loopback-IP redirect URIs, without fragments', () => {
    expect(redirectUriProblem('https://app.example/callback?x=1')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1:4000/auth/callback')).toBeNull();
    expect(redirectUriProblem('http://[::1]:4000/cb')).toBeNull();
    expect(redirectUriProblem('http://localhost:4000/cb')).toMatch(/loopback IP/);
    expect(redirectUriProblem('http://app.example/cb')).toMatch(/https/);
    expect(redirectUriProblem('https://app.example/cb#top')).toMatch(/fragment/);
    expect(redirectUriProblem('/relative')).toMatch(/absolute/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/https/);
  });

  it('upserts the configured client, from config.client or named fields', async () => {
    await registerConfiguredClient(db, {
      id: 'graphonic',
      secret: 'first-secret',
      redirectUris: ['http://127.0.0.1:4000/auth/callback'],
    });
    await registerConfiguredClient(db, {
      clientId: 'graphonic',
      clientSecret: 'second-secret',
      redirectUris: ['https://music.example/auth/callback'],
    });
    const { rows } = await db.query<{ secret_hash: string; redirect_uris: string[]; name: string }>(
      'SELECT secret_hash, redirect_uris, name FROM oauth_clients WHERE client_id = $1',
      ['graphonic'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.redirect_uris).toEqual(['https://music.example/auth/callback']);
    expect(rows[0]?.name).toBe('Graphonic');
    expect(await verifyClientSecret('second-secret', rows[0]?.secret_hash ?? '')).toBe(true);
    expect(await verifyClientSecret('first-secret', rows[0]?.secret_hash ?? '')).toBe(false);
    await expect(
      registerConfiguredClient(db, { id: 'graphonic', secret: 'x', redirectUris: ['http://localhost/cb'] }),
    ).rejects.toThrow(AccountError);
  });
});

describe('issueTokens', () => {
  it('issues a user token with a refresh token by default, in Spotify’s shape', async () => {
    const now = Date.UTC(2026, 0, 1);
    const tokens = await issueTokens(db, {
      userId: 'ana',
      clientId: 'graphonic',
      scopes: ['user-read-private', 'user-read-private', 'streaming'],
      now,
    });
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'user-read-private streaming', expires_in: 3600 });
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<{ expires_at: Date; family_expires: Date; user_id: string }>(
      `SELECT t.expires_at, f.expires_at AS family_expires, f.user_id
       FROM access_tokens t JOIN token_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
      [tokenHash(tokens.access_token)],
    );
    expect(rows[0]).toEqual({
      expires_at: new Date(now + 3600_000),
      family_expires: new Date(now + lifetimes.refreshFamilyMs),
      user_id: 'ana',
    });
  });

  it('issues client-credentials tokens with no user, no scope and no refresh token', async () => {
    const tokens = await issueTokens(db, { userId: null, clientId: 'graphonic', scopes: [], ttlSeconds: 60 });
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(tokens.expires_in).toBe(60);
    await expect(
      issueTokens(db, { userId: null, clientId: 'graphonic', scopes: [], withRefreshToken: true }),
    ).rejects.toThrow(/needs a user/);
  });

  it('refuses unknown scopes, users and clients', async () => {
    await expect(issueTokens(db, { userId: 'ana', clientId: 'graphonic', scopes: ['everything'] })).rejects.toThrow(
      /Unknown scope/,
    );
    await expect(issueTokens(db, { userId: 'nobody', clientId: 'graphonic', scopes: [] })).rejects.toThrow(/no user/);
    await expect(issueTokens(db, { userId: 'ana', clientId: 'nobody', scopes: [] })).rejects.toThrow(/no client/);
  });
});

describe('pruneExpired', () => {
  it('deletes what can no longer be used and keeps the rest', async () => {
    const now = Date.UTC(2026, 5, 1);
    const at = (ms: number) => new Date(now + ms);
    await db.query(
      `INSERT INTO account_sessions (id_hash, user_id, csrf_token, expires_at) VALUES ('old', NULL, 'c', $1), ('fresh', NULL, 'c', $2)`,
      [at(-1), at(60_000)],
    );
    await db.query(
      `INSERT INTO sign_in_attempts (username, address, attempted_at, outcome) VALUES ('x', 'a', $1, 'failed'), ('y', 'a', $2, NULL)`,
      [at(-lifetimes.attemptWindowMs - 1), at(-1000)],
    );
    const expired = await issueTokens(db, {
      userId: 'ana',
      clientId: 'graphonic',
      scopes: [],
      now: now - lifetimes.refreshFamilyMs - 2 * 86_400_000,
    });
    const live = await issueTokens(db, { userId: 'ana', clientId: 'graphonic', scopes: [], now });
    await pruneExpired(db, now);
    const sessions = await db.query<{ id_hash: string }>(
      `SELECT id_hash FROM account_sessions WHERE id_hash IN ('old', 'fresh')`,
    );
    expect(sessions.rows.map((row) => row.id_hash)).toEqual(['fresh']);
    const failures = await db.query<{ username: string }>(
      `SELECT username FROM sign_in_attempts WHERE username IN ('x', 'y')`,
    );
    expect(failures.rows.map((row) => row.username)).toEqual(['y']);
    const refresh = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_tokens WHERE token_hash = ANY($1::text[])',
      [[tokenHash(expired.refresh_token ?? ''), tokenHash(live.refresh_token ?? '')]],
    );
    expect(refresh.rows.map((row) => row.token_hash)).toEqual([tokenHash(live.refresh_token ?? '')]);
  });
});

describe('the example device client', () => {
  it('is registered once outside production, public and with no redirect URI, and never in production', async () => {
    expect(await ensureExampleDeviceClient(db, false)).toBe(true);
    expect(await ensureExampleDeviceClient(db, false)).toBe(false);
    const { rows } = await db.query<{ name: string; secret_hash: string | null; redirect_uris: string[] }>(
      'SELECT name, secret_hash, redirect_uris FROM oauth_clients WHERE client_id = $1',
      [exampleDeviceClient.clientId],
    );
    expect(rows).toEqual([{ name: 'Graphonic command line', secret_hash: null, redirect_uris: [] }]);
    await expect(ensureExampleDeviceClient(db, true)).rejects.toBeInstanceOf(AccountError);
  });

  it('is public: a device client with a secret is refused', async () => {
    await expect(
      createClient(db, { name: 'Secret device', redirectUris: [], confidential: true, device: true }),
    ).rejects.toThrow(/public/);
  });
});

describe('the command-line commands', () => {
  it('add a user and a client, and print a token for the user', async () => {
    expect(await userAddCommand(db, ['--id', 'cli-user', '--password', 'long enough pw', '--country', 'DE'])).toMatch(
      /^Created user cli-user \(account id [0-9a-f-]{36}\)\.$/,
    );
    expect((await user('cli-user'))?.country).toBe('DE');
    const created = await clientAddCommand(db, [
      '--name',
      'CLI App',
      '--redirect-uri',
      'https://cli.example/cb',
      '--id',
      'cli-app',
    ]);
    expect(created).toMatch(/^Created client cli-app\.\nIts secret, shown only this once: [A-Za-z0-9_-]{43}$/);
    expect(
      await clientAddCommand(db, ['--name', 'Pocket CLI', '--redirect-uri', 'http://127.0.0.1:9/cb', '--public']),
    ).toMatch(/It has no secret: it must use PKCE/);
    expect(await clientAddCommand(db, ['--name', 'Couch CLI', '--device', '--id', 'couch-cli'])).toBe(
      'Created device client couch-cli. It has no secret: it signs in by device code.',
    );
    const { rows: couch } = await db.query<{ secret_hash: string | null; redirect_uris: string[] }>(
      'SELECT secret_hash, redirect_uris FROM oauth_clients WHERE client_id = $1',
      ['couch-cli'],
    );
    expect(couch).toEqual([{ secret_hash: null, redirect_uris: [] }]);
    const printed = await tokenCommand(db, ['--user', 'cli-user', '--scopes', 'user-read-private streaming'], {
      clientId: 'cli-app',
      ttlSeconds: 120,
    });
    const tokens = JSON.parse(printed) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'user-read-private streaming', expires_in: 120 });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('explain what is wrong with their arguments', async () => {
    await expect(userAddCommand(db, [])).rejects.toThrow('--id is required.');
    await expect(userAddCommand(db, ['--id', 'x1', '--product', 'gold'])).rejects.toThrow(/--product/);
    await expect(userAddCommand(db, ['--nope'])).rejects.toBeInstanceOf(AccountError);
    await expect(clientAddCommand(db, ['--name', 'No URIs'])).rejects.toThrow(/redirect URI/);
    await expect(
      clientAddCommand(db, ['--name', 'Bad URI', '--device', '--redirect-uri', 'http://example.org/cb']),
    ).rejects.toThrow(/Redirect URI/);
    await expect(
      tokenCommand(db, ['--user', 'cli-user', '--ttl', 'soon'], { clientId: 'cli-app', ttlSeconds: 60 }),
    ).rejects.toThrow(/whole number of seconds/);
  });
});
