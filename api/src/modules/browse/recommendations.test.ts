import { describe, expect, it } from 'vitest';
import { recommendationsQuery } from './recommendations';

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return (error as { extensions?: { code?: string } }).extensions?.code;
  }
  return undefined;
}

describe('recommendationsQuery', () => {
  it('writes seeds, limit and tuning as music v1 parameters', () => {
    expect(
      recommendationsQuery({
        seedArtists: ['a', 'a', ' '],
        seedTracks: ['t'],
        seedGenres: ['rock'],
        limit: 10,
        durationMs: { min: 1000, max: 200000 },
        timeSignature: { target: 4 },
        loudness: { min: -20 },
      }),
    ).toEqual({
      limit: 10,
      seed_artists: 'a',
      seed_tracks: 't',
      seed_genres: 'rock',
      min_duration_ms: 1000,
      max_duration_ms: 200000,
      target_time_signature: 4,
      min_loudness: -20,
    });
  });

  it('defaults the limit to 20', () => {
    expect(recommendationsQuery({ seedGenres: ['pop'] })).toEqual({ limit: 20, seed_genres: 'pop' });
  });

  it('counts seeds of all kinds together: 1 to 5', () => {
    expect(codeOf(() => recommendationsQuery({}))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => recommendationsQuery({ seedArtists: ['a', 'b', 'c'], seedTracks: ['d', 'e'] }))).toBe(
      undefined,
    );
    expect(
      codeOf(() => recommendationsQuery({ seedArtists: ['a', 'b', 'c'], seedTracks: ['d', 'e'], seedGenres: ['f'] })),
    ).toBe('BAD_USER_INPUT');
  });

  it('checks the limit and every tuning value against its range', () => {
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], limit: 100 }))).toBe(undefined);
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], limit: 101 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], limit: 0 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], valence: { target: 1 } }))).toBe(undefined);
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], valence: { target: 1.01 } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], popularity: { max: -1 } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => recommendationsQuery({ seedGenres: ['pop'], mode: { min: 1, max: 0 } }))).toBe(
      'BAD_USER_INPUT',
    );
  });
});
