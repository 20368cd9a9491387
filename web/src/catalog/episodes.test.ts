import { describe, expect, it } from 'vitest';
import { episodeProgress, episodeTarget, progressText } from './episodes';

const hour = 3_600_000;
const uri = 'spotify:episode:6cv17RP7tvdvb00SM9pp0m';

describe('episodeProgress', () => {
  it('reads a resume point as not started, started or played', () => {
    expect(episodeProgress(hour, null)).toEqual({ kind: 'unplayed' });
    expect(episodeProgress(hour, { fullyPlayed: false, resumePositionMs: 0 })).toEqual({ kind: 'unplayed' });
    expect(episodeProgress(hour, { fullyPlayed: false, resumePositionMs: hour / 4 })).toEqual({
      kind: 'started',
      fraction: 0.25,
      remainingMs: (3 * hour) / 4,
    });
    expect(episodeProgress(hour, { fullyPlayed: true, resumePositionMs: hour })).toEqual({ kind: 'played' });
  });

  it('counts a position at or past the end as played', () => {
    expect(episodeProgress(hour, { fullyPlayed: false, resumePositionMs: hour + 1 })).toEqual({ kind: 'played' });
  });
});

describe('progressText', () => {
  it('says the time left, "Played", or the length', () => {
    expect(progressText(hour, episodeProgress(hour, { fullyPlayed: false, resumePositionMs: 37 * 60_000 }))).toBe(
      '23 min left',
    );
    expect(progressText(hour, { kind: 'played' })).toBe('Played');
    expect(progressText(72 * 60_000, { kind: 'unplayed' })).toBe('1 hr 12 min');
  });
});

describe('episodeTarget', () => {
  it('resumes a started episode where the listener stopped', () => {
    expect(episodeTarget(uri, hour, { fullyPlayed: false, resumePositionMs: 3_464_586 })).toEqual({
      uris: [uri],
      positionMs: 3_464_586,
    });
  });

  it('starts from the beginning an episode not started, or played to the end', () => {
    expect(episodeTarget(uri, hour, null)).toEqual({ uris: [uri], positionMs: 0 });
    expect(episodeTarget(uri, hour, { fullyPlayed: true, resumePositionMs: hour })).toEqual({
      uris: [uri],
      positionMs: 0,
    });
  });
});
