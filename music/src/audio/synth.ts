import { createHash } from 'node:crypto';
import { Random } from '../catalog/random';

/**
 * Playable audio for every track, synthesised from its audio features instead of stored.
 *
 * A track is a small band arrangement: a kick on every beat (the bar's downbeat accented by the
 * time signature), hi-hats on the off-beats, a bass line on the tonic, a chord progression in the
 * track's key and mode (one chord per bar), and a melody drawn from a random stream seeded by the
 * track id. The arrangement changes by section (intro, verse, chorus, bridge, outro), and the
 * features colour it: valence brightens the timbre, acousticness softens it and swaps the synth
 * pad for picked chords, energy and danceability drive the drums and the bass, loudness sets the
 * gain, instrumentalness chooses between a sung and a plucked lead.
 *
 * Output is 16-bit mono PCM WAV at 22,050 Hz. Every sample is a pure function of the spec and
 * its index: notes are placed on a grid computed from the index alone and oscillator phases are
 * `time × frequency`, never accumulated. So any byte range can be rendered without rendering what
 * precedes it, which keeps HTTP Range requests and seeking cheap, and the bytes for a spec never
 * change, which makes them cacheable forever.
 */

export const SAMPLE_RATE = 22_050;
export const WAV_HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;
/** Spotify's previews are 30 seconds long. */
export const PREVIEW_DURATION_MS = 30_000;
/** Where previews start, as a fraction of the track: past the intro, usually into a verse or chorus. */
const PREVIEW_POSITION = 0.3;
/**
 * Bumped whenever the synthesiser's output changes, so entity tags change with it and caches
 * that were told the audio is immutable fetch the new bytes.
 */
export const SYNTH_VERSION = 1;
/** Six hours: far beyond any track, and far below the 4 GiB a RIFF size field can describe. */
const MAX_DURATION_MS = 6 * 60 * 60 * 1000;

/** The part of a track to render, for excerpts such as previews. */
export interface AudioExcerpt {
  startMs: number;
  durationMs: number;
}

/** What a track's audio is made from: its id and its audio features. */
export interface AudioSpec {
  /** The track id; seeds the melody and the arrangement. */
  seed: string;
  durationMs: number;
  /** Beats per minute, 50 to 220. */
  tempo: number;
  /** Pitch class of the tonic, C = 0 to B = 11. */
  key: number;
  /** 0 minor, 1 major. */
  mode: number;
  /** Beats per bar, 3 to 7. */
  timeSignature: number;
  energy: number;
  danceability: number;
  valence: number;
  acousticness: number;
  instrumentalness: number;
  /** Decibels, -60 to 0. */
  loudness: number;
  /** Renders only this part of the track as a standalone file, with its own fades. */
  excerpt?: AudioExcerpt;
}

/** The features a track record carries, under the names the catalog uses. */
export interface TrackAudioFeatures {
  trackId: string;
  durationMs: number;
  tempo: number;
  key: number;
  mode: number;
  timeSignature: number;
  energy: number;
  danceability: number;
  valence: number;
  acousticness: number;
  instrumentalness: number;
  loudness: number;
}

/** The spec of a track's full audio, from its catalog features. */
export function specFromFeatures(features: TrackAudioFeatures): AudioSpec {
  const { trackId, ...rest } = features;
  return {
    seed: trackId,
    durationMs: rest.durationMs,
    tempo: rest.tempo,
    key: rest.key,
    mode: rest.mode,
    timeSignature: rest.timeSignature,
    energy: rest.energy,
    danceability: rest.danceability,
    valence: rest.valence,
    acousticness: rest.acousticness,
    instrumentalness: rest.instrumentalness,
    loudness: rest.loudness,
  };
}

// ---------------------------------------------------------------------------------------------
// Spec normalisation and sizes

type TrackSpec = Omit<AudioSpec, 'excerpt'>;

interface NormalSpec extends TrackSpec {
  excerpt: AudioExcerpt | null;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

function unit(value: number): number {
  return clamp(finiteOr(value, 0.5), 0, 1);
}

/**
 * The spec with every feature brought into its documented range, so that out-of-range or
 * missing features still give music (Spotify reports key -1 when it detects none). Durations
 * cannot be guessed: a negative, non-finite or absurdly long one is a RangeError.
 */
export function normalizeSpec(spec: AudioSpec): NormalSpec {
  if (!Number.isFinite(spec.durationMs) || spec.durationMs < 0 || spec.durationMs > MAX_DURATION_MS) {
    throw new RangeError(`durationMs must be between 0 and ${MAX_DURATION_MS}, got ${spec.durationMs}`);
  }
  const durationMs = Math.round(spec.durationMs);
  const key = Math.round(finiteOr(spec.key, 0));
  let excerpt: AudioExcerpt | null = null;
  if (spec.excerpt) {
    const startMs = Math.round(clamp(finiteOr(spec.excerpt.startMs, 0), 0, durationMs));
    const length = Math.round(clamp(finiteOr(spec.excerpt.durationMs, 0), 0, durationMs - startMs));
    excerpt = { startMs, durationMs: length };
  }
  return {
    seed: spec.seed,
    durationMs,
    tempo: Math.round(clamp(finiteOr(spec.tempo, 120), 50, 220) * 1000) / 1000,
    key: key >= 0 && key <= 11 ? key : 0,
    mode: spec.mode >= 0.5 ? 1 : 0,
    timeSignature: Math.round(clamp(finiteOr(spec.timeSignature, 4), 3, 7)),
    energy: unit(spec.energy),
    danceability: unit(spec.danceability),
    valence: unit(spec.valence),
    acousticness: unit(spec.acousticness),
    instrumentalness: unit(spec.instrumentalness),
    loudness: clamp(finiteOr(spec.loudness, -8), -60, 0),
    excerpt,
  };
}

function samplesForMs(ms: number): number {
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

/** The sample range of the track that a (normalised) spec renders. */
function renderedSpan(spec: NormalSpec): { first: number; count: number; trackSamples: number } {
  const trackSamples = samplesForMs(spec.durationMs);
  if (!spec.excerpt) return { first: 0, count: trackSamples, trackSamples };
  const first = Math.min(samplesForMs(spec.excerpt.startMs), trackSamples);
  const count = Math.min(samplesForMs(spec.excerpt.durationMs), trackSamples - first);
  return { first, count, trackSamples };
}

/** How many samples the WAV file holds. */
export function sampleCount(spec: AudioSpec): number {
  return renderedSpan(normalizeSpec(spec)).count;
}

/** The WAV file's size in bytes: the header plus two bytes per sample. */
export function wavByteLength(spec: AudioSpec): number {
  return WAV_HEADER_BYTES + sampleCount(spec) * BYTES_PER_SAMPLE;
}

/** A canonical text for the spec: equal for specs that render the same bytes. */
function trackKey(spec: NormalSpec): string {
  return JSON.stringify([
    spec.seed,
    spec.durationMs,
    spec.tempo,
    spec.key,
    spec.mode,
    spec.timeSignature,
    spec.energy,
    spec.danceability,
    spec.valence,
    spec.acousticness,
    spec.instrumentalness,
    spec.loudness,
  ]);
}

/**
 * A fingerprint of the exact bytes a spec renders (the synthesiser's version, the features and
 * the excerpt), for strong entity tags: base64url, 27 characters.
 */
export function specFingerprint(spec: AudioSpec): string {
  const normal = normalizeSpec(spec);
  const excerpt = normal.excerpt ? `${normal.excerpt.startMs}+${normal.excerpt.durationMs}` : 'full';
  return createHash('sha256')
    .update(`graphonic-synth/${SYNTH_VERSION}\n${trackKey(normal)}\n${excerpt}`)
    .digest('base64url')
    .slice(0, 27);
}

/**
 * The 30-second preview: a standalone excerpt starting on the bar nearest to 30% into the track,
 * with its own fade in and out. Tracks of 30 seconds or less are previewed whole.
 */
export function previewSpec(spec: AudioSpec): AudioSpec {
  const normal = normalizeSpec(spec);
  const base: AudioSpec = { ...spec };
  delete base.excerpt;
  if (normal.durationMs <= PREVIEW_DURATION_MS) {
    return { ...base, excerpt: { startMs: 0, durationMs: normal.durationMs } };
  }
  const barMs = (normal.timeSignature * 60_000) / normal.tempo;
  const latest = normal.durationMs - PREVIEW_DURATION_MS;
  const wanted = normal.durationMs * PREVIEW_POSITION;
  let startMs = Math.round(Math.round(wanted / barMs) * barMs);
  if (startMs > latest) startMs = Math.round(Math.floor(latest / barMs) * barMs);
  return { ...base, excerpt: { startMs, durationMs: PREVIEW_DURATION_MS } };
}

/** The 44-byte RIFF header of a 16-bit mono PCM file holding `samples` samples. */
export function wavHeader(samples: number): Buffer {
  const dataBytes = samples * BYTES_PER_SAMPLE;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28); // bytes per second
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

// ---------------------------------------------------------------------------------------------
// Shared tables

const TABLE_SIZE = 4096; // 2^12, see PHASE_SHIFT
/** One cycle of a sine. */
const SINE = new Float32Array(TABLE_SIZE);
for (let i = 0; i < TABLE_SIZE; i += 1) SINE[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);

/** exp(-x) for x in [0, EXP_RANGE], sampled in EXP_STEPS steps; the last entry is 0 so decays end. */
const EXP_STEPS = 4096;
const EXP_RANGE = 9;
const EXP = new Float32Array(EXP_STEPS + 1);
for (let i = 0; i < EXP_STEPS; i += 1) EXP[i] = Math.exp((-i * EXP_RANGE) / EXP_STEPS);

/** Converts a time constant in seconds to the EXP index step per sample. */
function decayScale(seconds: number): number {
  return EXP_STEPS / (EXP_RANGE * seconds * SAMPLE_RATE);
}

function midiToHz(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

/**
 * Oscillator phases are 32-bit fixed point: a whole cycle is 2^32, so `Math.imul(d, increment)`
 * is the exact phase after d samples (integer wrap-around is the cycle wrapping round) and its
 * top bits index the wavetable. Exact integer arithmetic is also what makes a sample independent
 * of where rendering started.
 */
const PHASE_SHIFT = 32 - 12;

/** Oscillator phase step per sample, in 2^-32 cycles. */
function tableIncrement(hz: number): number {
  return Math.round((hz / SAMPLE_RATE) * 2 ** 32) | 0;
}

/** A band-limited wavetable: harmonic h at amplitude `weight(h)`, normalised to a peak of 1. */
function wavetable(harmonics: number, weight: (h: number) => number): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i += 1) {
    let value = 0;
    for (let h = 1; h <= harmonics; h += 1) value += weight(h) * Math.sin((2 * Math.PI * h * i) / TABLE_SIZE);
    table[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  for (let i = 0; i < TABLE_SIZE; i += 1) table[i] = (table[i] ?? 0) / (peak || 1);
  return table;
}

/** Deterministic white noise in [-1, 1) from an index (a 32-bit integer hash). */
function noise(index: number, salt: number): number {
  let x = (Math.imul(index, 0x9e3779b1) ^ salt) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  x ^= x >>> 15;
  return (x >>> 0) / 2147483648 - 1;
}

// ---------------------------------------------------------------------------------------------
// The plan: everything about a track that does not depend on the sample index

const INTRO = 0;
const VERSE = 1;
const CHORUS = 2;
const BRIDGE = 3;
const OUTRO = 4;

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11] as const;
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10] as const;
/** Chord 7 is the dominant with a raised third, borrowed from harmonic minor for minor keys' cadences. */
const HARMONIC_DOMINANT = 7;
const MAJOR_PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 4, 5, 3], // I-V-vi-IV
  [0, 5, 3, 4], // I-vi-IV-V
  [0, 3, 4, 3], // I-IV-V-IV
  [0, 3, 0, 4], // I-IV-I-V
  [0, 4, 3, 4], // I-V-IV-V
];
const MINOR_PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 5, 2, 6], // i-VI-III-VII
  [0, 3, 5, HARMONIC_DOMINANT], // i-iv-VI-V
  [0, 6, 5, HARMONIC_DOMINANT], // i-VII-VI-V
  [0, 5, 3, HARMONIC_DOMINANT], // i-VI-iv-V
  [0, 3, 0, HARMONIC_DOMINANT], // i-iv-i-V
];

/** A note of a pattern, on the bar's eighth-note grid. */
interface PatternNote {
  /** Eighth-note step within the bar where it starts. */
  step: number;
  /** Length in eighth notes. */
  length: number;
  /** Phase increment (the pitch). */
  increment: number;
}

interface SectionStyle {
  kick: number;
  hat: number;
  /** Extra sixteenth-note hats. */
  hat16: number;
  clap: number;
  /** 0 none, 1 tonic pedal on the downbeat, 2 the full bass pattern. */
  bass: number;
  chords: number;
  lead: number;
}

interface Chord {
  /** Phase increments of the three chord tones in the pad register, each as a detuned pair. */
  padTones: [number, number, number, number, number, number];
  /** Phase increments of the arpeggio: root, third, fifth, octave and the third above it. */
  arpeggio: number[];
  /** Phase increment of the chord root in the bass register. */
  bassRoot: number;
  /** The chord's pitch classes (C = 0), root first. */
  pitchClasses: number[];
}

interface Plan {
  beatLength: number;
  beatsPerBar: number;
  stepsPerBar: number;
  bars: number;
  sections: Uint8Array;
  barInSection: Uint16Array;
  styles: SectionStyle[];
  /** Chord per section kind and bar of the phrase (four bars). */
  progressions: (readonly number[])[];
  chords: Chord[];
  /** Bar accents by beat: the downbeat and the time signature's secondary strong beat. */
  accents: Float32Array;
  kick: Float32Array;
  hat: Float32Array;
  clap: Float32Array;
  padWave: Float32Array;
  arpWave: Float32Array;
  bassWave: Float32Array;
  leadWave: Float32Array;
  /** The bar's bass line in verses and choruses: which notes, on which eighth-note steps. */
  bassPattern: { step: number; length: number; offset: 'root' | 'tonic' | 'octave' }[];
  /** Phase increments of the tonic and its octave in the bass register. */
  bassTonic: number;
  bassOctave: number;
  /** Lead phrases per section kind: four bars of notes. */
  phrases: PatternNote[][][];
  leadVoice: boolean;
  levels: {
    kick: number;
    hat: number;
    clap: number;
    bass: number;
    pad: number;
    arp: number;
    lead: number;
    echo: number;
  };
  leadDecay: number;
  bassDecay: number;
  echoDelayBeats: number;
  master: number;
}

function buildPlan(spec: NormalSpec): Plan {
  const random = new Random(`audio:${spec.seed}`);
  const beatLength = (60 * SAMPLE_RATE) / spec.tempo;
  const beatsPerBar = spec.timeSignature;
  const stepsPerBar = beatsPerBar * 2;
  const bars = Math.max(1, Math.ceil(samplesForMs(spec.durationMs) / (beatLength * beatsPerBar)));
  // Each step draws from the one random stream, so their order is part of the sound.
  const form = planForm(random, bars);
  const progressions = chooseProgressions(random, spec.mode === 0);
  const styles = sectionStyles(random, spec, beatsPerBar);
  const bassPattern = composeBassLine(random, spec, stepsPerBar);
  const timbres = chooseTimbres(spec);
  const phrases = composeMelodies(random, spec, progressions, stepsPerBar, timbres.leadVoice);
  const levels = mixLevels(spec, timbres.leadVoice);
  const bassTonic = bassTonicOf(spec);
  return {
    beatLength,
    beatsPerBar,
    stepsPerBar,
    bars,
    ...form,
    styles,
    progressions,
    chords: buildChords(spec),
    accents: barAccents(beatsPerBar),
    kick: kickSound(spec, beatLength),
    hat: hatSound(spec, beatLength),
    clap: clapSound(beatLength),
    ...timbres,
    bassPattern,
    bassTonic: tableIncrement(midiToHz(bassTonic)),
    bassOctave: tableIncrement(midiToHz(bassTonic + 12)),
    phrases,
    levels,
    leadDecay: timbres.leadVoice ? 1.2 : 0.18 + 0.25 * spec.acousticness,
    bassDecay: 0.12 + 0.2 * (1 - spec.danceability),
    echoDelayBeats: random.pick([0.75, 1.5]),
    master: masterGain(spec, levels),
  };
}

/** Form: intro, verse and chorus pairs with a bridge now and then, outro. */
function planForm(random: Random, bars: number): Pick<Plan, 'sections' | 'barInSection'> {
  const sections = new Uint8Array(bars);
  const barInSection = new Uint16Array(bars);
  const edge = bars >= 24 ? random.pick([2, 4, 4]) : bars >= 8 ? 2 : bars >= 4 ? 1 : 0;
  const intro = edge;
  const outro = bars >= 24 ? random.pick([2, 4]) : edge;
  const verseBars = random.pick([8, 8, 16]);
  const order = planBody(random, bars - outro - intro, verseBars);
  let bar = 0;
  for (let i = 0; i < intro && bar < bars; i += 1, bar += 1) {
    sections[bar] = INTRO;
    barInSection[bar] = i;
  }
  for (const part of order) {
    for (let i = 0; i < part.length && bar < bars - outro; i += 1, bar += 1) {
      sections[bar] = part.kind;
      barInSection[bar] = i;
    }
  }
  for (let i = 0; bar < bars; i += 1, bar += 1) {
    sections[bar] = OUTRO;
    barInSection[bar] = i;
  }
  return { sections, barInSection };
}

/** The sections between intro and outro: verse and chorus pairs, a bridge after some second pairs. */
function planBody(random: Random, length: number, verseBars: number): { kind: number; length: number }[] {
  const chorusBars = 8;
  const order: { kind: number; length: number }[] = [];
  let planned = 0;
  let round = 0;
  while (planned < length) {
    // A long first verse, when there is one, is not repeated at full length.
    const verse = round > 0 && verseBars === 16 ? 8 : verseBars;
    order.push({ kind: VERSE, length: verse }, { kind: CHORUS, length: chorusBars });
    planned += verse + chorusBars;
    if (round % 2 === 1 && random.chance(0.7)) {
      order.push({ kind: BRIDGE, length: 4 });
      planned += 4;
    }
    round += 1;
  }
  return order;
}

/** The chord progression of each section kind, as scale degrees (one chord per bar of a phrase). */
function chooseProgressions(random: Random, minor: boolean): (readonly number[])[] {
  const progressionChoices = minor ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS;
  const verseProgression = random.pick(progressionChoices);
  const chorusProgression = random.chance(0.5) ? verseProgression : random.pick(progressionChoices);
  const progressions: (readonly number[])[] = [];
  progressions[INTRO] = verseProgression;
  progressions[VERSE] = verseProgression;
  progressions[CHORUS] = chorusProgression;
  progressions[BRIDGE] = random.pick(progressionChoices);
  progressions[OUTRO] = chorusProgression;
  return progressions;
}

/** Semitones above the tonic of a scale degree, counting on into the octaves above. */
function degreeSemitone(spec: NormalSpec, degree: number): number {
  const scale = spec.mode === 0 ? MINOR_SCALE : MAJOR_SCALE;
  const octave = Math.floor(degree / 7);
  return (scale[degree - octave * 7] ?? 0) + octave * 12;
}

/** The tonic in the bass register, as a MIDI note. */
function bassTonicOf(spec: NormalSpec): number {
  return 36 + spec.key;
}

/** The chord on each scale degree, and the harmonic dominant, voiced for the pad, the arpeggio and the bass. */
function buildChords(spec: NormalSpec): Chord[] {
  // Detuned pairs shimmer like an ensemble; acoustic tracks keep closer to pitch.
  const padDetune = 0.0025 + 0.0035 * (1 - spec.acousticness);
  const chords: Chord[] = [];
  for (let degree = 0; degree <= HARMONIC_DOMINANT; degree += 1) {
    const root = degree === HARMONIC_DOMINANT ? 4 : degree;
    const semitones = [degreeSemitone(spec, root), degreeSemitone(spec, root + 2), degreeSemitone(spec, root + 4)];
    if (degree === HARMONIC_DOMINANT) semitones[1] = 11;
    chords.push(voiceChord(spec, semitones, padDetune));
  }
  return chords;
}

/** A chord of three tones (semitones above the tonic), voiced for the pad, the arpeggio and the bass. */
function voiceChord(spec: NormalSpec, semitones: number[], padDetune: number): Chord {
  // Each tone in the octave from G3 up: close voicings that move little from chord to chord.
  const pad = semitones.map((semitone) => {
    const pitchClass = (spec.key + semitone) % 12;
    return 55 + ((pitchClass - 7 + 12) % 12);
  });
  // Arpeggios climb from the root, so each chord's root is the note heard most.
  const arpRoot = pad[0] ?? 60;
  const intervals = semitones.map((semitone) => (semitone - (semitones[0] ?? 0) + 12) % 12);
  const arpeggio = [0, 1, 2].map((i) => arpRoot + (intervals[i] ?? 0));
  arpeggio.push(arpRoot + 12, arpRoot + 12 + (intervals[1] ?? 0));
  pad.sort((a, b) => a - b);
  const rootOffset = (semitones[0] ?? 0) % 12;
  const bassRoot = bassTonicOf(spec) + (rootOffset > 7 ? rootOffset - 12 : rootOffset);
  const padTones = pad.flatMap((m) => [
    tableIncrement(midiToHz(m) * (1 - padDetune)),
    tableIncrement(midiToHz(m) * (1 + padDetune)),
  ]);
  return {
    padTones: [
      padTones[0] ?? 0,
      padTones[1] ?? 0,
      padTones[2] ?? 0,
      padTones[3] ?? 0,
      padTones[4] ?? 0,
      padTones[5] ?? 0,
    ],
    arpeggio: arpeggio.map((m) => tableIncrement(midiToHz(m))),
    bassRoot: tableIncrement(midiToHz(bassRoot)),
    pitchClasses: semitones.map((semitone) => (spec.key + semitone) % 12),
  };
}

/** Which instruments play in each section kind, and how strongly. */
function sectionStyles(random: Random, spec: NormalSpec, beatsPerBar: number): SectionStyle[] {
  const { energy, danceability } = spec;
  const clapOn = beatsPerBar % 2 === 0 && danceability + energy > 0.7;
  const styles: SectionStyle[] = [];
  styles[INTRO] = { kick: 0.7, hat: random.chance(0.5) ? 0.5 : 0, hat16: 0, clap: 0, bass: 1, chords: 1, lead: 0 };
  styles[VERSE] = { kick: 1, hat: 1, hat16: 0, clap: 0, bass: 2, chords: 0.8, lead: 0.85 };
  styles[CHORUS] = {
    kick: 1,
    hat: 1,
    hat16: energy > 0.55 ? 0.45 : 0,
    clap: clapOn ? 1 : 0,
    bass: 2,
    chords: 1,
    lead: 1,
  };
  styles[BRIDGE] = { kick: 0.6, hat: 0, hat16: 0, clap: 0, bass: 1, chords: 1, lead: 0.8 };
  styles[OUTRO] = { kick: 0.7, hat: 0.5, hat16: 0, clap: 0, bass: 1, chords: 1, lead: 0 };
  return styles;
}

/** The bar's accents: the downbeat, and the middle of compound and odd meters (3+3, 3+2, 4+3). */
function barAccents(beatsPerBar: number): Float32Array {
  const accents = new Float32Array(beatsPerBar).fill(0.72);
  accents[0] = 1;
  const secondary = beatsPerBar === 6 || beatsPerBar === 5 ? 3 : beatsPerBar === 7 ? 4 : beatsPerBar === 4 ? 2 : -1;
  if (secondary > 0) accents[secondary] = 0.84;
  return accents;
}

/** The kick drum: a sine falling onto the tonic, with a click at its start. */
function kickSound(spec: NormalSpec, beatLength: number): Float32Array {
  const { energy, acousticness } = spec;
  const kickLength = Math.min(Math.round(0.32 * SAMPLE_RATE), Math.floor(beatLength * 0.92));
  const kick = new Float32Array(kickLength);
  const kickClick = 0.25 * (1 - acousticness) * (0.4 + energy);
  const kickTau = 0.16 + 0.06 * (1 - energy);
  // The kick is tuned to the tonic (E1 to D#2), as producers tune theirs: an untuned drum would
  // smear a fixed pitch class over every key.
  const kickHz = midiToHz(spec.key >= 4 ? 24 + spec.key : 36 + spec.key);
  for (let i = 0; i < kickLength; i += 1) {
    const t = i / SAMPLE_RATE;
    // A falling pitch: phase is the integral of kickHz + 80·e^(-t/0.025) Hz.
    const phase = kickHz * t + 80 * 0.025 * (1 - Math.exp(-t / 0.025));
    const body = Math.sin(2 * Math.PI * phase) * Math.exp(-t / kickTau);
    const click = kickClick * noise(i, 0x4b1c) * Math.exp(-t / 0.004);
    const attack = Math.min(1, i / 22);
    // Faded out over the last 40%, so the drum ends without a thump.
    const tail = Math.min(1, (kickLength - i) / (kickLength * 0.4)) ** 2;
    kick[i] = (body + click) * attack * tail;
  }
  return kick;
}

/** The hi-hat: a short burst of high-passed noise, longer and brighter with energy. */
function hatSound(spec: NormalSpec, beatLength: number): Float32Array {
  const { energy } = spec;
  const hatLength = Math.min(Math.round((0.04 + 0.05 * energy) * SAMPLE_RATE), Math.floor(beatLength * 0.45));
  const hat = new Float32Array(hatLength);
  let previous = 0;
  for (let i = 0; i < hatLength; i += 1) {
    const white = noise(i, 0x7a11);
    // A first difference leaves the top of the spectrum, where hi-hats live.
    const bright = (white - previous) * 0.5;
    previous = white;
    const t = i / SAMPLE_RATE;
    hat[i] = bright * Math.exp(-t / (0.012 + 0.02 * energy)) * Math.min(1, i / 8) * Math.min(1, (hatLength - i) / 40);
  }
  return hat;
}

/** The clap on the backbeat: low-passed noise over a short tone. */
function clapSound(beatLength: number): Float32Array {
  const clapLength = Math.min(Math.round(0.22 * SAMPLE_RATE), Math.floor(beatLength * 0.9));
  const clap = new Float32Array(clapLength);
  let low = 0;
  for (let i = 0; i < clapLength; i += 1) {
    const t = i / SAMPLE_RATE;
    const white = noise(i, 0x5ca9);
    // A gentle low-pass on the noise gives the snare's body; a tone at 185 Hz its shell.
    low += 0.35 * (white - low);
    const burst = 1 + 0.6 * Math.exp(-t / 0.006);
    clap[i] =
      (0.8 * low * burst * Math.exp(-t / 0.07) + 0.35 * Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t / 0.05)) *
      Math.min(1, i / 10) *
      Math.min(1, (clapLength - i) / 60);
  }
  return clap;
}

/** Timbres: valence brightens, acousticness darkens and rounds; instrumentalness picks a plucked lead over a sung one. */
function chooseTimbres(spec: NormalSpec): Pick<Plan, 'padWave' | 'arpWave' | 'bassWave' | 'leadWave' | 'leadVoice'> {
  const { energy, valence, acousticness, instrumentalness } = spec;
  const brightness = clamp(0.25 + 0.55 * valence - 0.35 * acousticness + 0.15 * energy, 0, 1);
  const rolloff = 2.3 - 1.3 * brightness;
  const padWave = wavetable(10, (h) => Math.pow(h, -rolloff) * (h % 2 === 0 ? 0.7 + 0.3 * brightness : 1));
  const arpWave = wavetable(8, (h) => Math.pow(h, -(rolloff + 0.4)));
  const bassWave = wavetable(7, (h) => Math.pow(h, -(2.1 - 0.6 * brightness)));
  const leadVoice = instrumentalness < 0.5;
  // A sung lead has its energy around the second to fourth harmonic, like a vowel's formants.
  const leadWave = leadVoice
    ? wavetable(8, (h) => (h === 1 ? 0.9 : h <= 4 ? 0.55 / h + 0.15 * brightness : Math.pow(h, -2.2)))
    : wavetable(8, (h) => Math.pow(h, -(rolloff - 0.2)));
  return { padWave, arpWave, bassWave, leadWave, leadVoice };
}

/** Bass pattern: downbeat on the chord root, further notes on the tonic, more syncopated when danceable. */
function composeBassLine(random: Random, spec: NormalSpec, stepsPerBar: number): Plan['bassPattern'] {
  const { energy, danceability } = spec;
  const bassPattern: Plan['bassPattern'] = [{ step: 0, length: 2, offset: 'root' }];
  for (let step = 1; step < stepsPerBar; step += 1) {
    const onBeat = step % 2 === 0;
    const probability = onBeat ? 0.55 + 0.35 * energy : 0.1 + 0.5 * danceability * (0.5 + energy);
    if (random.chance(probability)) {
      const offset = random.pick(['tonic', 'tonic', 'octave'] as const);
      bassPattern.push({ step, length: 1, offset });
    }
  }
  // Each note lasts until the next one starts.
  for (let i = 0; i < bassPattern.length; i += 1) {
    const note = bassPattern[i];
    if (!note) continue;
    note.length = (bassPattern[i + 1]?.step ?? stepsPerBar) - note.step;
  }
  return bassPattern;
}

/** Melody: one four-bar phrase per section kind, on the chords of that section. */
function composeMelodies(
  random: Random,
  spec: NormalSpec,
  progressions: (readonly number[])[],
  stepsPerBar: number,
  leadVoice: boolean,
): PatternNote[][][] {
  const { energy } = spec;
  const leadTonic = spec.key <= 5 ? 60 + spec.key : 48 + spec.key;
  const phrases: PatternNote[][][] = [];
  const density: number[] = [];
  density[VERSE] = 0.3 + 0.25 * energy;
  density[CHORUS] = 0.45 + 0.3 * energy;
  density[BRIDGE] = 0.25;
  for (const kind of [VERSE, CHORUS, BRIDGE]) {
    const progression = progressions[kind] ?? progressions[VERSE] ?? [];
    phrases[kind] = composePhrase(random, {
      progression,
      stepsPerBar,
      density: density[kind] ?? 0.4,
      legato: leadVoice,
      start: kind === CHORUS ? 4 : 2,
      pitch: (degree, chord) => {
        const semitone = degreeSemitone(spec, degree) + (chord === HARMONIC_DOMINANT && degree % 7 === 6 ? 1 : 0);
        return tableIncrement(midiToHz(leadTonic + semitone));
      },
    });
  }
  phrases[INTRO] = [];
  phrases[OUTRO] = [];
  return phrases;
}

/** Each voice's level in the mix, from the features. */
function mixLevels(spec: NormalSpec, leadVoice: boolean): Plan['levels'] {
  const { energy, danceability, acousticness } = spec;
  const acoustic = acousticness > 0.55;
  return {
    kick: 0.6 + 0.25 * energy - 0.1 * acousticness,
    hat: (0.045 + 0.11 * energy + 0.07 * danceability) * (1 - 0.45 * acousticness),
    clap: (0.14 + 0.1 * energy) * (1 - 0.4 * acousticness),
    bass: 0.2 + 0.06 * energy,
    pad: acoustic ? 0 : 0.07,
    arp: acoustic ? 0.26 : 0.05 * danceability,
    lead: leadVoice ? 0.2 : 0.22,
    // Plucked leads echo a dotted rhythm; a sung line stays dry, or it would blur.
    echo: leadVoice ? 0 : (0.3 - 0.1 * acousticness) * 0.22,
  };
}

/** The gain that brings the mix to the track's loudness without clipping. */
function masterGain(spec: NormalSpec, levels: Plan['levels']): number {
  // The largest value the mix could reach, were every voice at its peak at once.
  const bound =
    levels.kick +
    levels.hat * 1.45 +
    levels.clap +
    levels.bass +
    levels.pad * 6 +
    levels.arp +
    levels.lead +
    levels.echo;
  // Voices rarely peak together: the mix tops out near 60% of the bound, and a soft limiter
  // catches the rest. Loudness maps -5 dB to full scale, compressed so quiet tracks stay audible.
  const gainDb = clamp((spec.loudness + 5) * 0.6, -36, 0);
  return (Math.pow(10, gainDb / 20) * 0.92) / (bound * 0.6);
}

interface PhraseOptions {
  progression: readonly number[];
  stepsPerBar: number;
  density: number;
  legato: boolean;
  /** The scale degree the phrase starts near. */
  start: number;
  pitch: (degree: number, chord: number) => number;
}

/**
 * Four bars of melody: a rhythm motif stated twice, a variation, and a cadence that lands on the
 * tonic. Strong beats take chord tones, weak ones step through the scale.
 */
function composePhrase(random: Random, options: PhraseOptions): PatternNote[][] {
  const { stepsPerBar, density } = options;
  const rhythm = (): number[] => {
    const onsets: number[] = [];
    for (let step = 0; step < stepsPerBar; step += 1) {
      const probability = step === 0 ? 0.8 : step % 2 === 0 ? density + 0.15 : density * 0.55;
      if (random.chance(probability)) onsets.push(step);
    }
    if (onsets.length === 0) onsets.push(0);
    return onsets;
  };
  const motif = rhythm();
  const rhythms = [motif, motif, random.chance(0.5) ? motif : rhythm(), rhythm()];
  let degree = options.start;
  const bars: PatternNote[][] = [];
  for (let bar = 0; bar < 4; bar += 1) {
    const chord = options.progression[bar] ?? 0;
    const chordRoot = chord === HARMONIC_DOMINANT ? 4 : chord;
    const chordTones = new Set([chordRoot % 7, (chordRoot + 2) % 7, (chordRoot + 4) % 7]);
    const onsets = rhythms[bar] ?? motif;
    const notes: PatternNote[] = [];
    onsets.forEach((step, index) => {
      const next = onsets[index + 1] ?? stepsPerBar;
      const cadence = bar === 3 && index === onsets.length - 1;
      if (cadence) {
        degree = degree >= 4 ? 7 : 0;
      } else if (step % 2 === 0) {
        // The nearest chord tone, ties broken at random.
        const candidates: number[] = [];
        for (let distance = 0; distance <= 3 && candidates.length === 0; distance += 1) {
          for (const d of [degree - distance, degree + distance]) {
            if (d >= 0 && d <= 11 && chordTones.has(d % 7)) candidates.push(d);
          }
        }
        degree = candidates.length > 0 ? random.pick(candidates) : degree;
      } else {
        degree = clamp(degree + random.pick([-2, -1, -1, 1, 1, 2]), 0, 11);
      }
      const room = next - step;
      const length = cadence ? room : options.legato ? Math.min(room, 4) : Math.min(room, random.pick([1, 1, 2]));
      notes.push({ step, length, increment: options.pitch(degree, chord) });
    });
    bars.push(notes);
  }
  return bars;
}

// A small cache of plans: a player streams one track in many 64 KB requests, often several at once.
const PLAN_CACHE_SIZE = 8;
const plans = new Map<string, Plan>();

function planFor(spec: NormalSpec): Plan {
  const key = trackKey(spec);
  const cached = plans.get(key);
  if (cached) {
    // Most recently used last.
    plans.delete(key);
    plans.set(key, cached);
    return cached;
  }
  const plan = buildPlan(spec);
  plans.set(key, plan);
  if (plans.size > PLAN_CACHE_SIZE) {
    const oldest = plans.keys().next();
    if (!oldest.done) plans.delete(oldest.value);
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** Adds a one-shot sound (a drum) that starts at track sample `start`. */
function addSound(mix: Float32Array, from: number, to: number, start: number, sound: Float32Array, gain: number): void {
  const a = start > from ? start : from;
  const end = start + sound.length;
  const b = end < to ? end : to;
  for (let k = a; k < b; k += 1) {
    mix[k - from] = (mix[k - from] ?? 0) + gain * (sound[k - start] ?? 0);
  }
}

const RELEASE_SAMPLES = Math.round(0.012 * SAMPLE_RATE);

/**
 * Adds a note from track sample `start` to `end`: a wavetable oscillator under an envelope that
 * rises over `attack` samples, decays towards `sustain` with `decay` EXP steps per sample, and is
 * released over the last few milliseconds, so notes never click.
 */
function addNote(
  mix: Float32Array,
  from: number,
  to: number,
  start: number,
  end: number,
  wave: Float32Array,
  increment: number,
  gain: number,
  attack: number,
  decay: number,
  sustain: number,
): void {
  const a = start > from ? start : from;
  const b = end < to ? end : to;
  const attackStep = 1 / attack;
  const releaseStep = 1 / RELEASE_SAMPLES;
  const swing = 1 - sustain;
  for (let k = a; k < b; k += 1) {
    const d = k - start;
    const step = d * decay;
    const fall = EXP[step < EXP_STEPS ? step | 0 : EXP_STEPS] ?? 0;
    const envelope = (sustain + swing * fall) * Math.min(1, d * attackStep, (end - k) * releaseStep);
    const sample = wave[Math.imul(d, increment) >>> PHASE_SHIFT] ?? 0;
    mix[k - from] = (mix[k - from] ?? 0) + gain * envelope * sample;
  }
}

/** How long a pad chord rings into the next bar, crossfading with the next chord. */
const PAD_RELEASE = Math.round(0.12 * SAMPLE_RATE);

/**
 * A pad chord: three tones of two slightly detuned oscillators each, slow attack, held until
 * `end` and then released over PAD_RELEASE samples.
 */
function addPadChord(
  mix: Float32Array,
  from: number,
  to: number,
  start: number,
  end: number,
  wave: Float32Array,
  tones: Chord['padTones'],
  gain: number,
): void {
  const stop = end + PAD_RELEASE;
  const a = start > from ? start : from;
  const b = stop < to ? stop : to;
  const [i0, i1, i2, i3, i4, i5] = tones;
  const attackStep = 1 / (0.08 * SAMPLE_RATE);
  const releaseStep = 1 / PAD_RELEASE;
  for (let k = a; k < b; k += 1) {
    const d = k - start;
    const envelope = Math.min(1, d * attackStep, (stop - k) * releaseStep);
    const sum =
      (wave[Math.imul(d, i0) >>> PHASE_SHIFT] ?? 0) +
      (wave[Math.imul(d, i1) >>> PHASE_SHIFT] ?? 0) +
      (wave[Math.imul(d, i2) >>> PHASE_SHIFT] ?? 0) +
      (wave[Math.imul(d, i3) >>> PHASE_SHIFT] ?? 0) +
      (wave[Math.imul(d, i4) >>> PHASE_SHIFT] ?? 0) +
      (wave[Math.imul(d, i5) >>> PHASE_SHIFT] ?? 0);
    mix[k - from] = (mix[k - from] ?? 0) + gain * envelope * sum;
  }
}

const VIBRATO_HZ = 5.2;
const VIBRATO_DEPTH = 0.0035;
const VIBRATO_INCREMENT = tableIncrement(VIBRATO_HZ);

/** A sung note: soft attack, a swell, and a gentle vibrato that fades in after a moment. */
function addVoiceNote(
  mix: Float32Array,
  from: number,
  to: number,
  start: number,
  end: number,
  wave: Float32Array,
  increment: number,
  gain: number,
): void {
  const a = start > from ? start : from;
  const b = end < to ? end : to;
  const attackStep = 1 / (0.035 * SAMPLE_RATE);
  const releaseStep = 1 / (0.04 * SAMPLE_RATE);
  // Frequency modulation by ±0.35% is a phase swing of increment·depth/(2π·rate) cycles.
  const depth = (increment * VIBRATO_DEPTH * SAMPLE_RATE) / (2 * Math.PI * VIBRATO_HZ);
  const vibratoDelay = 0.15 * SAMPLE_RATE;
  const riseStep = 1 / (0.25 * SAMPLE_RATE);
  for (let k = a; k < b; k += 1) {
    const d = k - start;
    const swell = Math.min(1, d * riseStep);
    const envelope = Math.min(1, d * attackStep, (end - k) * releaseStep) * (0.85 + 0.15 * swell);
    const vibrato = d > vibratoDelay ? depth * Math.min(1, (d - vibratoDelay) * riseStep) : 0;
    // Under 2^31 for any audible pitch, so `| 0` keeps it exact.
    const wobble = (vibrato * (SINE[Math.imul(d, VIBRATO_INCREMENT) >>> PHASE_SHIFT] ?? 0)) | 0;
    const phase = (Math.imul(d, increment) + wobble) >>> PHASE_SHIFT;
    mix[k - from] = (mix[k - from] ?? 0) + gain * envelope * (wave[phase] ?? 0);
  }
}

/** Where a position measured in beats starts, in track samples: the grid every event sits on. */
function at(plan: Plan, beats: number): number {
  return Math.round(beats * plan.beatLength);
}

/** Adds bar `bar`'s lead notes (and their echo) to the mix. */
function addLead(plan: Plan, mix: Float32Array, from: number, to: number, bar: number, style: SectionStyle): void {
  const kind = plan.sections[bar] ?? VERSE;
  const phrase = plan.phrases[kind];
  if (!phrase || phrase.length === 0 || style.lead === 0) return;
  const notes = phrase[(plan.barInSection[bar] ?? 0) % 4] ?? [];
  const barBeat = bar * plan.beatsPerBar;
  const echoDelay = plan.echoDelayBeats;
  const copies = plan.levels.echo > 0 ? 2 : 1;
  for (const note of notes) {
    const startBeat = barBeat + note.step / 2;
    const endBeat = startBeat + note.length / 2;
    for (let copy = 0; copy < copies; copy += 1) {
      const shift = copy === 0 ? 0 : echoDelay;
      const start = at(plan, startBeat + shift);
      const end = at(plan, endBeat + shift);
      if (end <= from || start >= to) continue;
      const gain = (copy === 0 ? plan.levels.lead : plan.levels.echo) * style.lead;
      if (plan.leadVoice) {
        addVoiceNote(mix, from, to, start, end, plan.leadWave, note.increment, gain);
      } else {
        addNote(
          mix,
          from,
          to,
          start,
          end,
          plan.leadWave,
          note.increment,
          gain,
          0.006 * SAMPLE_RATE,
          decayScale(plan.leadDecay),
          0.12,
        );
      }
    }
  }
}

/** The chord bar `bar` plays: its section's progression, and the tonic to end on. */
function chordOfBar(plan: Plan, bar: number): Chord | undefined {
  const kind = plan.sections[bar] ?? VERSE;
  const inSection = plan.barInSection[bar] ?? 0;
  const isLastBar = bar === plan.bars - 1;
  return plan.chords[isLastBar ? 0 : ((plan.progressions[kind] ?? [])[inSection % 4] ?? 0)];
}

/** A section of the arrangement: a run of bars of one kind. */
export interface ArrangedSection {
  kind: 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro';
  firstBar: number;
  bars: number;
}

/** What a listener could write down about a track's audio: its grid, its form and its chords. */
export interface Arrangement {
  /** The samples of the full track, at `SAMPLE_RATE`. */
  samples: number;
  beatSeconds: number;
  beatsPerBar: number;
  bars: number;
  sections: ArrangedSection[];
  /** Per bar, the pitch classes of its chord (C = 0), root first. */
  chords: number[][];
  /** Where the track's fade in ends and its fade out starts, in seconds. */
  endOfFadeIn: number;
  startOfFadeOut: number;
}

const sectionNames: ArrangedSection['kind'][] = [];
sectionNames[INTRO] = 'intro';
sectionNames[VERSE] = 'verse';
sectionNames[CHORUS] = 'chorus';
sectionNames[BRIDGE] = 'bridge';
sectionNames[OUTRO] = 'outro';

/**
 * The arrangement the full track is rendered from (an excerpt in the spec is ignored): the
 * beat grid, the sections and each bar's chord, exactly as the renderer plays them.
 */
export function arrangement(spec: AudioSpec): Arrangement {
  const normal = normalizeSpec({ ...spec, excerpt: undefined });
  const plan = planFor(normal);
  const samples = samplesForMs(normal.durationMs);
  const sections: ArrangedSection[] = [];
  for (let bar = 0; bar < plan.bars; bar += 1) {
    const kind = sectionNames[plan.sections[bar] ?? VERSE] ?? 'verse';
    const last = sections.at(-1);
    if (last?.kind === kind && (plan.barInSection[bar] ?? 0) > 0) last.bars += 1;
    else sections.push({ kind, firstBar: bar, bars: 1 });
  }
  const fadeIn = Math.max(1, Math.min(Math.round(FADE_IN_TRACK * SAMPLE_RATE), samples >> 2));
  const fadeOut = Math.max(1, Math.min(Math.round(FADE_OUT_TRACK * SAMPLE_RATE), samples >> 2));
  return {
    samples,
    beatSeconds: plan.beatLength / SAMPLE_RATE,
    beatsPerBar: plan.beatsPerBar,
    bars: plan.bars,
    sections,
    chords: Array.from({ length: plan.bars }, (_, bar) => [...(chordOfBar(plan, bar)?.pitchClasses ?? [])]),
    endOfFadeIn: Math.min(fadeIn, samples) / SAMPLE_RATE,
    startOfFadeOut: Math.max(0, samples - fadeOut) / SAMPLE_RATE,
  };
}

/** Adds everything bar `bar` plays between track samples `from` and `to`. */
function addBar(plan: Plan, mix: Float32Array, from: number, to: number, bar: number): void {
  const kind = plan.sections[bar] ?? VERSE;
  const style = plan.styles[kind];
  if (!style) return;
  const chord = chordOfBar(plan, bar);
  if (!chord) return;
  const barBeat = bar * plan.beatsPerBar;
  const barStart = at(plan, barBeat);
  const barEnd = at(plan, barBeat + plan.beatsPerBar);

  // The lead and its echo reach into the next bars, so they are checked even past the range.
  addLead(plan, mix, from, to, bar, style);
  // Pads ring a little past the bar.
  if (barEnd + PAD_RELEASE <= from || barStart >= to) return;
  addDrums(plan, mix, from, to, barBeat, style);
  addBass(plan, mix, from, to, barBeat, style, chord);
  addChord(plan, mix, from, to, barBeat, style, chord);
}

/** The bar's drums: a kick on every beat, hats off the beat, claps on the backbeat. */
function addDrums(plan: Plan, mix: Float32Array, from: number, to: number, barBeat: number, style: SectionStyle): void {
  const { levels } = plan;
  for (let beat = 0; beat < plan.beatsPerBar; beat += 1) {
    const b = barBeat + beat;
    addSound(mix, from, to, at(plan, b), plan.kick, levels.kick * style.kick * (plan.accents[beat] ?? 1));
    if (style.hat > 0) addSound(mix, from, to, at(plan, b + 0.5), plan.hat, levels.hat * style.hat);
    if (style.hat16 > 0) {
      const soft = levels.hat * style.hat16;
      addSound(mix, from, to, at(plan, b + 0.25), plan.hat, soft);
      addSound(mix, from, to, at(plan, b + 0.75), plan.hat, soft);
    }
    if (style.clap > 0 && beat % 2 === 1) addSound(mix, from, to, at(plan, b), plan.clap, levels.clap * style.clap);
  }
}

/** The bar's bass: a tonic pedal on the downbeat, or the full bass line on the bar's chord. */
function addBass(
  plan: Plan,
  mix: Float32Array,
  from: number,
  to: number,
  barBeat: number,
  style: SectionStyle,
  chord: Chord,
): void {
  const { levels, beatsPerBar } = plan;
  if (style.bass === 1) {
    const tonic = plan.bassTonic;
    const end = at(plan, barBeat + Math.min(2, beatsPerBar));
    addNote(
      mix,
      from,
      to,
      at(plan, barBeat),
      end,
      plan.bassWave,
      tonic,
      levels.bass * 0.9,
      0.004 * SAMPLE_RATE,
      decayScale(0.5),
      0.35,
    );
  } else if (style.bass === 2) {
    for (const note of plan.bassPattern) {
      const increment =
        note.offset === 'root' ? chord.bassRoot : note.offset === 'tonic' ? plan.bassTonic : plan.bassOctave;
      const start = at(plan, barBeat + note.step / 2);
      const end = at(plan, barBeat + (note.step + note.length) / 2);
      const gain = levels.bass * (note.step === 0 ? 1 : 0.85);
      addNote(
        mix,
        from,
        to,
        start,
        end,
        plan.bassWave,
        increment,
        gain,
        0.004 * SAMPLE_RATE,
        decayScale(plan.bassDecay),
        0.25,
      );
    }
  }
}

/** The bar's chord: a held pad, or picked arpeggios for acoustic tracks (and a quiet one under danceable pads). */
function addChord(
  plan: Plan,
  mix: Float32Array,
  from: number,
  to: number,
  barBeat: number,
  style: SectionStyle,
  chord: Chord,
): void {
  const { levels } = plan;
  if (levels.pad > 0) {
    const barStart = at(plan, barBeat);
    const barEnd = at(plan, barBeat + plan.beatsPerBar);
    addPadChord(mix, from, to, barStart, barEnd, plan.padWave, chord.padTones, levels.pad * style.chords);
  }
  if (levels.arp > 0) {
    const arpeggio = chord.arpeggio;
    const order = [0, 1, 2, 3, 4, 3, 2, 1];
    for (let step = 0; step < plan.stepsPerBar; step += 1) {
      const increment = arpeggio[order[step % order.length] ?? 0] ?? chord.padTones[0];
      const start = at(plan, barBeat + step / 2);
      const end = at(plan, barBeat + (step + 1) / 2);
      addNote(
        mix,
        from,
        to,
        start,
        end,
        plan.arpWave,
        increment,
        levels.arp * style.chords,
        0.003 * SAMPLE_RATE,
        decayScale(0.3),
        0.25,
      );
    }
  }
}

/** The soft limiter's knee and ceiling: below the knee samples pass untouched, nothing reaches the ceiling. */
const KNEE = 0.8;
const CEILING = 0.98;

const FADE_IN_TRACK = 0.05;
const FADE_OUT_TRACK = 2;
const FADE_IN_EXCERPT = 0.5;
const FADE_OUT_EXCERPT = 1.5;

/**
 * Renders `count` samples of the file's audio starting at sample `first` (0 is the first sample
 * after the header) as 16-bit integers.
 */
export function renderSamples(spec: AudioSpec, first: number, count: number): Int16Array {
  const normal = normalizeSpec(spec);
  const span = renderedSpan(normal);
  if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || count < 0 || first + count > span.count) {
    throw new RangeError(`samples ${first}+${count} are outside the ${span.count} the file holds`);
  }
  const out = new Int16Array(count);
  if (count === 0) return out;
  const plan = planFor(normal);
  const from = span.first + first;
  const to = from + count;
  const mix = new Float32Array(count);

  const barSamples = plan.beatLength * plan.beatsPerBar;
  // Echoes reach up to two bars ahead, so start two bars early.
  const firstBar = Math.max(0, Math.floor(from / barSamples) - 2);
  const lastBar = Math.min(plan.bars - 1, Math.floor(to / barSamples) + 1);
  for (let bar = firstBar; bar <= lastBar; bar += 1) addBar(plan, mix, from, to, bar);

  // Fades are measured from the file's ends, so an excerpt fades like a track of its own.
  const excerpt = normal.excerpt !== null;
  const fadeIn = Math.max(
    1,
    Math.min(Math.round((excerpt ? FADE_IN_EXCERPT : FADE_IN_TRACK) * SAMPLE_RATE), span.count >> 2),
  );
  const fadeOut = Math.max(
    1,
    Math.min(Math.round((excerpt ? FADE_OUT_EXCERPT : FADE_OUT_TRACK) * SAMPLE_RATE), span.count >> 2),
  );
  const total = span.count;
  const scale = plan.master * 32767;
  const knee = KNEE * 32767;
  const room = (CEILING - KNEE) * 32767;
  // Only the ends of the file fade.
  const fadeOutFrom = total - fadeOut;
  if (first < fadeIn || first + count > fadeOutFrom) {
    for (let i = 0; i < count; i += 1) {
      const n = first + i;
      const gain = Math.min(1, n / fadeIn, (total - 1 - n) / fadeOut);
      mix[i] = (mix[i] ?? 0) * gain;
    }
  }
  for (let i = 0; i < count; i += 1) {
    let value = (mix[i] ?? 0) * scale;
    if (value > knee) value = knee + room * Math.tanh((value - knee) / room);
    else if (value < -knee) value = -knee - room * Math.tanh((-value - knee) / room);
    // Rounds half away from zero; cheaper than Math.round, which rounds half towards +∞.
    out[i] = value < 0 ? -((0.5 - value) | 0) : (value + 0.5) | 0;
  }
  return out;
}

/** Samples rendered per slice: bounds the scratch memory of a large range. */
const SLICE_SAMPLES = 1 << 16;

/**
 * Bytes `start` to `endInclusive` of the spec's WAV file, header included where the range covers
 * it. Costs only what the range holds: nothing before it is rendered.
 */
export function renderWavRange(spec: AudioSpec, start: number, endInclusive: number): Buffer {
  const size = wavByteLength(spec);
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(endInclusive) ||
    start < 0 ||
    endInclusive < start ||
    endInclusive >= size
  ) {
    throw new RangeError(`bytes ${start}-${endInclusive} are outside the ${size}-byte file`);
  }
  const body = Buffer.allocUnsafe(endInclusive - start + 1);
  let written = 0;
  if (start < WAV_HEADER_BYTES) {
    const header = wavHeader((size - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE);
    written += header.copy(body, 0, start, Math.min(WAV_HEADER_BYTES, endInclusive + 1));
  }
  const dataStart = Math.max(start, WAV_HEADER_BYTES) - WAV_HEADER_BYTES;
  const dataEnd = endInclusive + 1 - WAV_HEADER_BYTES;
  let sample = Math.floor(dataStart / BYTES_PER_SAMPLE);
  const lastSample = Math.ceil(dataEnd / BYTES_PER_SAMPLE);
  while (sample < lastSample) {
    const count = Math.min(SLICE_SAMPLES, lastSample - sample);
    const samples = renderSamples(spec, sample, count);
    const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    // WAV is little-endian; typed arrays use the machine's order.
    if (bigEndian) bytes.swap16();
    const from = Math.max(dataStart - sample * BYTES_PER_SAMPLE, 0);
    const until = Math.min(dataEnd - sample * BYTES_PER_SAMPLE, bytes.length);
    written += bytes.copy(body, written, from, until);
    sample += count;
  }
  return body;
}

const bigEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

/** The spec's whole WAV file. For tests and small files: streaming should use ranges. */
export function renderWav(spec: AudioSpec): Buffer {
  const size = wavByteLength(spec);
  return renderWavRange(spec, 0, size - 1);
}
