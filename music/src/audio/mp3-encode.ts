import { Mp3Encoder } from '@breezystack/lamejs';
import {
  chunkFrames,
  FRAME_BYTES,
  FRAME_HEADER,
  FRAME_SAMPLES,
  MP3_KBPS,
  MP3_SAMPLE_RATE,
  mp3Layout,
  type Mp3Layout,
} from './mp3-format';
import { renderResampled } from './resample';
import type { AudioSpec } from './synth';

/**
 * Frames encoded before a chunk's first and thrown away: they fill the encoder's filter bank,
 * transform overlap and psychoacoustic history with the audio that precedes the chunk, so that
 * the chunk's first frame continues the previous chunk's last one without a seam.
 */
export const PRIMING_FRAMES = 8;
/** Frames encoded past a chunk's last: the encoder's look-ahead, so the last kept frame is complete. */
const TAIL_FRAMES = 4;
/** Samples handed to the encoder at a time. */
const FEED_SAMPLES = FRAME_SAMPLES * 64;

/** Every frame of `bytes` is one of ours, whole: the encoder kept the settings the layout relies on. */
function checkFrames(bytes: Uint8Array): void {
  if (bytes.length % FRAME_BYTES !== 0) throw new Error(`the encoder wrote ${bytes.length} bytes, not whole frames`);
  for (let offset = 0; offset < bytes.length; offset += FRAME_BYTES) {
    for (let i = 0; i < FRAME_HEADER.length; i += 1) {
      if (bytes[offset + i] !== FRAME_HEADER[i])
        throw new Error(`the encoder wrote another kind of frame at ${offset}`);
    }
  }
}

/** Encodes 24 kHz samples with a new encoder and returns all it wrote. */
function encode(pcm: Int16Array): Uint8Array {
  const encoder = new Mp3Encoder(1, MP3_SAMPLE_RATE, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FEED_SAMPLES) {
    parts.push(encoder.encodeBuffer(pcm.subarray(i, Math.min(pcm.length, i + FEED_SAMPLES))));
  }
  parts.push(encoder.flush());
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let written = 0;
  for (const part of parts) {
    // The encoder hands back signed bytes; their bits are the stream.
    bytes.set(new Uint8Array(part.buffer, part.byteOffset, part.length), written);
    written += part.length;
  }
  return bytes;
}

/**
 * The audio frames of chunk `chunk` of the spec's MP3 file. The encoder starts PRIMING_FRAMES
 * before the chunk (on silence before the file's start) and runs TAIL_FRAMES past it; frame n of
 * its output is frame n − PRIMING_FRAMES of the chunk, because every encoder run starts on a frame
 * boundary of the file. The result depends only on the spec and the chunk's index.
 */
export function encodeChunk(
  spec: AudioSpec,
  chunk: number,
  layout: Mp3Layout = mp3Layout(spec),
): Uint8Array<ArrayBuffer> {
  const { first, count } = chunkFrames(layout, chunk);
  const start = (first - PRIMING_FRAMES) * FRAME_SAMPLES;
  const samples = (PRIMING_FRAMES + count + TAIL_FRAMES) * FRAME_SAMPLES;
  const written = encode(renderResampled(spec, start, samples, layout.samples));
  checkFrames(written);
  const end = (PRIMING_FRAMES + count) * FRAME_BYTES;
  if (written.length < end) throw new Error(`the encoder wrote ${written.length / FRAME_BYTES} frames, too few`);
  return written.slice(PRIMING_FRAMES * FRAME_BYTES, end);
}
