import { describe, expect, it } from 'vitest';
import { chroma, detectTempo, estimateKey, onsetEnvelope } from './analysis';

const rate = 22_050;

/** Short decaying clicks of a 1 kHz tone at `bpm`, for `seconds`. */
function clickTrack(bpm: number, seconds: number): Float64Array {
  const samples = new Float64Array(rate * seconds);
  const period = (60 * rate) / bpm;
  for (let beat = 0; beat * period < samples.length; beat += 1) {
    const start = Math.round(beat * period);
    for (let i = 0; i < 1500 && start + i < samples.length; i += 1) {
      samples[start + i] = Math.sin((2 * Math.PI * 1000 * i) / rate) * Math.exp(-i / 300);
    }
  }
  return samples;
}

/** Sustained sine tones at MIDI notes with the given weights, for `seconds`. */
function tones(notes: [midi: number, weight: number][], seconds: number): Float64Array {
  const samples = new Float64Array(rate * seconds);
  for (const [midi, weight] of notes) {
    const hz = 440 * Math.pow(2, (midi - 69) / 12);
    for (let i = 0; i < samples.length; i += 1)
      samples[i] = (samples[i] ?? 0) + weight * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return samples;
}

describe('tempo', () => {
  it('marks onsets where sound starts, not where it continues', () => {
    const envelope = onsetEnvelope(clickTrack(60, 3));
    const strongest = Math.max(...envelope.subarray(100, 250));
    // The click at one second is at frame 22050 / 128 ≈ 172, give or take the frame length.
    expect(Math.abs(envelope.indexOf(strongest, 100) - 172)).toBeLessThanOrEqual(4);
    expect(strongest).toBeGreaterThan(1);
    const steady = onsetEnvelope(tones([[69, 1]], 2)).subarray(10);
    expect(Math.max(...steady)).toBeLessThan(0.05);
  });

  // Between 80 and 170 BPM, these tempos have no half or double in the window to be confused with.
  it.each([84, 100, 128, 150])('finds %d BPM in a click track', (bpm) => {
    expect(detectTempo(clickTrack(bpm, 12), { sampleRate: rate, minBpm: 80, maxBpm: 170 })).toBeCloseTo(bpm, 0);
  });

  it('finds no beat in the wrong place: 100 BPM is not mistaken for 120', () => {
    const detected = detectTempo(clickTrack(100, 12), { sampleRate: rate, minBpm: 80, maxBpm: 170 });
    expect(Math.abs(detected - 120)).toBeGreaterThan(10);
  });
});

describe('key', () => {
  it('puts a pure tone in its pitch class', () => {
    const profile = chroma(tones([[69, 1]], 2), rate);
    expect(profile.indexOf(Math.max(...profile))).toBe(9);
  });

  it('recognises a major key from its tonic triad and scale', () => {
    // G major: G B D loud, the rest of the scale softer.
    const scale: [number, number][] = [55, 59, 62].map((midi) => [midi, 1]);
    for (const midi of [57, 60, 64, 66]) scale.push([midi, 0.35]);
    expect(estimateKey(chroma(tones(scale, 3), rate))).toMatchObject({ key: 7, mode: 1 });
  });

  it('tells a minor key from its relative major', () => {
    // A minor (A C E, with G♯ leading back to A) against C major (C E G), same notes around them.
    const minor: [number, number][] = [57, 60, 64].map((midi) => [midi, 1]);
    minor.push([56, 0.4], [59, 0.3], [62, 0.3]);
    expect(estimateKey(chroma(tones(minor, 3), rate))).toMatchObject({ key: 9, mode: 0 });
    const major: [number, number][] = [60, 64, 67].map((midi) => [midi, 1]);
    major.push([62, 0.3], [65, 0.3], [69, 0.3], [71, 0.3]);
    expect(estimateKey(chroma(tones(major, 3), rate))).toMatchObject({ key: 0, mode: 1 });
  });
});
