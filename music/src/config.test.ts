import { describe, expect, it } from 'vitest';
import { productionSecrets } from '../../test-support/secrets';
import { loadMusicConfig, MusicConfigError, musicEnvironmentVariables } from './config';

describe('loadMusicConfig', () => {
  it('defaults to loopback, port 4100 and the embedded database', () => {
    const config = loadMusicConfig({});
    expect(config).toMatchObject({ env: 'development', host: '127.0.0.1', port: 4100, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\.data[/\\]music$/);
  });

  it('reads a PostgreSQL URL and a data folder', () => {
    const config = loadMusicConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      MUSIC_DATA_DIR: '/tmp/music-data',
      MUSIC_PORT: '5100',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/tmp/music-data',
      port: 5100,
    });
  });

  it('names every bad value', () => {
    let thrown: unknown;
    try {
      loadMusicConfig({ MUSIC_PORT: 'eighty', DATABASE_URL: 'mysql://db/x' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MusicConfigError);
    const problems = (thrown as MusicConfigError).problems.join('\n');
    expect(problems).toMatch(/MUSIC_PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
  });
});

describe('the player settings', () => {
  it('let a registered device last 25 s unseen unless told otherwise, and refuse values out of range', () => {
    expect(loadMusicConfig({}).deviceTtlMs).toBe(25_000);
    expect(loadMusicConfig({ MUSIC_DEVICE_TTL_MS: '3000' }).deviceTtlMs).toBe(3000);
    for (const bad of ['999', '86400001', 'soon', '2.5'])
      expect(() => loadMusicConfig({ MUSIC_DEVICE_TTL_MS: bad }), bad).toThrow(/MUSIC_DEVICE_TTL_MS/);
    expect(musicEnvironmentVariables).toContain('MUSIC_DEVICE_TTL_MS');
  });
});

describe('the authorization server settings', () => {
  it('register the api as a client with development defaults', () => {
    const config = loadMusicConfig({});
    expect(config.publicUrl).toBe('http://127.0.0.1:4100');
    expect(config.accessTokenTtl).toBe(3600);
    expect(config.client).toMatchObject({ id: 'graphonic', redirectUris: ['http://127.0.0.1:4000/auth/callback'] });
  });

  it('refuse production without a real client secret', () => {
    expect(() => loadMusicConfig({ NODE_ENV: 'production' })).toThrow(/MUSIC_CLIENT_SECRET: is required in production/);
    expect(loadMusicConfig({ NODE_ENV: 'production', MUSIC_CLIENT_SECRET: productionSecrets.client }).env).toBe(
      'production',
    );
  });

  it('refuse the switches for testing clients in production, each named', () => {
    const production = { NODE_ENV: 'production', MUSIC_CLIENT_SECRET: productionSecrets.client };
    expect(() => loadMusicConfig({ ...production, MUSIC_PROFILE: 'development' })).toThrow(
      /MUSIC_PROFILE: only "full" is allowed in production/,
    );
    for (const [name, value] of [
      ['MUSIC_LATENCY_MS', '20'],
      ['MUSIC_RATE_LIMIT', '100/30s'],
      ['MUSIC_FAILURE_RATE', '0.05'],
    ] as const) {
      expect(() => loadMusicConfig({ ...production, [name]: value })).toThrow(/refused in production/);
      expect(loadMusicConfig({ NODE_ENV: 'development', [name]: value }).env).toBe('development');
    }
    expect(loadMusicConfig({ MUSIC_PROFILE: 'development' }).profile).toBe('development');
  });

  it('refuse a token lifetime under one second', () => {
    expect(() => loadMusicConfig({ MUSIC_ACCESS_TOKEN_TTL: '0' })).toThrow(/MUSIC_ACCESS_TOKEN_TTL/);
    expect(() => loadMusicConfig({ MUSIC_ACCESS_TOKEN_TTL: 'soon' })).toThrow(/MUSIC_ACCESS_TOKEN_TTL/);
  });

  it('take the public URL as the issuer, without a trailing slash', () => {
    expect(loadMusicConfig({ MUSIC_PUBLIC_URL: 'https://music.example.org/' }).publicUrl).toBe(
      'https://music.example.org',
    );
    expect(loadMusicConfig({ MUSIC_PORT: '5200' }).publicUrl).toBe('http://127.0.0.1:5200');
    expect(() => loadMusicConfig({ MUSIC_PUBLIC_URL: 'ftp://music.example.org' })).toThrow(/MUSIC_PUBLIC_URL/);
  });

  it('refuse redirect URIs Spotify would refuse: plain http other than to a loopback IP, fragments', () => {
    expect(() => loadMusicConfig({ MUSIC_CLIENT_REDIRECT_URIS: 'http://localhost:4000/auth/callback' })).toThrow(
      /MUSIC_CLIENT_REDIRECT_URIS: .*loopback IP/,
    );
    expect(() => loadMusicConfig({ MUSIC_CLIENT_REDIRECT_URIS: 'https://app.example/cb#x' })).toThrow(/fragment/);
    expect(() => loadMusicConfig({ MUSIC_CLIENT_REDIRECT_URIS: ' , ' })).toThrow(/at least one URI/);
    expect(loadMusicConfig({ MUSIC_CLIENT_REDIRECT_URIS: 'http://[::1]:4000/cb' }).client.redirectUris).toEqual([
      'http://[::1]:4000/cb',
    ]);
  });

  it('read an SMTP server for sign-in links, smtp:// or smtps:// only', () => {
    expect(loadMusicConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Graphonic <no-reply@graphonic.invalid>',
    });
    const config = loadMusicConfig({
      MUSIC_SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MUSIC_MAIL_FROM: 'Music <music@example.org>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'Music <music@example.org>',
    });
    expect(loadMusicConfig({ MUSIC_SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadMusicConfig({ MUSIC_SMTP_URL: 'https://mail.example.org' })).toThrow(
      /MUSIC_SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('read several redirect URIs and a short token lifetime for tests', () => {
    const config = loadMusicConfig({
      MUSIC_CLIENT_REDIRECT_URIS: 'http://127.0.0.1:4000/auth/callback, https://music.example.org/auth/callback',
      MUSIC_ACCESS_TOKEN_TTL: '2',
    });
    expect(config.client.redirectUris).toHaveLength(2);
    expect(config.accessTokenTtl).toBe(2);
  });
});

describe('the trusted proxies', () => {
  it('trust no proxy by default, and read hops or named addresses', () => {
    expect(loadMusicConfig({}).trustProxy).toBe(false);
    expect(loadMusicConfig({ MUSIC_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadMusicConfig({ MUSIC_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('refuse anything else with a clear message', () => {
    expect(() => loadMusicConfig({ MUSIC_TRUST_PROXY: 'everyone' })).toThrow(/MUSIC_TRUST_PROXY: a number of hops/);
  });
});

describe('the operations settings', () => {
  it('log, guard metrics and stop as told, with the same defaults as the api', () => {
    expect(loadMusicConfig({})).toMatchObject({ logLevel: 'info', metricsToken: undefined, shutdownTimeoutMs: 10_000 });
    expect(loadMusicConfig({ NODE_ENV: 'test' }).logLevel).toBe('warn');
    expect(loadMusicConfig({ LOG_LEVEL: 'error', METRICS_TOKEN: 'm'.repeat(24), SHUTDOWN_TIMEOUT: '2' })).toMatchObject(
      { logLevel: 'error', metricsToken: 'm'.repeat(24), shutdownTimeoutMs: 2000 },
    );
    expect(() => loadMusicConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24/);
  });

  it('name every variable it reads, the testing switches included', () => {
    expect(musicEnvironmentVariables).toEqual(
      expect.arrayContaining(['MUSIC_PORT', 'DATABASE_URL', 'LOG_LEVEL', 'METRICS_TOKEN', 'MUSIC_RATE_LIMIT']),
    );
  });
});
