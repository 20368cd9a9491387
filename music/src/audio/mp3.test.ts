import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeChunk, PRIMING_FRAMES } from './mp3-encode';
import {
  CHUNK_BYTES,
  CHUNK_FRAMES,
  chunkAt,
  chunkOffset,
  DECODER_DELAY,
  ENCODER_DELAY,
  FRAME_BYTES,
  FRAME_SAMPLES,
  infoFrame,
  MP3_SAMPLE_RATE,
  mp3Fingerprint,
  mp3Layout,
} from './mp3-format';
import { renderResampled } from './resample';
import { previewSpec, type AudioSpec } from './synth';

const spec: AudioSpec = {
  seed: '4uLU6hMCjMI75M1A2tKUQC',
  durationMs: 13_000,
  tempo: 124,
  key: 5,
  mode: 1,
  timeSignature: 4,
  energy: 0.8,
  danceability: 0.7,
  valence: 0.6,
  acousticness: 0.1,
  instrumentalness: 0.7,
  loudness: -6,
};
const layout = mp3Layout(spec);
let chunks: Uint8Array[] = [];
let file: Buffer = Buffer.alloc(0);
let decoder: MPEGDecoder;

beforeAll(async () => {
  chunks = Array.from({ length: layout.chunks }, (_, chunk) => encodeChunk(spec, chunk, layout));
  file = Buffer.concat([infoFrame(layout), ...chunks]);
  decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
}, 120_000);

afterAll(() => {
  decoder.free();
});

/** Signal to error, in decibels, of `decoded` against `reference` over [from, to). */
function snr(reference: Int16Array, decoded: Float32Array, from: number, to: number): number {
  let signal = 0;
  let error = 0;
  for (let i = from; i < to; i += 1) {
    const expected = (reference[i] ?? 0) / 32768;
    signal += expected * expected;
    error += (expected - (decoded[i] ?? 0)) ** 2;
  }
  return 10 * Math.log10(signal / error);
}

describe('the MP3 layout', () => {
  it('sizes the file from the duration alone: 192-byte frames of 24 ms after one Info frame', () => {
    expect(layout.samples).toBe(13 * MP3_SAMPLE_RATE);
    expect(layout.frames).toBe(Math.ceil((layout.samples + ENCODER_DELAY + DECODER_DELAY) / FRAME_SAMPLES));
    expect(layout.size).toBe(FRAME_BYTES * (layout.frames + 1));
    expect(layout.padding).toBeGreaterThanOrEqual(0);
    expect(layout.padding).toBeLessThan(FRAME_SAMPLES);
    expect(layout.chunks).toBe(Math.ceil(layout.frames / CHUNK_FRAMES));
    // 64 kbit/s: 480,000 bytes a minute, against 2,646,000 for the 22,050 Hz 16-bit WAV.
    expect(mp3Layout({ ...spec, durationMs: 60_000 }).size).toBeLessThan(481_000);
    expect(mp3Layout({ ...spec, durationMs: 0 })).toMatchObject({ samples: 0, frames: 2, chunks: 1 });
  });

  it('maps every byte to its chunk', () => {
    expect(chunkAt(0)).toBe(-1);
    expect(chunkAt(FRAME_BYTES - 1)).toBe(-1);
    expect(chunkAt(FRAME_BYTES)).toBe(0);
    expect(chunkAt(chunkOffset(1) - 1)).toBe(0);
    expect(chunkAt(chunkOffset(1))).toBe(1);
    expect(chunkOffset(2)).toBe(FRAME_BYTES + 2 * CHUNK_BYTES);
  });

  it('tags each file by its spec and the encoding', () => {
    expect(mp3Fingerprint(spec)).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(mp3Fingerprint({ ...spec })).toBe(mp3Fingerprint(spec));
    expect(mp3Fingerprint(previewSpec(spec))).not.toBe(mp3Fingerprint(spec));
    expect(mp3Fingerprint({ ...spec, key: 6 })).not.toBe(mp3Fingerprint(spec));
  });

  it('writes an Info frame with the counts, the delay and the padding, under a valid checksum', () => {
    const frame = infoFrame(layout);
    expect(frame.length).toBe(FRAME_BYTES);
    expect([...frame.subarray(0, 4)]).toEqual([0xff, 0xf3, 0x84, 0xc4]);
    expect(frame.toString('latin1', 13, 17)).toBe('Info');
    expect(frame.readUInt32BE(21)).toBe(layout.frames);
    expect(frame.readUInt32BE(25)).toBe(layout.size);
    expect(frame.toString('latin1', 133, 142)).toBe('LAME3.100');
    const delays = frame.readUIntBE(133 + 21, 3);
    expect({ delay: delays >> 12, padding: delays & 0xfff }).toEqual({ delay: ENCODER_DELAY, padding: layout.padding });
    let crc = 0;
    for (const byte of frame.subarray(0, 167)) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    }
    expect(frame.readUInt16BE(167)).toBe(crc);
  });
});

describe('encoding in chunks', () => {
  it('makes chunks of whole, self-contained frames: the header, and no bit reservoir', () => {
    expect(file.length).toBe(layout.size);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.length).toBe(Math.min(CHUNK_FRAMES, layout.frames - index * CHUNK_FRAMES) * FRAME_BYTES);
      for (let offset = 0; offset < chunk.length; offset += FRAME_BYTES) {
        expect([...chunk.subarray(offset, offset + 4)]).toEqual([0xff, 0xf3, 0x84, 0xc4]);
        // main_data_begin, the side information's first byte: 0 means the frame borrows no byte from before it.
        expect(chunk[offset + 4]).toBe(0);
      }
    }
  });

  it('renders the same bytes for a chunk every time, whatever was rendered before', () => {
    expect(Buffer.from(encodeChunk({ ...spec, seed: 'another' }, 0)).equals(chunks[0] ?? new Uint8Array())).toBe(false);
    expect(Buffer.from(encodeChunk(spec, 1, layout)).equals(chunks[1] ?? new Uint8Array())).toBe(true);
  }, 60_000);

  it('decodes to the track itself, aligned to the sample, with no seam where chunks meet', () => {
    const reference = renderResampled(spec, 0, layout.samples, layout.samples);
    const decoded = decoder.decode(new Uint8Array(file));
    expect(decoded.errors).toEqual([]);
    expect(decoded.sampleRate).toBe(MP3_SAMPLE_RATE);
    // The Info frame's delay is trimmed: sample i of the output is sample i of the track.
    expect(decoded.samplesDecoded).toBeGreaterThanOrEqual(layout.samples);
    expect(decoded.samplesDecoded).toBeLessThanOrEqual(layout.samples + layout.padding);
    const samples = decoded.channelData[0] ?? new Float32Array();
    const overall = snr(reference, samples, 0, layout.samples);
    expect(overall).toBeGreaterThan(15);
    // Shifted by a sample, it matches far worse: the alignment is exact.
    expect(snr(reference, samples.subarray(1), 0, layout.samples - 1)).toBeLessThan(overall - 3);
    for (let chunk = 1; chunk < layout.chunks; chunk += 1) {
      // Chunk k's first frame carries the samples from k × CHUNK_FRAMES × 576 less the codec's delay.
      const seam = chunk * CHUNK_FRAMES * FRAME_SAMPLES - ENCODER_DELAY - DECODER_DELAY;
      expect(snr(reference, samples, seam - 2 * FRAME_SAMPLES, seam + 2 * FRAME_SAMPLES)).toBeGreaterThan(overall - 6);
    }
  }, 30_000);

  it('starts each chunk from the frames before it, on silence before the file starts', () => {
    expect(PRIMING_FRAMES).toBeGreaterThanOrEqual(4);
    const before = renderResampled(
      spec,
      -PRIMING_FRAMES * FRAME_SAMPLES,
      PRIMING_FRAMES * FRAME_SAMPLES,
      layout.samples,
    );
    expect(before.every((sample) => sample === 0)).toBe(true);
  });
});

describe('resampling to 24 kHz', () => {
  const whole = renderResampled(spec, 0, layout.samples, layout.samples);

  it('renders any window exactly as the same samples of the whole', () => {
    for (const [first, count] of [
      [0, 10],
      [1, 999],
      [146, 321],
      [100_003, 4_000],
      [layout.samples - 500, 500],
    ] as const) {
      expect(renderResampled(spec, first, count, layout.samples), `${first}+${count}`).toEqual(
        whole.subarray(first, first + count),
      );
    }
  }, 30_000);

  it('is silent outside the file', () => {
    const around = renderResampled(spec, layout.samples - 10, 30, layout.samples);
    expect([...around.subarray(10)].every((sample) => sample === 0)).toBe(true);
    expect(renderResampled(spec, -20, 20, layout.samples).every((sample) => sample === 0)).toBe(true);
  });
});
