import { describe, expect, it } from 'vitest';
import type { V1Device, V1PlaybackState } from '../../../music/v1';
import { changed, snapshotOf } from './snapshot';

const device = (id: string, active = false): V1Device => ({ id, name: id, type: 'Computer', is_active: active });
const playing = (progress: number, timestamp: number, extra: Partial<V1PlaybackState> = {}): V1PlaybackState => ({
  is_playing: true,
  progress_ms: progress,
  timestamp,
  shuffle_state: false,
  repeat_state: 'off',
  device: device('a', true),
  item: { id: 't1', type: 'track' },
  ...extra,
});

describe('a player snapshot', () => {
  it('reads a 204 as no playback, leaves out devices without an id, and takes the time of reading', () => {
    expect(snapshotOf(undefined, [device('a'), { ...device('b'), id: null }], 7)).toEqual({
      player: null,
      devices: [device('a')],
      at: 7,
    });
    expect(snapshotOf(playing(0, 1234), [], 7).at).toBe(7);
  });

  it('is a change when the item, the state or the devices change, not when progress moves on with time', () => {
    const first = snapshotOf(playing(10_000, 1_000_000), [device('a', true)], 1_000_000);
    expect(changed(undefined, first)).toBe(true);
    const later = snapshotOf(playing(12_000, 1_002_000), [device('a', true)], 1_002_000);
    expect(changed(first, later)).toBe(false);
    const seeked = snapshotOf(playing(60_000, 1_002_000), [device('a', true)], 1_002_000);
    expect(changed(first, seeked)).toBe(true);
    const paused = snapshotOf(playing(12_000, 1_002_000, { is_playing: false }), [device('a', true)], 1_002_000);
    expect(changed(first, paused)).toBe(true);
    const other = snapshotOf(
      playing(12_000, 1_002_000, { item: { id: 't2', type: 'track' } }),
      [device('a', true)],
      1_002_000,
    );
    expect(changed(first, other)).toBe(true);
    const newDevice = snapshotOf(playing(12_000, 1_002_000), [device('a', true), device('b')], 1_002_000);
    expect(changed(first, newDevice)).toBe(true);
    expect(changed(first, snapshotOf(null, [device('a', true)], 5))).toBe(true);
  });

  it('is no change when a paused item reads the same later', () => {
    const paused = snapshotOf(playing(5000, 1000, { is_playing: false }), [], 1000);
    expect(changed(paused, snapshotOf(playing(5000, 9000, { is_playing: false }), [], 9000))).toBe(false);
    expect(changed(snapshotOf(null, [], 1), snapshotOf(null, [], 2))).toBe(false);
  });

  it('moves progress on at the playback speed the music service says, so that faster playback is no seek', () => {
    const fast = { playback_rate: 2 } as Partial<V1PlaybackState>;
    const first = snapshotOf(playing(10_000, 1_000_000, fast), [], 1_000_000);
    expect(changed(first, snapshotOf(playing(14_000, 1_002_000, fast), [], 1_002_000))).toBe(false);
    expect(changed(first, snapshotOf(playing(13_000, 1_002_000, fast), [], 1_002_000))).toBe(false);
    expect(changed(first, snapshotOf(playing(10_000, 1_004_000, fast), [], 1_004_000))).toBe(true);
    const normal = snapshotOf(playing(10_000, 1_000_000), [], 1_000_000);
    expect(changed(normal, snapshotOf(playing(14_000, 1_002_000), [], 1_002_000))).toBe(true);
  });
});
