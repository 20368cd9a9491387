/**
 * Listening to rendered audio the way a music tagger would: tempo from the periodicity of note
 * onsets and key from the balance of pitch classes. The synthesiser's tests use these to check
 * that a track's tempo and key are really audible, not just written in its metadata.
 */

type Samples = ArrayLike<number>;

/** Onset strength per hop: how much the frame's log energy rose over the previous frame. */
export function onsetEnvelope(samples: Samples, hop = 128, frame = 512): Float64Array {
  const frames = Math.max(0, Math.floor((samples.length - frame) / hop) + 1);
  const logEnergy = new Float64Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let energy = 0;
    const offset = f * hop;
    for (let i = 0; i < frame; i += 1) {
      const value = samples[offset + i] ?? 0;
      energy += value * value;
    }
    logEnergy[f] = Math.log(1e-3 + energy / frame);
  }
  const onsets = new Float64Array(frames);
  for (let f = 1; f < frames; f += 1) {
    const rise = (logEnergy[f] ?? 0) - (logEnergy[f - 1] ?? 0);
    onsets[f] = rise > 0 ? rise : 0;
  }
  return onsets;
}

export interface TempoOptions {
  sampleRate: number;
  /** The slowest and fastest tempos considered, beats per minute. */
  minBpm?: number;
  maxBpm?: number;
  hop?: number;
}

/**
 * The tempo whose beat period best explains the onsets: the peak of the onset envelope's
 * autocorrelation over the allowed range, refined between lags by a parabola.
 */
export function detectTempo(samples: Samples, options: TempoOptions): number {
  const hop = options.hop ?? 128;
  const minBpm = options.minBpm ?? 60;
  const maxBpm = options.maxBpm ?? 200;
  const envelope = onsetEnvelope(samples, hop);
  let mean = 0;
  for (const value of envelope) mean += value;
  mean /= envelope.length || 1;
  const centred = envelope.map((value) => value - mean);
  const framesPerMinute = (60 * options.sampleRate) / hop;
  const shortest = Math.floor(framesPerMinute / maxBpm);
  const longest = Math.ceil(framesPerMinute / minBpm);
  const score = (lag: number): number => {
    let sum = 0;
    for (let i = 0; i + lag < centred.length; i += 1) sum += (centred[i] ?? 0) * (centred[i + lag] ?? 0);
    // Normalised by the overlap, so long lags are not penalised for overlapping less.
    return sum / (centred.length - lag);
  };
  let bestLag = shortest;
  let best = -Infinity;
  const scores = new Map<number, number>();
  for (let lag = Math.max(1, shortest - 1); lag <= longest + 1; lag += 1) scores.set(lag, score(lag));
  for (let lag = Math.max(1, shortest); lag <= longest; lag += 1) {
    const value = scores.get(lag) ?? -Infinity;
    if (value > best) {
      best = value;
      bestLag = lag;
    }
  }
  const before = scores.get(bestLag - 1) ?? best;
  const after = scores.get(bestLag + 1) ?? best;
  const curvature = before - 2 * best + after;
  const shift = curvature < 0 ? (0.5 * (before - after)) / curvature : 0;
  return framesPerMinute / (bestLag + shift);
}

/**
 * Energy per pitch class (C = 0) from MIDI notes `lowMidi` to `highMidi`, measured with the
 * Goertzel algorithm on Hann-windowed frames.
 */
export function chroma(samples: Samples, sampleRate: number, lowMidi = 24, highMidi = 83, frame = 8192): Float64Array {
  const profile = new Float64Array(12);
  const window = new Float64Array(frame);
  for (let i = 0; i < frame; i += 1) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (frame - 1));
  const windowed = new Float64Array(frame);
  const magnitudes = new Float64Array(highMidi - lowMidi + 1);
  for (let offset = 0; offset + frame <= samples.length; offset += frame) {
    for (let i = 0; i < frame; i += 1) windowed[i] = (samples[offset + i] ?? 0) * (window[i] ?? 0);
    let loudest = 0;
    for (let midi = lowMidi; midi <= highMidi; midi += 1) {
      const hz = 440 * Math.pow(2, (midi - 69) / 12);
      const coefficient = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
      let s1 = 0;
      let s2 = 0;
      for (let i = 0; i < frame; i += 1) {
        const s0 = (windowed[i] ?? 0) + coefficient * s1 - s2;
        s2 = s1;
        s1 = s0;
      }
      const magnitude = Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - coefficient * s1 * s2));
      magnitudes[midi - lowMidi] = magnitude;
      loudest = Math.max(loudest, magnitude);
    }
    if (loudest === 0) continue;
    // Log-compressed relative to the frame's loudest note, so one loud voice (usually the bass)
    // does not drown the rest of the harmony, and loud frames do not outvote quiet ones.
    for (let midi = lowMidi; midi <= highMidi; midi += 1) {
      const pitchClass = midi % 12;
      const relative = (magnitudes[midi - lowMidi] ?? 0) / loudest;
      profile[pitchClass] = (profile[pitchClass] ?? 0) + Math.log1p(COMPRESSION * relative);
    }
  }
  return profile;
}

/** How strongly chroma magnitudes are compressed: log(1 + 10·x) of the frame's loudest x = 1. */
const COMPRESSION = 10;

// Krumhansl and Kessler's probe-tone ratings of how well each pitch class fits a key.
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i += 1) {
    meanA += a[i] ?? 0;
    meanB += b[i] ?? 0;
  }
  meanA /= n;
  meanB /= n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < n; i += 1) {
    const x = (a[i] ?? 0) - meanA;
    const y = (b[i] ?? 0) - meanB;
    covariance += x * y;
    varianceA += x * x;
    varianceB += y * y;
  }
  return covariance / Math.sqrt(varianceA * varianceB || 1);
}

export interface KeyEstimate {
  /** Pitch class of the tonic, C = 0. */
  key: number;
  /** 0 minor, 1 major. */
  mode: number;
  /** How well the best key profile matches, -1 to 1. */
  score: number;
}

/** The major or minor key whose Krumhansl-Kessler profile best matches the chroma. */
export function estimateKey(profile: ArrayLike<number>): KeyEstimate {
  let best: KeyEstimate = { key: 0, mode: 1, score: -Infinity };
  for (let key = 0; key < 12; key += 1) {
    for (const mode of [1, 0]) {
      const reference = mode === 1 ? MAJOR_PROFILE : MINOR_PROFILE;
      const rotated = Array.from({ length: 12 }, (_, pitchClass) => reference[(pitchClass - key + 12) % 12] ?? 0);
      const score = correlation(profile, rotated);
      if (score > best.score) best = { key, mode, score };
    }
  }
  return best;
}
