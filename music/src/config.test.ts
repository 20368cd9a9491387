import { describe, expect, it } from 'vitest';
import { loadMusicConfig, MusicConfigError } from './config';

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

describe('the authorization server settings', () => {
  it('register the api as a client with development defaults', () => {
    const config = loadMusicConfig({});
    expect(config.publicUrl).toBe('http://127.0.0.1:4100');
    expect(config.accessTokenTtl).toBe(3600);
    expect(config.client).toMatchObject({ id: 'graphonic', redirectUris: ['http://127.0.0.1:4000/auth/callback'] });
  });

  it('refuse production without a real client secret', () => {
    expect(() => loadMusicConfig({ NODE_ENV: 'production' })).toThrow(/MUSIC_CLIENT_SECRET: is required in production/);
    expect(loadMusicConfig({ NODE_ENV: 'production', MUSIC_CLIENT_SECRET: 's'.repeat(32) }).env).toBe('production');
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
