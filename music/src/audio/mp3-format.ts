import { createHash } from 'node:crypto';
import { SAMPLE_RATE, sampleCount, specFingerprint, type AudioSpec } from './synth';

/**
 * The layout of the MP3 files the service serves: constant-bit-rate MPEG-2 Layer III, mono, at
 * 24,000 Hz and 64 kbit/s, without a bit reservoir. At that rate every frame holds 576 samples
 * (24 ms) in exactly 192 bytes, and without the reservoir each frame's data lies inside it, so a
 * byte offset names a frame by division and any run of frames decodes on its own.
 *
 * A file is an Info frame (the LAME tag: frame count, byte count, encoder delay and padding, so
 * that players know the exact duration and trim the codec's delay) followed by the audio frames.
 * The audio frames are encoded in chunks of CHUNK_FRAMES, each on its own from a few frames
 * earlier (see encodeChunk): the file is the concatenation of its chunks by definition, so a byte
 * range is answered from the chunks it touches and equals the same bytes of the whole file.
 */

export const MP3_SAMPLE_RATE = 24_000;
export const MP3_KBPS = 64;
export const FRAME_SAMPLES = 576;
/** 72 × 64,000 / 24,000: an MPEG-2 Layer III frame's size, with no padding slot ever needed. */
export const FRAME_BYTES = 192;
/** Frames per independently encoded chunk: 6.144 seconds, 48 KiB. */
export const CHUNK_FRAMES = 256;
export const CHUNK_BYTES = CHUNK_FRAMES * FRAME_BYTES;
/** How long a chunk plays, in milliseconds. */
export const CHUNK_MS = (CHUNK_FRAMES * FRAME_SAMPLES * 1000) / MP3_SAMPLE_RATE;
/** The encoder's delay (LAME's, in samples), which the Info frame declares. */
export const ENCODER_DELAY = 576;
/** The decoder's own delay, which players add to the encoder's when they trim. */
export const DECODER_DELAY = 529;
/**
 * Bumped whenever the encoded bytes change (the encoder, its settings, the chunking or the
 * resampler), so that entity tags change with them.
 */
export const MP3_VERSION = 1;

/** The header every frame of these files carries: MPEG-2, Layer III, no CRC, 64 kbit/s, 24 kHz, mono. */
export const FRAME_HEADER = Buffer.from([0xff, 0xf3, 0x84, 0xc4]);

export interface Mp3Layout {
  /** Samples at MP3_SAMPLE_RATE that the file plays, once the codec's delay is trimmed. */
  samples: number;
  /** Audio frames, the Info frame not counted. */
  frames: number;
  chunks: number;
  /** The file's size in bytes: the Info frame and the audio frames. */
  size: number;
  /** Samples of silence the last frame holds past the end, declared in the Info frame. */
  padding: number;
}

/** How many samples at 24 kHz a file of `sourceSamples` at the synthesiser's rate lasts. */
export function resampledLength(sourceSamples: number): number {
  return Math.round((sourceSamples * MP3_SAMPLE_RATE) / SAMPLE_RATE);
}

/** The MP3 file's layout for a spec, from its duration alone: nothing is rendered. */
export function mp3Layout(spec: AudioSpec): Mp3Layout {
  const samples = resampledLength(sampleCount(spec));
  // Frames enough to carry every sample past the encoder's and the decoder's delay.
  const frames = Math.max(1, Math.ceil((samples + ENCODER_DELAY + DECODER_DELAY) / FRAME_SAMPLES));
  return {
    samples,
    frames,
    chunks: Math.ceil(frames / CHUNK_FRAMES),
    size: FRAME_BYTES * (1 + frames),
    padding: frames * FRAME_SAMPLES - ENCODER_DELAY - DECODER_DELAY - samples,
  };
}

/** The audio frames chunk `chunk` holds: from `first`, `count` of them. */
export function chunkFrames(layout: Mp3Layout, chunk: number): { first: number; count: number } {
  if (!Number.isInteger(chunk) || chunk < 0 || chunk >= layout.chunks) {
    throw new RangeError(`chunk ${chunk} is outside the ${layout.chunks} the file holds`);
  }
  const first = chunk * CHUNK_FRAMES;
  return { first, count: Math.min(CHUNK_FRAMES, layout.frames - first) };
}

/** Where chunk `chunk` starts in the file. */
export function chunkOffset(chunk: number): number {
  return FRAME_BYTES + chunk * CHUNK_BYTES;
}

/** The chunk that holds byte `offset` of the file; -1 for the Info frame. */
export function chunkAt(offset: number): number {
  return offset < FRAME_BYTES ? -1 : Math.floor((offset - FRAME_BYTES) / CHUNK_BYTES);
}

/**
 * A strong entity tag's value for the spec's MP3 file: the synthesiser's fingerprint and the
 * encoding's version, base64url, 27 characters.
 */
export function mp3Fingerprint(spec: AudioSpec): string {
  return createHash('sha256')
    .update(`mp3/${MP3_VERSION}/${MP3_KBPS}/${CHUNK_FRAMES}\n${specFingerprint(spec)}`)
    .digest('base64url')
    .slice(0, 27);
}

/** CRC-16 with the reflected polynomial 0xA001, as the LAME tag's checksum is computed. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** Where the fields of the Info frame sit: after the header and the 9 bytes of mono MPEG-2 side information. */
const INFO_TAG = 4 + 9;
const LAME_TAG = INFO_TAG + 4 + 4 + 4 + 4 + 100 + 4;

/**
 * The file's first frame: a silent frame whose data is the Info tag (a Xing tag for a
 * constant-bit-rate file) and the LAME extension, which tell a player the frame and byte counts,
 * and the encoder's delay and the end padding to trim, so that it plays exactly `samples`.
 */
export function infoFrame(layout: Mp3Layout): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES);
  FRAME_HEADER.copy(frame, 0);
  frame.write('Info', INFO_TAG, 'latin1');
  // Frames, bytes, table of contents and quality follow.
  frame.writeUInt32BE(0x0f, INFO_TAG + 4);
  frame.writeUInt32BE(layout.frames, INFO_TAG + 8);
  frame.writeUInt32BE(layout.size, INFO_TAG + 12);
  // A constant bit rate: the table of contents is a straight line.
  for (let i = 0; i < 100; i += 1) frame[INFO_TAG + 16 + i] = Math.min(255, Math.round((i * 256) / 100));
  frame.write('LAME3.100', LAME_TAG, 'latin1');
  // Tag revision 0, constant bit rate.
  frame[LAME_TAG + 9] = 0x01;
  frame[LAME_TAG + 20] = MP3_KBPS;
  // Encoder delay and padding, 12 bits each.
  frame.writeUIntBE((ENCODER_DELAY << 12) | layout.padding, LAME_TAG + 21, 3);
  frame.writeUInt32BE(layout.size, LAME_TAG + 28);
  frame.writeUInt16BE(crc16(frame.subarray(0, LAME_TAG + 34)), LAME_TAG + 34);
  return frame;
}
