import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy } from './content-security';

const directives = (env: Record<string, string>) => {
  const policy = contentSecurityPolicy(loadConfig({ NODE_ENV: 'test', ...env }));
  if (!policy || policy === true) throw new Error('no policy');
  return policy.directives ?? {};
};

describe('the content security policy', () => {
  it("allows the local music service's images and audio, and no other host", () => {
    const found = directives({ MUSIC_PORT: '4555' });
    expect(found['img-src']).toEqual(["'self'", 'data:', 'http://127.0.0.1:4555']);
    expect(found['media-src']).toEqual(["'self'", 'http://127.0.0.1:4555']);
  });

  it("allows Spotify's image and preview hosts when Spotify is the music service", () => {
    const found = directives({
      MUSIC_PROVIDER: 'spotify',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
    });
    expect(found['img-src']).toContain('https://i.scdn.co');
    expect(found['media-src']).toEqual(["'self'", 'https://p.scdn.co']);
  });
});
