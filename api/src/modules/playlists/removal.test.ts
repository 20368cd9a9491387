import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { removalBody } from './removal';

const track = 'spotify:track:4uLU6hMCjMI75M1A2tKUQC';
const episode = 'spotify:episode:512ojhOuo1ktJprKbVcKyQ';

/** The code of the error `call` throws. */
function codeOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error instanceof GraphQLError ? error.extensions.code : error;
  }
  return undefined;
}

describe('removalBody', () => {
  it('removes every copy of each URI when no positions are given, on any music service', () => {
    for (const provider of ['local', 'spotify'] as const) {
      expect(removalBody({ uris: [track, episode], snapshotId: 'c25hcA==' }, provider)).toEqual({
        items: [{ uri: track }, { uri: episode }],
        snapshot_id: 'c25hcA==',
      });
    }
    expect(removalBody({ uris: [track], positions: null, snapshotId: null }, 'local')).toEqual({
      items: [{ uri: track }],
    });
  });

  it('names the positions of the copies to remove on the local music service, each once', () => {
    expect(removalBody({ uris: [track], positions: [3, 0, 3], snapshotId: 'c25hcA==' }, 'local')).toEqual({
      items: [{ uri: track, positions: [3, 0] }],
      snapshot_id: 'c25hcA==',
    });
  });

  it('refuses positions on Spotify, which removes only every copy, so that nothing is removed unasked', () => {
    expect(codeOf(() => removalBody({ uris: [track], positions: [1] }, 'spotify'))).toBe('FEATURE_UNAVAILABLE');
  });

  it('refuses positions that cannot name the copies of one item', () => {
    for (const input of [
      { uris: [track, episode], positions: [0] },
      { uris: [track], positions: [] },
      { uris: [track], positions: [-1] },
      { uris: [track], positions: Array.from({ length: 101 }, (_, index) => index) },
      { uris: ['spotify:album:4uLU6hMCjMI75M1A2tKUQC'], positions: [0] },
    ]) {
      expect([codeOf(() => removalBody(input, 'local')), input]).toEqual(['BAD_USER_INPUT', input]);
    }
  });
});
