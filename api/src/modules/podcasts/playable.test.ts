import { describe, expect, it } from 'vitest';
import { playableType } from './resolvers';

describe('playableType', () => {
  it('tells episodes from tracks by their music v1 type', () => {
    expect(playableType({ id: 'e', type: 'episode' })).toBe('Episode');
    expect(playableType({ id: 't', type: 'track' })).toBe('Track');
    // Items without a type are taken for tracks, as the music v1 API did before episodes.
    expect(playableType({ id: 't' })).toBe('Track');
  });
});
