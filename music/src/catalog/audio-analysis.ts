import { arrangement, SAMPLE_RATE, specFromFeatures, type Arrangement } from '../audio/synth';
import type { AudioFeaturesRecord } from '../http/objects';

/**
 * A track's audio analysis in Spotify's shape (`GET /audio-analysis/{id}`), read off the
 * arrangement the synthesiser renders the track from rather than guessed: the bars, beats and
 * tatums (eighth notes) of its beat grid, its sections (intro, verses, choruses, bridges, outro),
 * and one segment per beat whose pitch vector holds the chord that bar plays. What the
 * synthesiser plays it knows for sure, hence confidences of 1. The same track always answers
 * the same analysis.
 */

const round = (value: number, digits = 5): number => Number(value.toFixed(digits));

/** When the synthesiser's analysis was made, fixed so that answers never change. */
const analysedAt = Date.UTC(2026, 0, 1) / 1000;

/** How much quieter than the track each kind of section plays, in decibels. */
const sectionLevel: Record<Arrangement['sections'][number]['kind'], number> = {
  intro: -4,
  verse: -1.5,
  chorus: 0,
  bridge: -3,
  outro: -4,
};

interface Interval {
  start: number;
  duration: number;
  confidence: number;
}

/** Intervals of `seconds` from 0 to the end of the track, the last one cut at the end. */
function grid(seconds: number, count: number, end: number): Interval[] {
  const intervals: Interval[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = index * seconds;
    if (start >= end) break;
    intervals.push({ start: round(start), duration: round(Math.min(seconds, end - start)), confidence: 1 });
  }
  return intervals;
}

/** A 12-number timbre: loudness, brightness, flatness and attack first, as Spotify orders its basis. */
function timbre(features: AudioFeaturesRecord, level: number): number[] {
  const { loudness, valence, acousticness, energy, danceability, instrumentalness, speechiness, liveness } = features;
  return [
    round(60 + loudness + level, 3),
    round(100 * (valence - acousticness), 3),
    round(100 * (energy - 0.5), 3),
    round(100 * (danceability - 0.5), 3),
    round(50 * (1 - 2 * instrumentalness), 3),
    round(50 * (speechiness - 0.1), 3),
    round(40 * (liveness - 0.2), 3),
    round(30 * (1 - 2 * acousticness), 3),
    round(20 * (energy - valence), 3),
    round(20 * (danceability - energy), 3),
    round(10 * (valence - 0.5), 3),
    round(10 * (acousticness - instrumentalness), 3),
  ];
}

/** The analysis of the track whose features are `features`. */
export function audioAnalysis(features: AudioFeaturesRecord) {
  const plan = arrangement(specFromFeatures(features));
  const duration = plan.samples / SAMPLE_RATE;
  const barSeconds = plan.beatSeconds * plan.beatsPerBar;
  const beats = grid(plan.beatSeconds, plan.bars * plan.beatsPerBar, duration);
  const common = rhythmAndKey(features);
  return {
    meta: analysisMeta(),
    track: analysedTrack(features, plan, common),
    bars: grid(barSeconds, plan.bars, duration),
    beats,
    sections: sections(features, plan, common),
    segments: segments(features, plan, beats),
    tatums: grid(plan.beatSeconds / 2, plan.bars * plan.beatsPerBar * 2, duration),
  };
}

/** The tempo, key, mode and time signature, each with its confidence, as the track and each section carry them. */
function rhythmAndKey(features: AudioFeaturesRecord) {
  return {
    tempo: features.tempo,
    tempo_confidence: 1,
    key: features.key,
    key_confidence: 1,
    mode: features.mode,
    mode_confidence: 1,
    time_signature: features.timeSignature,
    time_signature_confidence: 1,
  };
}

/** How the analysis was made: by reading the synthesiser's plan, once and for all. */
function analysisMeta() {
  return {
    analyzer_version: 'graphonic-synth',
    platform: 'Linux',
    detailed_status: 'OK',
    status_code: 0,
    timestamp: analysedAt,
    analysis_time: 0,
    input_process: `synthesised ${SAMPLE_RATE} Hz mono`,
  };
}

/** The analysis's `track` object: the whole track's length, fades and loudness. */
function analysedTrack(features: AudioFeaturesRecord, plan: Arrangement, common: ReturnType<typeof rhythmAndKey>) {
  return {
    num_samples: plan.samples,
    duration: round(plan.samples / SAMPLE_RATE),
    sample_md5: '',
    offset_seconds: 0,
    window_seconds: 0,
    analysis_sample_rate: SAMPLE_RATE,
    analysis_channels: 1,
    end_of_fade_in: round(plan.endOfFadeIn),
    start_of_fade_out: round(plan.startOfFadeOut),
    loudness: features.loudness,
    ...common,
    codestring: '',
    code_version: 3.15,
    echoprintstring: '',
    echoprint_version: 4.12,
    synchstring: '',
    synch_version: 1,
    rhythmstring: '',
    rhythm_version: 1,
  };
}

/** The arrangement's sections that start within the track, each as loud as its kind plays. */
function sections(features: AudioFeaturesRecord, plan: Arrangement, common: ReturnType<typeof rhythmAndKey>) {
  const duration = plan.samples / SAMPLE_RATE;
  const barSeconds = plan.beatSeconds * plan.beatsPerBar;
  return plan.sections.flatMap((section) => {
    const start = section.firstBar * barSeconds;
    if (start >= duration) return [];
    return [
      {
        start: round(start),
        duration: round(Math.min(section.bars * barSeconds, duration - start)),
        confidence: 1,
        loudness: round(features.loudness + sectionLevel[section.kind], 3),
        ...common,
      },
    ];
  });
}

/** One segment per beat: as loud as its section plays and its place in the bar, pitched as the bar's chord. */
function segments(features: AudioFeaturesRecord, plan: Arrangement, beats: readonly Interval[]) {
  const sectionOfBar = (bar: number) =>
    plan.sections.find((section) => bar >= section.firstBar && bar < section.firstBar + section.bars);
  return beats.map((beat, index) => {
    const bar = Math.floor(index / plan.beatsPerBar);
    const kind = sectionOfBar(bar)?.kind ?? 'verse';
    const level = features.loudness + sectionLevel[kind];
    // The downbeat's kick is the loudest hit of the bar.
    const accent = index % plan.beatsPerBar === 0 ? 0 : -2;
    return {
      start: beat.start,
      duration: beat.duration,
      confidence: 1,
      loudness_start: round(level - 12, 3),
      loudness_max: round(level + accent, 3),
      loudness_max_time: round(Math.min(0.01, beat.duration), 5),
      loudness_end: round(level - 20, 3),
      pitches: pitches(plan.chords[bar] ?? [], features.key),
      timbre: timbre(features, sectionLevel[kind] + accent),
    };
  });
}

/** A 12-number chroma vector: the chord's root loudest, its other tones next, then the key's tonic. */
function pitches(chord: readonly number[], key: number): number[] {
  return Array.from({ length: 12 }, (_, pitchClass) => {
    const place = chord.indexOf(pitchClass);
    return place === 0 ? 1 : place > 0 ? 0.8 : pitchClass === key ? 0.35 : 0.05;
  });
}
