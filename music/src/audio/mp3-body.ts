import { setTimeout as sleep } from 'node:timers/promises';
import { playbackRates } from '../player/engine';
import type { ChunkStore } from './chunks';
import type { ByteRange, RangedBody } from './http';
import {
  chunkAt,
  chunkOffset,
  CHUNK_MS,
  FRAME_BYTES,
  infoFrame,
  mp3Fingerprint,
  mp3Layout,
  type Mp3Layout,
} from './mp3-format';
import type { AudioSpec } from './synth';

/**
 * How fast a response hands on audio: the first `leadMs` of it at once, the rest `rate` times faster than it
 * plays. A browser's audio element reads megabytes ahead (Chromium at least 2 MB, four minutes at 64 kbit/s), so
 * unpaced, every track a listener starts is rendered whole, and a skip after ten seconds throws the rest away.
 * Paced, a response renders what is played and a lead; the lead covers a stall of the network.
 */
export interface Pacing {
  leadMs: number;
  rate: number;
}

/**
 * How far ahead of playback a response starts: two chunks, rendered in well under a second, so that a listener who
 * skips after a few seconds had little rendered for nothing, and a stall of the network up to this long is covered
 * from the first second.
 */
const leadMs = 12_000;

/**
 * A track's audio: half as fast again as it plays (tracks always play at 1×), so the lead grows by half a second in
 * every second played.
 */
export const trackPacing: Pacing = { leadMs, rate: 1.5 };

/** An episode's audio: half a second per second faster than its fastest speed (3.5×), so its lead grows likewise. */
export const episodePacing: Pacing = { leadMs, rate: Math.max(...playbackRates) + 0.5 };

/** When the chunk `ahead` chunks past a response's first is due, in milliseconds from its start, by `pacing`. */
export function dueMs(pacing: Pacing, ahead: number): number {
  return Math.max(0, (ahead * CHUNK_MS - pacing.leadMs) / pacing.rate);
}

/** Waits until the chunk `ahead` chunks past the response's first is due, by `pacing`, from `started`. */
async function untilDue(pacing: Pacing, ahead: number, started: number, signal: AbortSignal): Promise<void> {
  const due = dueMs(pacing, ahead);
  // Timers count from the event loop's last look at the clock, so one may end a little early: wait on until due.
  let waitMs = due - (performance.now() - started);
  while (waitMs > 0) {
    await sleep(waitMs, undefined, { signal });
    waitMs = due - (performance.now() - started);
  }
}

/**
 * The bytes of `range` of the file: the part of the Info frame it covers (made on the spot), then
 * the part of each chunk it covers, in order, each rendered (or found in the cache) only when the
 * previous one has been handed on and, with `pacing`, once it is due.
 */
async function* mp3Pieces(
  spec: AudioSpec,
  layout: Mp3Layout,
  fingerprint: string,
  chunks: ChunkStore,
  range: ByteRange,
  signal: AbortSignal,
  pacing: Pacing | null,
): AsyncGenerator<Uint8Array> {
  const started = performance.now();
  if (range.start < FRAME_BYTES) {
    yield infoFrame(layout).subarray(range.start, Math.min(FRAME_BYTES, range.end + 1));
  }
  if (range.end < FRAME_BYTES) return;
  const last = chunkAt(range.end);
  const first = chunkAt(Math.max(range.start, FRAME_BYTES));
  for (let chunk = first; chunk <= last; chunk += 1) {
    if (pacing) await untilDue(pacing, chunk - first, started, signal);
    const bytes = await chunks.get(spec, fingerprint, chunk, signal);
    const offset = chunkOffset(chunk);
    yield bytes.subarray(
      Math.max(range.start, offset) - offset,
      Math.min(range.end + 1, offset + bytes.length) - offset,
    );
  }
}

/**
 * The spec's MP3 file as a ranged body: its size and tag from the spec alone, its bytes from `chunks`, handed on
 * as `pacing` says (all as fast as they render with null).
 */
export function mp3Body(spec: AudioSpec, chunks: ChunkStore, pacing: Pacing | null): RangedBody {
  const layout = mp3Layout(spec);
  const fingerprint = mp3Fingerprint(spec);
  return {
    size: layout.size,
    etag: `"${fingerprint}"`,
    contentType: 'audio/mpeg',
    read: (range, signal) => mp3Pieces(spec, layout, fingerprint, chunks, range, signal, pacing),
  };
}
