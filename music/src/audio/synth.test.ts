import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chroma, detectTempo, estimateKey } from './analysis';
import {
  normalizeSpec,
  previewSpec,
  renderSamples,
  renderWav,
  renderWavRange,
  SAMPLE_RATE,
  sampleCount,
  specFingerprint,
  specFromFeatures,
  wavByteLength,
  type AudioSpec,
} from './synth';

const base: AudioSpec = {
  seed: '4iV5W9uYEdYUVa79Axb7Rh',
  durationMs: 6000,
  tempo: 120,
  key: 0,
  mode: 1,
  timeSignature: 4,
  energy: 0.7,
  danceability: 0.7,
  valence: 0.6,
  acousticness: 0.2,
  instrumentalness: 0.3,
  loudness: -6,
};

function spec(overrides: Partial<AudioSpec>): AudioSpec {
  return { ...base, ...overrides };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The samples of a whole rendered file, decoded from its bytes. */
function decode(wav: Buffer): Int16Array {
  const samples = new Int16Array((wav.length - 44) / 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = wav.readInt16LE(44 + i * 2);
  return samples;
}

/** `bars` bars of a track starting on the bar nearest to `position` (0 to 1) of the way in. */
function bars(track: AudioSpec, count: number, position = 0.3): Int16Array {
  const barSamples = ((60 * SAMPLE_RATE) / track.tempo) * track.timeSignature;
  const first = Math.round(Math.round((sampleCount(track) * position) / barSamples) * barSamples);
  return renderSamples(track, first, Math.round(barSamples * count));
}

describe('WAV format and sizes', () => {
  it('writes a 44-byte RIFF header for 16-bit mono PCM at 22,050 Hz', () => {
    const header = renderWavRange(base, 0, 43);
    const dataBytes = sampleCount(base) * 2;
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt32LE(4)).toBe(36 + dataBytes);
    expect(header.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(header.readUInt32LE(16)).toBe(16);
    expect(header.readUInt16LE(20)).toBe(1); // PCM
    expect(header.readUInt16LE(22)).toBe(1); // mono
    expect(header.readUInt32LE(24)).toBe(22_050);
    expect(header.readUInt32LE(28)).toBe(44_100);
    expect(header.readUInt16LE(32)).toBe(2);
    expect(header.readUInt16LE(34)).toBe(16);
    expect(header.toString('ascii', 36, 40)).toBe('data');
    expect(header.readUInt32LE(40)).toBe(dataBytes);
  });

  it('sizes the file from the duration alone', () => {
    expect(wavByteLength(spec({ durationMs: 1000 }))).toBe(44 + 44_100);
    expect(wavByteLength(spec({ durationMs: 0 }))).toBe(44);
    expect(wavByteLength(spec({ durationMs: 1 }))).toBe(44 + 2 * 22); // 22.05 samples, rounded
    expect(wavByteLength(spec({ durationMs: 215_373 }))).toBe(44 + 2 * Math.round(215_373 * 22.05));
    // The features change the sound, never the size.
    expect(wavByteLength(spec({ durationMs: 1000, tempo: 200, key: 7, loudness: -40 }))).toBe(44 + 44_100);
    const whole = renderWav(spec({ durationMs: 1500 }));
    expect(whole.length).toBe(wavByteLength(spec({ durationMs: 1500 })));
    expect(renderWav(spec({ durationMs: 0 })).length).toBe(44);
  });

  it('makes 30-second previews from the bar nearest 30% into the track, whole tracks when shorter', () => {
    const track = spec({ durationMs: 200_000, tempo: 100 });
    const preview = previewSpec(track);
    expect(wavByteLength(preview)).toBe(44 + 2 * 30 * 22_050);
    const startMs = preview.excerpt?.startMs ?? -1;
    // Bars of 2.4 s: the bar that starts nearest to 60 s.
    expect(startMs).toBe(60_000);
    const short = previewSpec(spec({ durationMs: 20_000 }));
    expect(wavByteLength(short)).toBe(wavByteLength(spec({ durationMs: 20_000 })));
    // Near the end, the preview still fits inside the track.
    const late = previewSpec(spec({ durationMs: 35_000 }));
    expect((late.excerpt?.startMs ?? 0) + 30_000).toBeLessThanOrEqual(35_000);
  });

  it('rejects durations it cannot represent and ranges outside the file', () => {
    expect(() => wavByteLength(spec({ durationMs: -1 }))).toThrow(RangeError);
    expect(() => wavByteLength(spec({ durationMs: Number.NaN }))).toThrow(RangeError);
    expect(() => wavByteLength(spec({ durationMs: 7 * 3600 * 1000 }))).toThrow(RangeError);
    const size = wavByteLength(base);
    expect(() => renderWavRange(base, 0, size)).toThrow(RangeError);
    expect(() => renderWavRange(base, 10, 9)).toThrow(RangeError);
    expect(() => renderWavRange(base, -1, 9)).toThrow(RangeError);
  });

  it('brings out-of-range features into range instead of failing', () => {
    const odd = spec({
      tempo: 400,
      key: -1,
      mode: 0.2,
      timeSignature: 1,
      energy: 2,
      valence: Number.NaN,
      loudness: 12,
    });
    expect(normalizeSpec(odd)).toMatchObject({
      tempo: 220,
      key: 0,
      mode: 0,
      timeSignature: 3,
      energy: 1,
      valence: 0.5,
      loudness: 0,
    });
    expect(renderWav(spec({ ...odd, durationMs: 500 })).length).toBe(44 + 2 * 11_025);
  });

  it('takes a track record’s features as they are stored', () => {
    const { seed, ...features } = base;
    expect(specFromFeatures({ trackId: seed, ...features })).toEqual(base);
  });
});

describe('random access', () => {
  const whole = renderWav(base);

  it('renders any byte range exactly as the same slice of the whole file', () => {
    const size = whole.length;
    const ranges: [number, number][] = [
      [0, 0],
      [0, 43],
      [10, 60], // header and data
      [43, 44],
      [45, 45], // the high byte of the first sample alone
      [1001, 2002], // odd starts and ends split samples
      [44 + 131_072 - 3, 44 + 131_072 + 3], // across an internal slice boundary
      [size - 1, size - 1],
      [size - 5000, size - 1],
      [0, size - 1],
    ];
    for (const [start, end] of ranges) {
      expect(renderWavRange(base, start, end).equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('renders a sample deep inside a long track the same whatever range it is asked in', () => {
    const track = spec({ durationMs: 240_000, seed: 'long-track' });
    const middle = 3_000_000;
    const small = renderWavRange(track, middle, middle + 999);
    const wide = renderWavRange(track, middle - 150_001, middle + 20_000);
    expect(small.equals(wide.subarray(150_001, 150_001 + 1000))).toBe(true);
    const samples = renderSamples(track, 1_000_000, 10);
    expect(Array.from(samples)).toEqual(Array.from(renderSamples(track, 999_990, 20).subarray(10)));
  });
});

describe('determinism', () => {
  it('gives the same bytes for the same spec, even once the plan cache has moved on', () => {
    const first = renderWav(base);
    for (let i = 0; i < 10; i += 1) renderWavRange(spec({ seed: `other-${i}` }), 0, 4000);
    expect(renderWav({ ...base }).equals(first)).toBe(true);
  });

  it('gives other bytes, and another entity tag, for another seed or other features', () => {
    const first = renderWav(base);
    expect(renderWav(spec({ seed: 'another-track' })).equals(first)).toBe(false);
    expect(renderWav(spec({ key: 5 })).equals(first)).toBe(false);
    expect(specFingerprint(spec({ seed: 'another-track' }))).not.toBe(specFingerprint(base));
    expect(specFingerprint(previewSpec(base))).not.toBe(specFingerprint(spec({ durationMs: 30_000 })));
    expect(specFingerprint({ ...base })).toBe(specFingerprint(base));
  });

  it('keeps its output stable: a change to the sound must bump SYNTH_VERSION and this digest', () => {
    expect(sha256(renderWav(spec({ durationMs: 3000, seed: 'pinned' })))).toBe(PINNED_DIGEST);
  });
});

describe('levels', () => {
  it('never clips, even for the loudest, densest tracks', () => {
    for (const loud of [
      spec({
        durationMs: 20_000,
        loudness: 0,
        energy: 1,
        danceability: 1,
        valence: 1,
        acousticness: 0,
        instrumentalness: 1,
        seed: 'loud-a',
      }),
      spec({
        durationMs: 20_000,
        loudness: 0,
        energy: 1,
        danceability: 1,
        acousticness: 1,
        tempo: 200,
        seed: 'loud-b',
      }),
      spec({ durationMs: 20_000, loudness: -2, energy: 0.9, tempo: 60, timeSignature: 7, mode: 0, seed: 'loud-c' }),
    ]) {
      const samples = decode(renderWav(loud));
      let peak = 0;
      for (const value of samples) peak = Math.max(peak, Math.abs(value));
      expect(peak).toBeLessThan(32_767);
      expect(peak).toBeGreaterThan(16_000);
    }
  });

  it('plays quieter tracks quieter, and fades in and out', () => {
    const rms = (samples: Int16Array): number => Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);
    const loud = renderSamples(spec({ loudness: -5 }), 22_050, 44_100);
    const quiet = renderSamples(spec({ loudness: -25 }), 22_050, 44_100);
    expect(rms(quiet)).toBeLessThan(rms(loud) / 3);
    expect(rms(quiet)).toBeGreaterThan(100);

    const samples = decode(renderWav(base));
    expect(samples[0]).toBe(0);
    expect(samples.at(-1)).toBe(0);
    const preview = decode(renderWav(previewSpec(spec({ durationMs: 120_000 }))));
    expect(preview[0]).toBe(0);
    expect(Math.abs(preview[100] ?? 99_999)).toBeLessThan(1000);
    expect(preview.at(-1)).toBe(0);
  });

  it('makes the preview out of the track’s own audio', () => {
    const track = spec({ durationMs: 120_000, seed: 'preview-source' });
    const preview = previewSpec(track);
    const start = Math.round(((preview.excerpt?.startMs ?? 0) * SAMPLE_RATE) / 1000);
    // Ten seconds in, past the preview's fade-in: the very samples of the track.
    const excerpt = renderSamples(preview, 220_500, 2000);
    expect(Array.from(excerpt)).toEqual(Array.from(renderSamples(track, start + 220_500, 2000)));
  });
});

describe('audible features', () => {
  // Searching 80 to 170 BPM keeps the half, double and bar-length periods of 90, 120 and 150
  // out of the window, so an octave error cannot pass for the right answer.
  it.each([
    [90, 4],
    [120, 4],
    [150, 4],
    [120, 3],
    [90, 7],
    [150, 5],
  ])('has a beat at %d BPM in %d/4 that an onset autocorrelation finds within 3 percent', (tempo, timeSignature) => {
    const track = spec({ durationMs: 180_000, tempo, timeSignature, seed: `tempo-${tempo}-${timeSignature}` });
    const detected = detectTempo(bars(track, 6), { sampleRate: SAMPLE_RATE, minBpm: 80, maxBpm: 170 });
    expect(Math.abs(detected / tempo - 1)).toBeLessThan(0.03);
  });

  it('puts the beat where the spec says, not merely somewhere', () => {
    // The same music a whole-tone's worth faster must be told apart.
    const track = spec({ durationMs: 120_000, tempo: 112, seed: 'tempo-shift' });
    const detected = detectTempo(bars(track, 6), { sampleRate: SAMPLE_RATE, minBpm: 80, maxBpm: 170 });
    expect(Math.abs(detected - 112)).toBeLessThan(3);
    expect(Math.abs(detected - 120)).toBeGreaterThan(5);
  });

  it.each([
    [0, 1, 'C major'],
    [9, 0, 'A minor'],
    [6, 1, 'F♯ major'],
    [3, 0, 'E♭ minor'],
    [7, 0, 'G minor'],
  ])('sounds in key %d mode %d (%s) by its Krumhansl profile', (key, mode) => {
    const track = spec({ durationMs: 150_000, key, mode, seed: `key-${key}-${mode}`, acousticness: (key % 3) / 2 });
    const estimate = estimateKey(chroma(bars(track, 8), SAMPLE_RATE));
    expect({ key: estimate.key, mode: estimate.mode }).toEqual({ key, mode });
    expect(estimate.score).toBeGreaterThan(0.6);
  });
});

const PINNED_DIGEST = 'c71c193ad929a782d9ff93a8aea90c06830eeec4c64c6bf5971a182d85922fc4';
