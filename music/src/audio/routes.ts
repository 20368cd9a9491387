import { createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Queryable } from '../db/types';
import { ApiError, notFound } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import { catalogId } from '../http/params';
import { episodeDurationMs } from '../shows/catalog';
import { ByteLru, ChunkStore } from './chunks';
import { sendRanged } from './http';
import { episodePacing, mp3Body, trackPacing, type Pacing } from './mp3-body';
import { PoolBusyError, RenderPool } from './pool';
import { tokenBucketLimit } from './rate-limit';
import { defaultAudioWorkers, type AudioSettings } from './settings';
import { TrackSpecs } from './specs';
import { previewSpec, type AudioSpec } from './synth';

export interface AudioRouteDeps {
  db: Queryable;
  store: CatalogStore;
  /** Render threads, queue, cache and per-client limit; the defaults without them. */
  settings?: AudioSettings;
  /** Where rendered chunks come from (tests and benchmarks look into it); made from `settings` without one. */
  chunks?: ChunkStore;
  /** The rate limit's clock. */
  now?: () => number;
  /**
   * How fast responses hand on audio: without it, a track's as `trackPacing` says and an episode's as `episodePacing`
   * does; null sends it as fast as it renders.
   */
  pacing?: Pacing | null;
}

export const defaultAudioSettings: AudioSettings = {
  workers: defaultAudioWorkers(),
  queue: 32,
  cacheBytes: 64 * 1024 * 1024,
  rateLimit: { requests: 60, windowMs: 30_000 },
};

/** The chunk store of a pool and a cache sized by `settings`. */
export function chunkStoreFor(settings: AudioSettings): ChunkStore {
  return new ChunkStore(
    new RenderPool({ size: settings.workers, maxQueue: settings.queue }),
    new ByteLru(settings.cacheBytes),
  );
}

/** A number in [0, 1) drawn from the id, so that each episode sounds like itself and always the same. */
function unitFrom(id: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${id}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Episodes have no audio features; their audio is a calm, voice-like bed: slow, quiet, acoustic,
 * with a sung lead, in a key and tempo of their own.
 */
export function episodeSpec(id: string, durationMs: number): AudioSpec {
  return {
    seed: `episode:${id}`,
    durationMs,
    tempo: 70 + Math.floor(unitFrom(id, 'tempo') * 25),
    key: Math.floor(unitFrom(id, 'key') * 12),
    mode: unitFrom(id, 'mode') < 0.7 ? 1 : 0,
    timeSignature: 4,
    energy: 0.15,
    danceability: 0.1,
    valence: 0.5,
    acousticness: 0.9,
    instrumentalness: 0,
    loudness: -16,
  };
}

/** Public like a CDN: pages on other origins (the web client) may read the audio, and its errors. */
const openToEveryOrigin: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges, ETag, Retry-After');
  next();
};

const files = /^(full|preview)\.(mp3|wav)$/;

/**
 * Playable audio: every track and episode in full (`full.mp3`) and as a 30-second excerpt
 * (`preview.mp3`, what `preview_url` and `audio_preview_url` point to), as constant-bit-rate MP3
 * rendered off the event loop by a bounded pool of threads and cached. The `.wav` addresses of
 * earlier versions redirect to them. Public, like the CDN that serves Spotify's previews: a
 * browser's audio element fetches it without credentials; each client address gets a fair share.
 */
export function audioRoutes(deps: AudioRouteDeps): Router {
  const { db, store } = deps;
  const settings = deps.settings ?? defaultAudioSettings;
  const chunks = deps.chunks ?? chunkStoreFor(settings);
  const pacingOfTracks = deps.pacing === undefined ? trackPacing : deps.pacing;
  const pacingOfEpisodes = deps.pacing === undefined ? episodePacing : deps.pacing;
  const router = express.Router();
  // Episode lengths never change once seeded; at most one number per episode is kept.
  const episodeDurations = new Map<string, number>();

  const specs = new TrackSpecs(store);

  async function trackSpec(id: string): Promise<AudioSpec> {
    const spec = await specs.get(id);
    if (!spec) throw notFound('Non existing id');
    return spec;
  }

  async function episodeDuration(id: string): Promise<number> {
    const known = episodeDurations.get(id);
    if (known !== undefined) return known;
    const duration = await episodeDurationMs(db, id);
    if (duration === undefined) throw notFound('Non existing id');
    episodeDurations.set(id, duration);
    return duration;
  }

  const answer = async (
    spec: AudioSpec,
    pacing: Pacing | null,
    part: string,
    req: Request,
    res: Response,
  ): Promise<void> => {
    try {
      await sendRanged(req, res, mp3Body(part === 'preview' ? previewSpec(spec) : spec, chunks, pacing));
    } catch (error) {
      if (!(error instanceof PoolBusyError)) throw error;
      throw new ApiError(503, 'Audio rendering is busy, try again shortly', 'AUDIO_BUSY', {
        'Retry-After': String(error.retryAfterSeconds),
      });
    }
  };

  /**
   * Serves the file `file` names with `spec`, handed on as `pacing` says; the WAV addresses of earlier versions redirect
   * to the MP3.
   */
  const serve =
    (pacing: Pacing | null, specOf: (id: string) => Promise<AudioSpec>): RequestHandler<{ id: string; file: string }> =>
    async (req, res, next) => {
      const [, part, format] = files.exec(req.params.file) ?? [];
      if (part === undefined) {
        next();
        return;
      }
      const id = catalogId(req.params.id);
      if (format === 'wav') {
        // Permanent, and method-preserving: players and caches move to the MP3 for good.
        res.redirect(308, `${part}.mp3`);
        return;
      }
      await answer(await specOf(id), pacing, part, req, res);
    };

  router.use('/audio', openToEveryOrigin);
  // Each address's share of the render threads: a player's few requests per track, not a flood.
  router.use('/audio', tokenBucketLimit({ ...settings.rateLimit, now: deps.now }));
  router.get(
    '/audio/episode/:id/:file',
    serve(pacingOfEpisodes, async (id) => episodeSpec(id, await episodeDuration(id))),
  );
  router.get('/audio/:id/:file', serve(pacingOfTracks, trackSpec));
  return router;
}
