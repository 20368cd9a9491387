import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import type { CatalogStore } from '../v1/catalog-store';
import { catalogId } from '../v1/params';
import { sendWav } from './http';
import { previewSpec, specFromFeatures, type AudioSpec } from './synth';

export interface AudioRouteDeps {
  db: Queryable;
  store: CatalogStore;
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

/**
 * Playable audio: every track and episode in full (`full.wav`) and as a 30-second excerpt
 * (`preview.wav`, what `preview_url` and `audio_preview_url` point to). Public, like the CDN
 * that serves Spotify's previews: a browser's audio element fetches it without credentials.
 */
export function audioRoutes({ db, store }: AudioRouteDeps): Router {
  const router = express.Router();
  // Episode lengths never change once seeded; at most one number per episode is kept.
  const episodeDurations = new Map<string, number>();

  async function trackSpec(id: string): Promise<AudioSpec> {
    const features = (await store.audioFeatures([id])).get(id);
    if (!features) throw notFound('Non existing id');
    return specFromFeatures(features);
  }

  async function episodeDuration(id: string): Promise<number> {
    const known = episodeDurations.get(id);
    if (known !== undefined) return known;
    const { rows } = await db.query<{ duration_ms: number }>('SELECT duration_ms FROM episodes WHERE id = $1', [id]);
    const duration = rows[0]?.duration_ms;
    if (duration === undefined) throw notFound('Non existing id');
    episodeDurations.set(id, duration);
    return duration;
  }

  const answer = (spec: AudioSpec, part: string | undefined, res: Response, req: Request) => {
    // Public like a CDN: pages on other origins (the web client) may read the audio for analysis.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges, ETag');
    return sendWav(req, res, part === 'preview' ? previewSpec(spec) : spec);
  };

  const parts = /^(full|preview)\.wav$/;

  router.get('/audio/episode/:id/:file', async (req, res, next) => {
    const part = parts.exec(req.params.file)?.[1];
    if (part === undefined) {
      next();
      return;
    }
    const id = catalogId(req.params.id);
    await answer(episodeSpec(id, await episodeDuration(id)), part, res, req);
  });

  router.get('/audio/:id/:file', async (req, res, next) => {
    const part = parts.exec(req.params.file)?.[1];
    if (part === undefined) {
      next();
      return;
    }
    await answer(await trackSpec(catalogId(req.params.id)), part, res, req);
  });

  return router;
}
