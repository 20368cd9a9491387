import { describe, expect, it } from 'vitest';
import { playbackRates } from '../player/engine';
import { ByteLru, ChunkStore, type ChunkRenderer } from './chunks';
import { audioPacing, mp3Body, type Pacing } from './mp3-body';
import { CHUNK_BYTES, CHUNK_MS as chunkMs, chunkFrames, FRAME_BYTES, mp3Layout } from './mp3-format';
import { specFromFeatures } from './synth';
import { trackFeatures } from './__fixtures__/tracks';

/** A minute of audio: ten chunks. */
const spec = specFromFeatures(trackFeatures('pacing', { durationMs: 60_000 }));
const layout = mp3Layout(spec);

/** Chunks of the right length, and which were asked for. */
function countingStore(): { store: ChunkStore; rendered: number[] } {
  const rendered: number[] = [];
  const renderer: ChunkRenderer = {
    run: ({ chunk }) => {
      rendered.push(chunk);
      return Promise.resolve(new Uint8Array(chunkFrames(layout, chunk).count * FRAME_BYTES));
    },
  };
  return { store: new ChunkStore(renderer, new ByteLru(0)), rendered };
}

/** Reads `pieces` pieces of the whole file, noting when each came. */
async function readTimed(pacing: Pacing | null, pieces: number, signal = new AbortController().signal) {
  const { store, rendered } = countingStore();
  const body = mp3Body(spec, store, pacing);
  const started = performance.now();
  const arrivals: number[] = [];
  let bytes = 0;
  for await (const piece of body.read({ start: 0, end: body.size - 1 }, signal)) {
    arrivals.push(performance.now() - started);
    bytes += piece.length;
    if (arrivals.length === pieces) break;
  }
  return { arrivals, rendered, bytes };
}

describe('pacing the audio', () => {
  it('hands on the lead at once and the rest no faster than its rate', async () => {
    expect(layout.chunks).toBe(10);
    const pacing = { leadMs: 2 * chunkMs, rate: 60 };
    const { arrivals, bytes } = await readTimed(pacing, Infinity);
    // The Info frame, then every chunk, whole.
    expect(arrivals).toHaveLength(1 + layout.chunks);
    expect(bytes).toBe(layout.size);
    for (let chunk = 0; chunk < layout.chunks; chunk += 1) {
      const due = Math.max(0, (chunk * chunkMs - pacing.leadMs) / pacing.rate);
      expect(arrivals[1 + chunk]).toBeGreaterThanOrEqual(due);
    }
  });

  it('renders no chunk that is not due when the listener goes away', async () => {
    const leaving = new AbortController();
    const { store, rendered } = countingStore();
    const body = mp3Body(spec, store, { leadMs: 2 * chunkMs, rate: 1 });
    const started = performance.now();
    const pieces = body.read({ start: 0, end: body.size - 1 }, leaving.signal)[Symbol.asyncIterator]();
    // The Info frame and the lead (chunks 0 to 2), at once: long before chunk 3 is due, 6 s in.
    for (let piece = 0; piece < 4; piece += 1) await pieces.next();
    expect(performance.now() - started).toBeLessThan(chunkMs);
    const waiting = pieces.next();
    leaving.abort(new Error('The client went away'));
    await expect(waiting).rejects.toThrow();
    expect(rendered).toEqual([0, 1, 2]);
  });

  it('paces from where a range starts, so that a seek far ahead plays at once', async () => {
    const { store } = countingStore();
    const body = mp3Body(spec, store, { leadMs: chunkMs, rate: 1 });
    const start = CHUNK_BYTES * 7 + FRAME_BYTES;
    const started = performance.now();
    const pieces: Uint8Array[] = [];
    for await (const piece of body.read({ start, end: start + 2 * CHUNK_BYTES - 1 }, new AbortController().signal)) {
      pieces.push(piece);
    }
    expect(pieces.map((piece) => piece.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES]);
    // Both within the lead of the range's own start: neither waited a chunk's length.
    expect(performance.now() - started).toBeLessThan(chunkMs);
  });

  it('hands on faster than the fastest speed anything plays at', () => {
    expect(audioPacing.rate).toBeGreaterThan(Math.max(...playbackRates));
    expect(audioPacing.leadMs).toBeGreaterThanOrEqual(10_000);
  });

  it('without pacing, hands on every chunk as it renders', async () => {
    const { arrivals, rendered } = await readTimed(null, Infinity);
    expect(rendered).toEqual([...Array(layout.chunks).keys()]);
    expect(arrivals.at(-1)).toBeLessThan(chunkMs);
  });
});
