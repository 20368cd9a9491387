import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(loadConfig({ MUSIC_PROVIDER: 'spotify' })).toMatchObject({
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
