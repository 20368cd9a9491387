import { availableParallelism } from 'node:os';

/** How the audio routes use the machine: render threads, their queue, the cache and each client's share. */
export interface AudioSettings {
  /** Render threads at most (`MUSIC_AUDIO_WORKERS`). */
  workers: number;
  /** Chunks that may wait for a thread before new requests get 503 (`MUSIC_AUDIO_QUEUE`). */
  queue: number;
  /** Bytes of rendered audio kept in memory (`MUSIC_AUDIO_CACHE_MB`). */
  cacheBytes: number;
  /** Each client address's token bucket (`MUSIC_AUDIO_RATE_LIMIT`): `requests` at once, refilled over `windowMs`. */
  rateLimit: { requests: number; windowMs: number };
}

/** Every core but one, so that the event loop keeps one to itself; at least one. */
export function defaultAudioWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** The form `MUSIC_AUDIO_RATE_LIMIT` takes: requests per window, as `60/30s`. */
export const audioRatePattern = /^([1-9]\d{0,5})\/([1-9]\d{0,5})(ms|s|m)$/;

export interface AudioEnvironment {
  MUSIC_AUDIO_WORKERS?: number | undefined;
  MUSIC_AUDIO_QUEUE: number;
  MUSIC_AUDIO_CACHE_MB: number;
  MUSIC_AUDIO_RATE_LIMIT: string;
}

/** The settings from their validated environment variables. */
export function audioSettings(env: AudioEnvironment): AudioSettings {
  const [, requests, window, unit] = audioRatePattern.exec(env.MUSIC_AUDIO_RATE_LIMIT) ?? [];
  return {
    workers: env.MUSIC_AUDIO_WORKERS ?? defaultAudioWorkers(),
    queue: env.MUSIC_AUDIO_QUEUE,
    cacheBytes: env.MUSIC_AUDIO_CACHE_MB * 1024 * 1024,
    rateLimit: {
      requests: Number(requests ?? 60),
      windowMs: Number(window ?? 30) * (unit === 'ms' ? 1 : unit === 'm' ? 60_000 : 1000),
    },
  };
}
