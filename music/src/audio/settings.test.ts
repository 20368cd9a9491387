import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadMusicConfig, MusicConfigError, musicEnvironmentVariables } from '../config';

describe('the audio settings', () => {
  it('default to every core but one, a queue of 32, 64 MiB of cache and 60 requests per 30 s per address', () => {
    expect(loadMusicConfig({}).audio).toEqual({
      workers: Math.max(1, availableParallelism() - 1),
      queue: 32,
      cacheBytes: 64 * 1024 * 1024,
      rateLimit: { requests: 60, windowMs: 30_000 },
    });
  });

  it('are read from the environment', () => {
    const config = loadMusicConfig({
      MUSIC_AUDIO_WORKERS: '3',
      MUSIC_AUDIO_QUEUE: '0',
      MUSIC_AUDIO_CACHE_MB: '8',
      MUSIC_AUDIO_RATE_LIMIT: '200/2m',
    });
    expect(config.audio).toEqual({
      workers: 3,
      queue: 0,
      cacheBytes: 8 * 1024 * 1024,
      rateLimit: { requests: 200, windowMs: 120_000 },
    });
    expect(loadMusicConfig({ MUSIC_AUDIO_RATE_LIMIT: '5/500ms' }).audio.rateLimit).toEqual({
      requests: 5,
      windowMs: 500,
    });
    for (const name of ['MUSIC_AUDIO_WORKERS', 'MUSIC_AUDIO_QUEUE', 'MUSIC_AUDIO_CACHE_MB', 'MUSIC_AUDIO_RATE_LIMIT']) {
      expect(musicEnvironmentVariables).toContain(name);
    }
  });

  it('name every bad value', () => {
    let thrown: unknown;
    try {
      loadMusicConfig({
        MUSIC_AUDIO_WORKERS: '0',
        MUSIC_AUDIO_QUEUE: '-1',
        MUSIC_AUDIO_CACHE_MB: 'lots',
        MUSIC_AUDIO_RATE_LIMIT: '0/30s',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MusicConfigError);
    const problems = (thrown as MusicConfigError).problems.join('\n');
    for (const name of ['MUSIC_AUDIO_WORKERS', 'MUSIC_AUDIO_QUEUE', 'MUSIC_AUDIO_CACHE_MB'])
      expect(problems).toMatch(name);
    expect(problems).toMatch(/MUSIC_AUDIO_RATE_LIMIT: expected requests per window such as 60\/30s/);
  });
});
