import { describe, expect, it } from 'vitest';
import { needsSeek } from './browser-audio';
import { browserDeviceName } from './browser-device';
import { arrivalOf, clampPosition, positionAt } from './position';

describe('the playback clock', () => {
  it('moves on from the last state while playing, and stays while paused', () => {
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true }, 3_500)).toBe(12_500);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: false }, 3_500)).toBe(10_000);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true }, 500)).toBe(10_000);
  });

  it('keeps a position within its item', () => {
    expect(clampPosition(-10, 1000)).toBe(0);
    expect(clampPosition(1500, 1000)).toBe(1000);
    expect(clampPosition(500, 1000)).toBe(500);
  });

  it('records when a state object was first seen, once', () => {
    const state = {};
    const first = arrivalOf(state);
    expect(arrivalOf(state)).toBe(first);
    expect(arrivalOf({})).toBeGreaterThanOrEqual(first);
  });

  it('moves the audio only when it drifted noticeably', () => {
    expect(needsSeek(10_000, 10_900)).toBe(false);
    expect(needsSeek(10_000, 12_000)).toBe(true);
    expect(needsSeek(12_000, 10_000)).toBe(true);
  });

  it('names the browser device after the browser', () => {
    expect(browserDeviceName('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe('Web Player (Chrome)');
    expect(browserDeviceName('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Web Player (Firefox)',
    );
    expect(browserDeviceName('Mozilla/5.0 Edg/140.0 Chrome/140.0')).toBe('Web Player (Edge)');
    expect(browserDeviceName('curl/8')).toBe('Web Player (Browser)');
  });
});
