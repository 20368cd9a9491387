import { MP3_SAMPLE_RATE } from './mp3-format';
import { renderSamples, SAMPLE_RATE, sampleCount, type AudioSpec } from './synth';

/**
 * The synthesiser's audio at 24,000 Hz, the MP3 files' rate, by band-limited interpolation from
 * its 22,050 Hz. 24,000 / 22,050 is 160 / 147: output sample j lies at source position
 * j × 147 / 160, so there are 160 fractional positions, each with its own 24-tap windowed-sinc
 * filter. Each output sample depends only on the 24 source samples around it, and those only on
 * their index, so any window of the output renders on its own and equals the same samples of a
 * rendering of the whole file.
 */

const UP = MP3_SAMPLE_RATE / 3 / 50; // 160
const DOWN = SAMPLE_RATE / 3 / 50; // 147
/** Taps on each side of the interpolated position. */
const HALF_TAPS = 12;
const TAPS = HALF_TAPS * 2;
/** The filter's cut-off, as a fraction of the source's sample rate: just under its Nyquist frequency. */
const CUTOFF = 0.47;
/** Kaiser window shape: about 70 dB of stop-band attenuation. */
const BETA = 7;

/** The zeroth-order modified Bessel function of the first kind, by its series. */
function bessel0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k += 1) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** For each of the 160 phases, the weights of source samples i − 11 … i + 12 around position i + phase / 160. */
const FILTERS: Float64Array[] = Array.from({ length: UP }, (_, phase) => {
  const fraction = phase / UP;
  const weights = new Float64Array(TAPS);
  let sum = 0;
  for (let t = 0; t < TAPS; t += 1) {
    const distance = t - (HALF_TAPS - 1) - fraction;
    const x = 2 * CUTOFF * distance;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const edge = distance / HALF_TAPS;
    const window = Math.abs(edge) >= 1 ? 0 : bessel0(BETA * Math.sqrt(1 - edge * edge)) / bessel0(BETA);
    weights[t] = sinc * window;
    sum += sinc * window;
  }
  // Unity gain at every phase: a constant stays constant.
  for (let t = 0; t < TAPS; t += 1) weights[t] = (weights[t] ?? 0) / sum;
  return weights;
});

/** Source samples `first` … `first + count − 1`, silent outside the file. */
function sourceWindow(spec: AudioSpec, first: number, count: number, total: number): Int16Array {
  const window = new Int16Array(count);
  const from = Math.max(0, first);
  const to = Math.min(total, first + count);
  if (to > from) window.set(renderSamples(spec, from, to - from), from - first);
  return window;
}

/**
 * Samples `first` … `first + count − 1` of the spec's audio at 24 kHz, where the file holds
 * `samples` of them (see resampledLength): silent before 0 and from `samples` on, so that encoders
 * can be fed the silence around the file.
 */
export function renderResampled(spec: AudioSpec, first: number, count: number, samples: number): Int16Array {
  if (!Number.isInteger(first) || !Number.isInteger(count) || count < 0) {
    throw new RangeError(`samples ${first}+${count} are not a window`);
  }
  const out = new Int16Array(count);
  const from = Math.max(0, first);
  const to = Math.min(samples, first + count);
  if (to <= from) return out;
  const sourceFirst = Math.floor((from * DOWN) / UP) - (HALF_TAPS - 1);
  const sourceLast = Math.floor(((to - 1) * DOWN) / UP) + HALF_TAPS;
  const source = sourceWindow(spec, sourceFirst, sourceLast - sourceFirst + 1, sampleCount(spec));
  for (let j = from; j < to; j += 1) {
    const position = j * DOWN;
    const base = Math.floor(position / UP) - (HALF_TAPS - 1) - sourceFirst;
    const weights = FILTERS[position % UP] as Float64Array;
    let value = 0;
    for (let t = 0; t < TAPS; t += 1) value += (weights[t] ?? 0) * (source[base + t] ?? 0);
    const rounded = Math.round(value);
    out[j - first] = rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
  }
  return out;
}
