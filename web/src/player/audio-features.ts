import type { Mode } from '../__generated__/graphql';

/** Pitch classes as musicians name them, 0 = C. */
const pitchClasses = ['C', 'C♯/D♭', 'D', 'D♯/E♭', 'E', 'F', 'F♯/G♭', 'G', 'G♯/A♭', 'A', 'A♯/B♭', 'B'] as const;

/** A key and mode in words: "F major", "C♯/D♭ minor"; "No key detected" without a key. */
export function keyInWords(key: number | null | undefined, mode: Mode | null | undefined): string {
  const pitch = key === null || key === undefined ? undefined : pitchClasses[key];
  if (pitch === undefined) return 'No key detected';
  if (mode === 'MAJOR') return `${pitch} major`;
  if (mode === 'MINOR') return `${pitch} minor`;
  return pitch;
}

/** A tempo in words: "120 BPM". */
export function tempoInWords(tempo: number): string {
  return `${String(Math.round(tempo))} BPM`;
}

/** A loudness in words: "−7.5 dB". */
export function loudnessInWords(loudness: number): string {
  return `${loudness.toFixed(1).replace('-', '−')} dB`;
}

/** A measure from 0.0 to 1.0 as a whole percentage. */
export function percentOf(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100);
}

export type Measure =
  | 'energy'
  | 'danceability'
  | 'valence'
  | 'acousticness'
  | 'instrumentalness'
  | 'speechiness'
  | 'liveness';

/** The measures from 0.0 to 1.0 the chart draws, with what each means. */
export const measures: readonly { field: Measure; label: string; means: string }[] = [
  { field: 'energy', label: 'Energy', means: 'how intense and active it feels' },
  { field: 'danceability', label: 'Danceability', means: 'how suitable it is for dancing' },
  { field: 'valence', label: 'Positivity', means: 'how happy and cheerful it sounds' },
  { field: 'acousticness', label: 'Acousticness', means: 'how likely it is acoustic' },
  { field: 'instrumentalness', label: 'Instrumentalness', means: 'how likely it has no vocals' },
  { field: 'speechiness', label: 'Speechiness', means: 'how much of it is spoken words' },
  { field: 'liveness', label: 'Liveness', means: 'how likely it was recorded live' },
];
