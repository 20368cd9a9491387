import { describe, expect, it } from 'vitest';
import { envExamplePlaceholders, productionSecrets, weakSecrets } from '../../test-support/secrets';
import { ConfigError, developmentClientSecret, developmentSessionSecret, loadConfig } from './config';
import { examplePlaceholders, isPlaceholder } from '@graphonic/ops';

/** What production needs, with secrets it accepts. */
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: productionSecrets.session,
  MUSIC_CLIENT_SECRET: productionSecrets.client,
};

describe('loadConfig', () => {
  it('defaults to the local music service on loopback', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 4000,
      provider: 'local',
      musicApiUrl: 'http://127.0.0.1:4100/v1',
      musicAccountsUrl: 'http://127.0.0.1:4100',
    });
  });

  it('points at Spotify over https when the provider is spotify', () => {
    expect(
      loadConfig({ MUSIC_PROVIDER: 'spotify', SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret' }),
    ).toMatchObject({
      provider: 'spotify',
      musicApiUrl: 'https://api.spotify.com/v1',
      musicAccountsUrl: 'https://accounts.spotify.com',
    });
  });

  it('follows MUSIC_PORT for the local upstream and trims trailing slashes of overrides', () => {
    expect(loadConfig({ MUSIC_PORT: '4200' }).musicApiUrl).toBe('http://127.0.0.1:4200/v1');
    expect(loadConfig({ MUSIC_API_URL: 'https://music.example.org/v1/' }).musicApiUrl).toBe(
      'https://music.example.org/v1',
    );
  });

  it('refuses plain http to a host that is not loopback', () => {
    expect(() => loadConfig({ MUSIC_API_URL: 'http://music.example.org/v1' })).toThrow(
      /MUSIC_API_URL: must use https unless it points to a loopback host/,
    );
  });

  it('lists every bad value at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: '-1', MUSIC_PROVIDER: 'tidal', NODE_ENV: 'staging' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const { problems } = thrown as ConfigError;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT.*\n.*MUSIC_PROVIDER.*\n.*NODE_ENV|NODE_ENV|MUSIC_PROVIDER/);
  });
});

describe('the web development server', () => {
  it('is off by default and on when asked', () => {
    expect(loadConfig({}).webDevServer).toBe(false);
    expect(loadConfig({ WEB_DEV_SERVER: 'true' }).webDevServer).toBe(true);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEB_DEV_SERVER: 'true' })).toThrow(
      /WEB_DEV_SERVER: is not allowed in production/,
    );
  });
});

describe('sign-in settings', () => {
  it('work on a fresh clone with development defaults', () => {
    const config = loadConfig({});
    expect(config.publicUrl).toBe('http://127.0.0.1:4000');
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.oauthClient.id).toBe('graphonic');
    expect(config.redisUrl).toBeUndefined();
  });

  it('read a rotation list of session secrets, newest first', () => {
    const newest = 'n'.repeat(32);
    const older = 'o'.repeat(32);
    expect(loadConfig({ SESSION_SECRET: `${newest}, ${older}` }).sessionSecrets).toEqual([newest, older]);
  });

  it('refuse a missing or short session secret and a missing client secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MUSIC_CLIENT_SECRET: 'x' })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short', MUSIC_CLIENT_SECRET: 'x' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: productionSecrets.session })).toThrow(
      /MUSIC_CLIENT_SECRET: is required in production/,
    );
  });

  it('need Spotify credentials to run against Spotify', () => {
    expect(() => loadConfig({ MUSIC_PROVIDER: 'spotify' })).toThrow(/SPOTIFY_CLIENT_ID.*\n.*SPOTIFY_CLIENT_SECRET/);
    expect(
      loadConfig({ MUSIC_PROVIDER: 'spotify', SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret' }).oauthClient,
    ).toEqual({ id: 'id', secret: 'secret' });
  });

  it('refuse a public URL that Spotify would refuse as a redirect', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:4000' })).toThrow(/PUBLIC_URL: must use https/);
    expect(loadConfig({ PUBLIC_URL: 'https://music.example.org/' }).publicUrl).toBe('https://music.example.org');
  });
  it('bounds GraphQL operations with defaults that each variable overrides', () => {
    expect(loadConfig({}).graphql.limits).toEqual({
      maxDepth: 12,
      maxAliases: 30,
      maxRootFields: 20,
      maxTokens: 5000,
      maxCost: 5000,
    });
    expect(
      loadConfig({
        GRAPHQL_MAX_DEPTH: '8',
        GRAPHQL_MAX_ALIASES: '0',
        GRAPHQL_MAX_ROOT_FIELDS: '5',
        GRAPHQL_MAX_TOKENS: '2000',
        GRAPHQL_MAX_COST: '900',
      }).graphql.limits,
    ).toEqual({ maxDepth: 8, maxAliases: 0, maxRootFields: 5, maxTokens: 2000, maxCost: 900 });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0', GRAPHQL_MAX_COST: 'lots' })).toThrow(
      /GRAPHQL_MAX_DEPTH: .*\n.*GRAPHQL_MAX_COST: /,
    );
  });

  it('turns introspection and the playground off in production unless enabled', () => {
    expect(loadConfig({}).graphql).toMatchObject({ introspection: true, playground: true });
    expect(loadConfig(production).graphql).toMatchObject({ introspection: false, playground: false });
    expect(
      loadConfig({ ...production, GRAPHQL_INTROSPECTION: 'true', GRAPHQL_PLAYGROUND: 'true' }).graphql,
    ).toMatchObject({ introspection: true, playground: true });
    expect(loadConfig({ GRAPHQL_PLAYGROUND: 'false' }).graphql.playground).toBe(false);
  });
});

describe('the settings of a scaled deployment', () => {
  it('read the upstream request budget as requests per window, 30 s when no window is given', () => {
    expect(loadConfig({}).rateBudget).toBeNull();
    expect(loadConfig({ MUSIC_RATE_BUDGET: '150/30s' }).rateBudget).toEqual({ requests: 150, windowMs: 30_000 });
    expect(loadConfig({ MUSIC_RATE_BUDGET: '90' }).rateBudget).toEqual({ requests: 90, windowMs: 30_000 });
    expect(loadConfig({ MUSIC_RATE_BUDGET: '10/500ms' }).rateBudget).toEqual({ requests: 10, windowMs: 500 });
    expect(() => loadConfig({ MUSIC_RATE_BUDGET: 'lots' })).toThrow(/MUSIC_RATE_BUDGET: expected requests per window/);
    expect(() => loadConfig({ MUSIC_RATE_BUDGET: '0/30s' })).toThrow(/MUSIC_RATE_BUDGET: needs at least 1 request/);
    expect(() => loadConfig({ MUSIC_RATE_BUDGET: '150/0s' })).toThrow(/MUSIC_RATE_BUDGET: .*a window of at least 1 ms/);
  });

  it('prefix Redis keys, time the cache, log and stop as told, with defaults for each', () => {
    expect(loadConfig({})).toMatchObject({
      redisKeyPrefix: 'graphonic:',
      catalogCacheTtlMs: 600_000,
      logLevel: 'info',
      metricsToken: undefined,
      shutdownTimeoutMs: 10_000,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('warn');
    expect(
      loadConfig({ REDIS_KEY_PREFIX: 'gx:', CATALOG_CACHE_TTL: '60', LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT: '3' }),
    ).toMatchObject({ redisKeyPrefix: 'gx:', catalogCacheTtlMs: 60_000, logLevel: 'debug', shutdownTimeoutMs: 3000 });
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b*' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('the settings of fair use', () => {
  it('default to 300 requests a minute per listener, a quarter of the budget each, and 10 minutes of learning', () => {
    expect(loadConfig({}).fairUse).toEqual({
      requestLimit: { requests: 300, windowMs: 60_000 },
      listenerSharePercent: 25,
      capabilityTtlMs: 600_000,
      trustProxy: false,
    });
  });

  it('read what they are given, and turn the request limit off on request', () => {
    expect(
      loadConfig({
        GRAPHQL_RATE_LIMIT: '20/10s',
        MUSIC_RATE_SHARE: '50',
        CAPABILITY_TTL: '60',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
      }).fairUse,
    ).toEqual({
      requestLimit: { requests: 20, windowMs: 10_000 },
      listenerSharePercent: 50,
      capabilityTtlMs: 60_000,
      trustProxy: ['loopback', '10.0.0.0/8'],
    });
    expect(loadConfig({ GRAPHQL_RATE_LIMIT: 'off', TRUST_PROXY: '1' }).fairUse).toMatchObject({
      requestLimit: null,
      trustProxy: 1,
    });
  });

  it('refuse bad values, each with its own message', () => {
    expect(() => loadConfig({ GRAPHQL_RATE_LIMIT: '300' })).toThrow(/GRAPHQL_RATE_LIMIT: expected requests per window/);
    expect(() => loadConfig({ GRAPHQL_RATE_LIMIT: '0/60s' })).toThrow(/GRAPHQL_RATE_LIMIT/);
    expect(() => loadConfig({ MUSIC_RATE_SHARE: '0' })).toThrow(/MUSIC_RATE_SHARE/);
    expect(() => loadConfig({ MUSIC_RATE_SHARE: '101' })).toThrow(/MUSIC_RATE_SHARE/);
    expect(() => loadConfig({ CAPABILITY_TTL: '0' })).toThrow(/CAPABILITY_TTL/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: expected a number of hops/);
  });
});

describe('secrets in production', () => {
  it('are accepted when long and varied', () => {
    expect(loadConfig({ ...production, METRICS_TOKEN: productionSecrets.metrics }).env).toBe('production');
    // A rotation list: each secret is checked.
    expect(
      loadConfig({ ...production, SESSION_SECRET: `${productionSecrets.session},${productionSecrets.client}` })
        .sessionSecrets,
    ).toHaveLength(2);
  });

  it.each([
    ['SESSION_SECRET', developmentSessionSecret],
    ['SESSION_SECRET', developmentClientSecret],
    ['MUSIC_CLIENT_SECRET', developmentClientSecret],
    ['MUSIC_CLIENT_SECRET', developmentSessionSecret],
    ['METRICS_TOKEN', developmentSessionSecret],
  ])('refuse %s set to a published development default', (name, value) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(
      new RegExp(`${name}: is the published development default`),
    );
  });

  it.each(
    examplePlaceholders.flatMap((value) =>
      ['SESSION_SECRET', 'MUSIC_CLIENT_SECRET', 'METRICS_TOKEN'].map((name) => [name, value]),
    ),
  )('refuse %s set to the placeholder %s', (name, value) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(
      new RegExp(`${name}: is the placeholder of .env.example`),
    );
  });

  it('refuse a Redis password that is the placeholder of .env.example', () => {
    const redis = (password: string) => `redis://:${password}@redis:6379`;
    expect(() =>
      loadConfig({ ...production, REDIS_URL: redis('change-me-redis-password-of-32-characters-or-more') }),
    ).toThrow(/REDIS_URL: has the placeholder password of .env.example/);
    expect(loadConfig({ ...production, REDIS_URL: redis(productionSecrets.metrics) }).redisUrl).toBeDefined();
  });

  it('know every placeholder .env.example ships with', () => {
    const placeholders = envExamplePlaceholders();
    expect(placeholders.length).toBeGreaterThanOrEqual(5);
    for (const value of placeholders) {
      expect(examplePlaceholders).toContain(value);
      expect(isPlaceholder(value)).toBe(true);
    }
  });

  it.each(weakSecrets)('refuse a secret %s', (_name, value, message) => {
    for (const name of ['SESSION_SECRET', 'MUSIC_CLIENT_SECRET', 'METRICS_TOKEN']) {
      expect(() => loadConfig({ ...production, [name]: value }), name).toThrow(
        new RegExp(`${name}: ${message.source}`),
      );
    }
  });

  it('name the secret of a rotation list that is refused', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: `${productionSecrets.session},short` })).toThrow(
      /SESSION_SECRET: secret 2 of 2 must be at least 32 characters/,
    );
  });

  it('leave a Spotify client secret, made by Spotify, to Spotify', () => {
    const spotify = { NODE_ENV: 'production', SESSION_SECRET: productionSecrets.session, MUSIC_PROVIDER: 'spotify' };
    expect(
      loadConfig({ ...spotify, SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: '0123456789abcdef0123456789abcdef' })
        .env,
    ).toBe('production');
  });
});

describe('the listening address outside production', () => {
  it('is loopback unless ALLOW_REMOTE_DEVELOPMENT says otherwise', () => {
    for (const env of ['development', 'test']) {
      expect(() => loadConfig({ NODE_ENV: env, HOST: '0.0.0.0' })).toThrow(
        /HOST: is 0\.0\.0\.0, beyond this machine: .*ALLOW_REMOTE_DEVELOPMENT=true/,
      );
      expect(() => loadConfig({ NODE_ENV: env, HOST: '::' })).toThrow(/HOST: is ::, beyond this machine/);
      expect(loadConfig({ NODE_ENV: env, HOST: '0.0.0.0', ALLOW_REMOTE_DEVELOPMENT: 'true' }).host).toBe('0.0.0.0');
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(() => loadConfig({ HOST: '0.0.0.0', ALLOW_REMOTE_DEVELOPMENT: 'maybe' })).toThrow(
      /ALLOW_REMOTE_DEVELOPMENT/,
    );
  });

  it('is anything in production', () => {
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('starting a sign-in', () => {
  it('is limited to 30 per minute per address by default, as LOGIN_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).loginRateLimit).toEqual({ requests: 30, windowMs: 60_000 });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '5/10s' }).loginRateLimit).toEqual({ requests: 5, windowMs: 10_000 });
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: 'many' })).toThrow(/LOGIN_RATE_LIMIT: expected sign-ins per window/);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '0/1m' })).toThrow(/LOGIN_RATE_LIMIT: needs at least 1 request/);
  });
});
