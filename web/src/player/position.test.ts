import { describe, expect, it } from 'vitest';
import { needsSeek } from './browser-audio';
import { clampPosition, createArrivals, positionAt } from './position';

describe('the playback clock', () => {
  it('moves on from the last state while playing, and stays while paused', () => {
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true }, 3_500)).toBe(12_500);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: false }, 3_500)).toBe(10_000);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true }, 500)).toBe(10_000);
  });

  it('moves on at the playback speed', () => {
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true, speed: 1.5 }, 3_000)).toBe(13_000);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: true, speed: 0.5 }, 3_000)).toBe(11_000);
    expect(positionAt({ progressMs: 10_000, at: 1_000, isPlaying: false, speed: 2 }, 3_000)).toBe(10_000);
  });

  it('takes a reading at another speed for a new one', () => {
    const arrivalOf = createArrivals();
    const reading = {
      isPlaying: true,
      progressMs: 1_000,
      timestamp: 5,
      playbackSpeed: 1,
      item: { uri: 'spotify:episode:a' },
    };
    expect(arrivalOf(reading, 100)).toBe(100);
    expect(arrivalOf({ ...reading, playbackSpeed: 1.5 }, 200)).toBe(200);
  });

  it('keeps a position within its item', () => {
    expect(clampPosition(-10, 1000)).toBe(0);
    expect(clampPosition(1500, 1000)).toBe(1000);
    expect(clampPosition(500, 1000)).toBe(500);
  });

  it('records when a reading of the clock was first seen, once', () => {
    const arrivalOf = createArrivals();
    const reading = { isPlaying: true, progressMs: 1_000, timestamp: 5, item: { uri: 'spotify:track:a' } };
    expect(arrivalOf(reading, 100)).toBe(100);
    expect(arrivalOf(reading, 200)).toBe(100);
    expect(arrivalOf({ ...reading, progressMs: 1_200, timestamp: 6 }, 300)).toBe(300);
    expect(arrivalOf({ ...reading, isPlaying: false }, 400)).toBe(400);
  });

  it('keeps the arrival of a state that changed elsewhere than its clock, so the position does not jump back', () => {
    const arrivalOf = createArrivals();
    // The same reading, as a new object whose item was saved to the library meanwhile.
    const playing = { isPlaying: true, progressMs: 0, timestamp: 7, item: { uri: 'spotify:track:b', saved: false } };
    const arrived = arrivalOf(playing, 1_000);
    const saved = { ...playing, item: { ...playing.item, saved: true } };
    expect(arrivalOf(saved, 3_500)).toBe(arrived);
    expect(positionAt({ progressMs: 0, at: arrivalOf(saved, 3_500), isPlaying: true }, 3_500)).toBe(2_500);
  });

  it('finds an earlier reading again, as when an optimistic state is rolled back', () => {
    const arrivalOf = createArrivals();
    const before = { isPlaying: true, progressMs: 50, timestamp: 8, item: { uri: 'spotify:track:c' } };
    expect(arrivalOf(before, 10)).toBe(10);
    expect(arrivalOf({ ...before, isPlaying: false, progressMs: 60, timestamp: 9 }, 20)).toBe(20);
    expect(arrivalOf({ ...before }, 30)).toBe(10);
  });

  it('moves the audio only when it drifted noticeably', () => {
    expect(needsSeek(10_000, 10_900)).toBe(false);
    expect(needsSeek(10_000, 12_000)).toBe(true);
    expect(needsSeek(12_000, 10_000)).toBe(true);
  });
});
