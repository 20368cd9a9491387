import { existsSync } from 'node:fs';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import type { Queryable } from '../db/types';
import { errorHandler } from '../errors';
import { chunkStoreFor, audioRoutes } from './routes';
import { featuresStore, trackFeatures } from './__fixtures__/tracks';

/**
 * The served MP3 in a real browser: Debian's Chromium (what CI installs for the browser tests)
 * plays it, reports its duration, seeks into the middle with a range request and plays on from
 * there. Skipped where Chromium is not installed.
 */

const CHROMIUM = '/usr/bin/chromium';
const trackId = '2TpxZ7JUBn3uw46aR7qd6V';
const store = featuresStore(
  trackFeatures(trackId, { durationMs: 40_000, tempo: 126, key: 4, mode: 0, energy: 0.7, instrumentalness: 0.8 }),
);
const settings = { workers: 1, queue: 16, cacheBytes: 16 * 1024 * 1024, rateLimit: { requests: 100, windowMs: 1000 } };
const chunks = chunkStoreFor(settings);

let server: RunningServer | undefined;
let browser: Browser | undefined;

interface PageResult {
  canPlay: string;
  duration: number;
  seekedTo: number;
  after: number;
  paused: boolean;
}

/** Runs in the page: loads the audio, plays it muted, seeks to the middle and watches the time move on. */
const inThePage = `async (src) => {
  const audio = document.createElement('audio');
  const canPlay = audio.canPlayType('audio/mpeg');
  audio.muted = true;
  audio.preload = 'auto';
  document.body.append(audio);
  const next = (event) => new Promise((resolve, reject) => {
    audio.addEventListener(event, resolve, { once: true });
    audio.addEventListener('error', () => reject(new Error('media error ' + (audio.error && audio.error.code))), { once: true });
  });
  audio.src = src;
  await next('loadedmetadata');
  const duration = audio.duration;
  await audio.play();
  audio.currentTime = duration / 2;
  await next('seeked');
  const seekedTo = audio.currentTime;
  while (audio.currentTime < seekedTo + 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return { canPlay, duration, seekedTo, after: audio.currentTime, paused: audio.paused };
}`;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  const app = express();
  app.get('/', (_req, res) => {
    res.type('html').send('<!doctype html><title>player</title>');
  });
  app.use(audioRoutes({ db: {} as Queryable, store, settings, chunks }));
  app.use(errorHandler);
  server = await listen(app);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!existsSync(CHROMIUM))('the MP3 in Chromium', () => {
  it('plays, knows its duration, and seeks to the middle and plays on', async () => {
    if (!browser || !server) throw new Error('The browser or the server did not start.');
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const src = JSON.stringify(`${server.url}/audio/${trackId}/full.mp3`);
    const result = await page.evaluate<PageResult>(`(${inThePage})(${src})`);
    expect(result.canPlay).toMatch(/^(probably|maybe)$/);
    // The track's 40 s, give or take the decoder's own delay (22 ms), which Chromium counts in.
    expect(Math.abs(result.duration - 40)).toBeLessThan(0.05);
    expect(Math.abs(result.seekedTo - result.duration / 2)).toBeLessThan(0.1);
    expect(result.after).toBeGreaterThan(result.seekedTo + 1);
    expect(result.paused).toBe(false);
  }, 120_000);
});
