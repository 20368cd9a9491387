import type { ChunkStore } from './chunks';
import type { ByteRange, RangedBody } from './http';
import { chunkAt, chunkOffset, FRAME_BYTES, infoFrame, mp3Fingerprint, mp3Layout, type Mp3Layout } from './mp3-format';
import type { AudioSpec } from './synth';

/**
 * The bytes of `range` of the file: the part of the Info frame it covers (made on the spot), then
 * the part of each chunk it covers, in order, each rendered (or found in the cache) only when the
 * previous one has been handed on.
 */
async function* mp3Pieces(
  spec: AudioSpec,
  layout: Mp3Layout,
  fingerprint: string,
  chunks: ChunkStore,
  range: ByteRange,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (range.start < FRAME_BYTES) {
    yield infoFrame(layout).subarray(range.start, Math.min(FRAME_BYTES, range.end + 1));
  }
  if (range.end < FRAME_BYTES) return;
  const last = chunkAt(range.end);
  for (let chunk = chunkAt(Math.max(range.start, FRAME_BYTES)); chunk <= last; chunk += 1) {
    const bytes = await chunks.get(spec, fingerprint, chunk, signal);
    const offset = chunkOffset(chunk);
    yield bytes.subarray(
      Math.max(range.start, offset) - offset,
      Math.min(range.end + 1, offset + bytes.length) - offset,
    );
  }
}

/** The spec's MP3 file as a ranged body: its size and tag from the spec alone, its bytes from `chunks`. */
export function mp3Body(spec: AudioSpec, chunks: ChunkStore): RangedBody {
  const layout = mp3Layout(spec);
  const fingerprint = mp3Fingerprint(spec);
  return {
    size: layout.size,
    etag: `"${fingerprint}"`,
    contentType: 'audio/mpeg',
    read: (range, signal) => mp3Pieces(spec, layout, fingerprint, chunks, range, signal),
  };
}
