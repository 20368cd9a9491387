import { describe, expect, it } from 'vitest';
import { playbackRates } from '../player/engine';
import { ByteLru, ChunkStore, type ChunkRenderer } from './chunks';
import { dueMs, episodePacing, mp3Body, trackPacing, type Pacing } from './mp3-body';
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

  /** How much audio a response has handed on `elapsedMs` after it started, by `pacing`, in milliseconds. */
  const handedOnMs = (pacing: Pacing, elapsedMs: number): number => {
    let chunks = 0;
    while (dueMs(pacing, chunks) <= elapsedMs) chunks += 1;
    return chunks * chunkMs;
  };

  it('stays at least twelve seconds ahead of what plays, at every speed a track or an episode plays at', () => {
    const cases = [
      { pacing: trackPacing, speeds: [1] },
      { pacing: episodePacing, speeds: playbackRates },
    ];
    for (const { pacing, speeds } of cases) {
      for (const speed of speeds) {
        // The least the audio handed on was ahead of what played, over an hour of playing, at each chunk's due time
        // and just before the next one's (where it is least).
        let least = Infinity;
        for (let chunk = 0; dueMs(pacing, chunk) <= 3_600_000; chunk += 1) {
          const nextDue = dueMs(pacing, chunk + 1);
          // Chunks due at the same moment are handed on together: no time passes between them.
          if (nextDue > dueMs(pacing, chunk)) least = Math.min(least, (chunk + 1) * chunkMs - speed * nextDue);
        }
        expect({ speed, least: least >= 12_000 }).toEqual({ speed, least: true });
      }
    }
  });

  it('renders little more than was heard for a listener who skips on', () => {
    // Ten seconds of a track: five chunks (31 s), where a lead of 30 s handed on at 4× had twelve.
    expect(handedOnMs(trackPacing, 10_000)).toBeLessThanOrEqual(5 * chunkMs);
    // Ten seconds of an episode at 3.5× (35 s of it): nine chunks (55 s), where that had twelve.
    expect(handedOnMs(episodePacing, 10_000)).toBeLessThanOrEqual(9 * chunkMs);
    // Skipped at once: the first two chunks.
    expect(handedOnMs(trackPacing, 0)).toBe(2 * chunkMs);
  });

  it('without pacing, hands on every chunk as it renders', async () => {
    const { arrivals, rendered } = await readTimed(null, Infinity);
    expect(rendered).toEqual([...Array(layout.chunks).keys()]);
    expect(arrivals.at(-1)).toBeLessThan(chunkMs);
  });
});
