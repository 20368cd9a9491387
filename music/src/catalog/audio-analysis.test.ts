import { describe, expect, it } from 'vitest';
import { onsetEnvelope } from '../audio/analysis';
import { renderSamples, SAMPLE_RATE, specFromFeatures } from '../audio/synth';
import { describeService } from '../v1/__fixtures__/service';
import { audioAnalysis } from './audio-analysis';
import type { AudioFeaturesRecord } from '../http/objects';

const features: AudioFeaturesRecord = {
  trackId: '4iV5W9uYEdYUVa79Axb7Rh',
  durationMs: 95_000,
  acousticness: 0.2,
  danceability: 0.7,
  energy: 0.8,
  instrumentalness: 0.3,
  key: 9,
  liveness: 0.1,
  loudness: -6.5,
  mode: 0,
  speechiness: 0.05,
  tempo: 124,
  timeSignature: 4,
  valence: 0.6,
};

describe("a track's audio analysis", () => {
  it('lays bars, beats and tatums on the track tempo, from its start to its end', () => {
    const analysis = audioAnalysis(features);
    const beat = 60 / features.tempo;
    const duration = features.durationMs / 1000;
    expect(analysis.track).toMatchObject({ duration, tempo: 124, key: 9, mode: 0, time_signature: 4 });
    expect(analysis.beats).toHaveLength(Math.ceil(duration / beat));
    for (const [index, interval] of analysis.beats.entries()) expect(interval.start).toBeCloseTo(index * beat, 4);
    expect(analysis.beats.at(-1)?.start ?? 0).toBeLessThan(duration);
    const last = analysis.beats.at(-1);
    expect((last?.start ?? 0) + (last?.duration ?? 0)).toBeCloseTo(duration, 4);
    expect(analysis.bars.map((bar) => bar.start)).toEqual(
      analysis.beats.filter((_, index) => index % 4 === 0).map((beat) => beat.start),
    );
    expect(analysis.tatums.length).toBeGreaterThanOrEqual(2 * analysis.beats.length - 1);
    expect(analysis.segments).toHaveLength(analysis.beats.length);
  });

  it('divides the track into sections that follow each other to its end', () => {
    const { sections, track } = audioAnalysis(features);
    expect(sections.length).toBeGreaterThan(2);
    expect(sections[0]?.start).toBe(0);
    for (let index = 1; index < sections.length; index += 1) {
      const before = sections[index - 1];
      expect(sections[index]?.start).toBeCloseTo((before?.start ?? 0) + (before?.duration ?? 0), 4);
    }
    const end = sections.at(-1);
    expect((end?.start ?? 0) + (end?.duration ?? 0)).toBeCloseTo(track.duration, 4);
  });

  it('hears the chords: the last bar plays the tonic, whose root leads every pitch vector', () => {
    const { segments, bars } = audioAnalysis(features);
    const lastBar = bars.at(-1)?.start ?? 0;
    const closing = segments.filter((segment) => segment.start >= lastBar);
    expect(closing.length).toBeGreaterThan(0);
    for (const segment of closing) {
      expect(segment.pitches).toHaveLength(12);
      expect(segment.pitches[features.key]).toBe(1);
      // A minor: the minor third (C) and the fifth (E) sound too.
      expect(segment.pitches[0]).toBe(0.8);
      expect(segment.pitches[4]).toBe(0.8);
      expect(segment.timbre).toHaveLength(12);
    }
  });

  it('puts its beats where the rendered audio has its kicks', () => {
    const short = { ...features, durationMs: 20_000 };
    const { beats } = audioAnalysis(short);
    const hop = 128;
    const frame = 512;
    const onsets = onsetEnvelope(renderSamples(specFromFeatures(short), 0, 20 * SAMPLE_RATE), hop, frame);
    /** The strongest onset of the frames that hold each time, on average. */
    const strength = (times: number[]) => {
      let sum = 0;
      for (const time of times) {
        const sample = time * SAMPLE_RATE;
        let peak = 0;
        for (let at = Math.floor((sample - frame) / hop) + 1; at <= Math.floor(sample / hop); at += 1) {
          peak = Math.max(peak, onsets[at] ?? 0);
        }
        sum += peak;
      }
      return sum / times.length;
    };
    const onBeat = strength(beats.slice(1, -1).map((beat) => beat.start));
    const offBeat = strength(beats.slice(1, -1).map((beat) => beat.start + beat.duration * 0.3));
    expect(onBeat).toBeGreaterThan(5 * offBeat);
  });

  it('is the same for the same track and follows its features', () => {
    expect(audioAnalysis(features)).toEqual(audioAnalysis({ ...features }));
    const faster = audioAnalysis({ ...features, tempo: 140, timeSignature: 3 });
    expect(faster.beats.length).toBeGreaterThan(audioAnalysis(features).beats.length);
    expect(faster.bars[1]?.start).toBeCloseTo((3 * 60) / 140, 4);
  });
});

await describeService('the audio analysis endpoint', (service) => {
  it('answers every track in the published shape, and refuses bad and unknown ids', async () => {
    const { call } = await service.listener([]);
    const { rows } = await service.db.query<{ id: string; tempo: number }>('SELECT id, tempo FROM tracks LIMIT 2');
    for (const row of rows) {
      const answer = await call('GET', `/audio-analysis/${row.id}`);
      expect(answer.status).toBe(200);
      expect((answer.body.track as { tempo: number }).tempo).toBeCloseTo(row.tempo, 2);
    }
    expect((await call('GET', `/audio-analysis/${'Q'.repeat(22)}`)).status).toBe(404);
    expect((await call('GET', '/audio-analysis/nope')).status).toBe(400);
    const development = await service.listener([], { profile: 'development' });
    expect(
      (await development.call('GET', `/audio-analysis/${rows[0]?.id ?? ''}`, undefined, 'development')).status,
    ).toBe(403);
  });
});
