/**
 * The audio figures of `npm run bench -w music`: bytes per minute of audio, time to the first
 * byte of a range of a track nobody has played, and what a burst of 50 such requests does to the
 * rest of the service (event-loop delay in the service, `/v1/me` latency seen by a client). Each
 * is measured for the MP3 files rendered by the pool of threads, and for the WAV files rendered
 * on the event loop as the service served them before, mounted here under `/before/`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import { parseRange } from '../src/audio/http';
import { encodeChunk } from '../src/audio/mp3-encode';
import { CHUNK_BYTES, FRAME_BYTES, MP3_SAMPLE_RATE, mp3Layout } from '../src/audio/mp3-format';
import {
  renderWavRange,
  SAMPLE_RATE,
  specFromFeatures,
  WAV_HEADER_BYTES,
  wavByteLength,
  type AudioSpec,
} from '../src/audio/synth';
import type { CatalogStore } from '../src/catalog/reads';
import type { LoadJob, LoadResult } from './load';

/**
 * The WAV route as it was: the file rendered 64 KiB at a time on the event loop as the client
 * reads it, ranges honoured.
 */
export function wavOnTheEventLoop(store: CatalogStore): Router {
  const router = express.Router();
  router.get('/before/audio/:id/full.wav', async (req, res) => {
    const features = (await store.audioFeatures([req.params.id])).get(req.params.id);
    if (!features) {
      res.status(404).end();
      return;
    }
    const spec = specFromFeatures(features);
    const size = wavByteLength(spec);
    const asked = parseRange(req.get('Range'), size);
    const range = asked && asked !== 'unsatisfiable' ? asked : { start: 0, end: size - 1 };
    res.status(asked ? 206 : 200).setHeader('Content-Type', 'audio/wav');
    res.setHeader('Content-Length', String(range.end - range.start + 1));
    function* slices(): Generator<Buffer> {
      for (let at = range.start; at <= range.end; at += 65_536) {
        yield renderWavRange(spec, at, Math.min(range.end, at + 65_535));
      }
    }
    await pipeline(Readable.from(slices(), { objectMode: false, highWaterMark: 65_536 }), res).catch(() => undefined);
  });
  return router;
}

export interface AudioBenchOptions {
  /** The service's root URL, without `/v1`. */
  root: string;
  token: string;
  /** Track ids none of the other cases asked for audio of, in an order of their own. */
  trackIds: string[];
  load: (job: LoadJob) => Promise<LoadResult>;
}

const benchSpec: AudioSpec = {
  seed: 'bench',
  durationMs: 60_000,
  tempo: 118,
  key: 7,
  mode: 1,
  timeSignature: 4,
  energy: 0.7,
  danceability: 0.6,
  valence: 0.5,
  acousticness: 0.2,
  instrumentalness: 0.4,
  loudness: -7,
};

const ms = (value: number): string => `${value.toFixed(1).padStart(8)} ms`;

/** Time to the first body byte of a request made from this process. */
async function firstByte(url: string, range: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { range } });
  const reader = response.body?.getReader();
  await reader?.read();
  const elapsed = performance.now() - started;
  await reader?.cancel();
  if (response.status !== 206) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

/** Time to first byte of a kilobyte from the middle of each of these tracks, one after the other: the median and the slowest. */
async function coldFirstBytes(urls: string[], range: string): Promise<string> {
  const times: number[] = [];
  for (const url of urls) times.push(await firstByte(url, range));
  times.sort((a, b) => a - b);
  return `median ${ms(times[Math.floor(times.length / 2)] ?? Number.NaN)}  max ${ms(times.at(-1) ?? Number.NaN)} of ${times.length}`;
}

/** Fires a burst of range requests while a client calls /v1/me, watching the service's event loop. */
async function burst(options: AudioBenchOptions, urls: string[], range: string): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const result = await options.load({
    urls: [`${options.root}/v1/me`],
    warmup: Array.from({ length: 20 }, () => `${options.root}/v1/me`),
    token: options.token,
    concurrency: 1,
    burst: { urls, headers: { range } },
  });
  delay.disable();
  const b = result.burst;
  const statuses = Object.entries(b?.statuses ?? {})
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
  return [
    `/v1/me p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)} (${result.requests} calls; p99 target < 50 ms: ${result.p99 < 50 ? 'met' : 'MISSED'})`,
    `event-loop delay max ${ms(delay.max / 1e6)}  p99 ${ms(delay.percentile(99) / 1e6)}`,
    `audio first byte p50 ${ms(b?.firstByteP50 ?? Number.NaN)}  max ${ms(b?.firstByteMax ?? Number.NaN)}  all done ${ms(b?.lastEnded ?? Number.NaN)}  ${statuses}`,
  ].join('\n      ');
}

/** The same client calling /v1/me with no audio requests: the floor the machine sets for the figures above. */
async function quiet(options: AudioBenchOptions): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const result = await options.load({
    urls: Array.from({ length: 300 }, () => `${options.root}/v1/me`),
    warmup: Array.from({ length: 20 }, () => `${options.root}/v1/me`),
    token: options.token,
    concurrency: 1,
  });
  delay.disable();
  return `/v1/me p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}; event-loop delay max ${ms(delay.max / 1e6)}  p99 ${ms(delay.percentile(99) / 1e6)}`;
}

/** CPU time to synthesise, resample and encode one chunk, in this thread, after a warm-up. */
function chunkCost(): string {
  const spec = { ...benchSpec, durationMs: 180_000 };
  // The encoder's code is compiled as it runs: a new thread's first chunks cost up to five times more.
  for (let chunk = 0; chunk < 8; chunk += 1) encodeChunk(spec, chunk);
  const before = process.cpuUsage();
  for (let chunk = 8; chunk < 16; chunk += 1) encodeChunk(spec, chunk);
  const used = process.cpuUsage(before);
  const perChunk = (used.user + used.system) / 1000 / 8;
  const seconds = (CHUNK_BYTES / 8000) * 1000;
  return `${ms(perChunk)} of CPU per ${(seconds / 1000).toFixed(3)} s chunk: ${(seconds / perChunk).toFixed(0)}× real time on one core`;
}

/** Time to render a megabyte of WAV from the middle of a five-minute track: the median of three ranges. */
function rangeRenderTime(): string {
  const spec = { ...benchSpec, durationMs: 300_000 };
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const start = 2_000_000 + i * 1_100_000;
    const began = performance.now();
    renderWavRange(spec, start, start + 1024 * 1024 - 1);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return ms(times[1] ?? 0);
}

/** Runs the audio cases and answers the lines to print. */
export async function benchAudio(options: AudioBenchOptions): Promise<string[]> {
  const minute = { ...benchSpec, durationMs: 60_000 };
  const wavPerMinute = wavByteLength(minute);
  const mp3PerMinute = mp3Layout(minute).size;
  const ids = options.trackIds;
  const mp3 = (id: string): string => `${options.root}/audio/${id}/full.mp3`;
  const wav = (id: string): string => `${options.root}/before/audio/${id}/full.wav`;
  // A kilobyte from the middle of a three-minute track.
  const kilobyteAt = (offset: number): string => `bytes=${offset}-${offset + 1023}`;
  const mp3Middle = kilobyteAt(FRAME_BYTES + 90 * 8000);
  const wavMiddle = kilobyteAt(WAV_HEADER_BYTES + 90 * SAMPLE_RATE * 2);
  const lines = [
    `render cost (synthesis, resampling and MP3 encoding): ${chunkCost()}`,
    `a megabyte of WAV from the middle of a five-minute track, rendered in this thread: ${rangeRenderTime()}`,
    `bytes per minute of audio: WAV (16-bit mono, ${SAMPLE_RATE} Hz) ${wavPerMinute.toLocaleString('en')}, MP3 (64 kbit/s mono, ${MP3_SAMPLE_RATE} Hz) ${mp3PerMinute.toLocaleString('en')}: ${(wavPerMinute / mp3PerMinute).toFixed(1)}× smaller`,
    `the first audio request (starts a render thread): ${ms(await firstByte(mp3(ids[0] ?? ''), mp3Middle))}`,
  ];
  // The first chunk of each of 50 tracks: 6.144 seconds of audio, the same length in both formats.
  const seconds = CHUNK_BYTES / 8000;
  lines.push(
    `burst of 50 cold range requests (first ${seconds.toFixed(3)} s of a track each), MP3 from the render threads:`,
    `      ${await burst(options, ids.slice(1, 51).map(mp3), `bytes=0-${FRAME_BYTES + CHUNK_BYTES - 1}`)}`,
    `no audio requests (the machine's floor): ${await quiet(options)}`,
    `the same burst, WAV rendered on the event loop (before):`,
    `      ${await burst(options, ids.slice(51, 101).map(wav), `bytes=0-${WAV_HEADER_BYTES + Math.round(seconds * SAMPLE_RATE) * 2 - 1}`)}`,
    `cold range (1 KiB mid-track) first byte, MP3: ${await coldFirstBytes(ids.slice(101, 110).map(mp3), mp3Middle)}`,
    `cold range (1 KiB mid-track) first byte, WAV on the event loop: ${await coldFirstBytes(ids.slice(110, 119).map(wav), wavMiddle)}`,
  );
  return lines;
}
