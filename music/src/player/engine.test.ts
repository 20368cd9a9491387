import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  advance,
  emptyState,
  itemEndsAt,
  minimumPlayMs,
  next,
  pause,
  play,
  PlayerRuleError,
  previous,
  progressAt,
  seek,
  setRate,
  setRepeat,
  setShuffle,
  NotAnEpisodeError,
  shuffledOrder,
  transfer,
  upNext,
  type PlayerState,
} from './engine';

const minute = 60_000;
const durations: Record<string, number> = { a: 3 * minute, b: 2 * minute, c: 4 * minute, q: minute };
const durationOf = (uri: string): number => durations[uri] ?? 0;
const album = { uri: 'spotify:album:x', items: ['a', 'b', 'c'] };
const device = 'browser-1';

function playing(at = 0, overrides: Partial<PlayerState> = {}): PlayerState {
  const started = play({ ...emptyState(at), deviceId: device }, { context: album }, at, durationOf).state;
  return { ...started, ...overrides };
}

describe('playback over time', () => {
  it('progresses with time while playing and stands still while paused', () => {
    const state = playing();
    expect(progressAt(state, 10_000, durationOf)).toBe(10_000);
    const paused = pause(state, 10_000, durationOf).state;
    expect(progressAt(paused, 50_000, durationOf)).toBe(10_000);
  });

  it('predicts when the current item ends, and nothing while paused', () => {
    const state = playing(1000, { positionMs: 30_000 });
    expect(itemEndsAt(state, durationOf)).toBe(1000 + 3 * minute - 30_000);
    expect(itemEndsAt(pause(state, 5000, durationOf).state, durationOf)).toBeNull();
    expect(itemEndsAt(emptyState(0), durationOf)).toBeNull();
  });

  it('moves into the next item when one ends and records the finished one as a play', () => {
    const { state, plays } = advance(playing(), 4 * minute, durationOf);
    expect(state.itemUri).toBe('b');
    expect(state.contextIndex).toBe(1);
    expect(progressAt(state, 4 * minute, durationOf)).toBe(minute);
    expect(plays).toEqual([{ uri: 'a', contextUri: 'spotify:album:x', playedAt: 3 * minute }]);
  });

  it('stops at the end of the context when repeat is off', () => {
    const { state, plays } = advance(playing(), 60 * minute, durationOf);
    expect(plays.map((play) => play.uri)).toEqual(['a', 'b', 'c']);
    expect(state).toMatchObject({ itemUri: 'c', isPlaying: false, positionMs: 4 * minute });
  });

  it('wraps around with repeat context and repeats one item with repeat track', () => {
    const looping = advance(playing(0, { repeat: 'context' }), 10 * minute, durationOf);
    expect(looping.state.itemUri).toBe('a');
    expect(looping.state.isPlaying).toBe(true);
    const repeating = advance(playing(0, { repeat: 'track' }), 7 * minute, durationOf);
    expect(repeating.plays.map((play) => play.uri)).toEqual(['a', 'a']);
    expect(repeating.state).toMatchObject({ itemUri: 'a', contextIndex: 0 });
  });

  it('plays queued items before the context continues', () => {
    const queued = addToQueue(playing(), 'q', 0, durationOf).state;
    expect(upNext(queued)).toEqual(['q', 'b', 'c']);
    const { state, plays } = advance(queued, 3 * minute + 30_000, durationOf);
    expect(state).toMatchObject({ itemUri: 'q', fromQueue: true, queue: [] });
    expect(plays.map((play) => play.uri)).toEqual(['a']);
    expect(advance(state, 4 * minute + 1, durationOf).state.itemUri).toBe('b');
  });
});

describe('commands', () => {
  it('need a device', () => {
    expect(() => pause(emptyState(0), 0, durationOf)).toThrow(PlayerRuleError);
    expect(() => play(emptyState(0), { context: album }, 0, durationOf)).toThrow(/No active device/);
  });

  it('start a context at an offset and position, and resume where they paused', () => {
    const state = play(
      { ...emptyState(0), deviceId: device },
      { context: album, offsetIndex: 2, positionMs: 5000 },
      0,
      durationOf,
    ).state;
    expect(state).toMatchObject({ itemUri: 'c', contextIndex: 2, positionMs: 5000, isPlaying: true });
    const paused = pause(state, 1000, durationOf).state;
    const resumed = play(paused, {}, 9000, durationOf).state;
    expect(progressAt(resumed, 9000, durationOf)).toBe(6000);
    expect(() => play(paused, { context: album, offsetIndex: 7 }, 0, durationOf)).toThrow(/outside the context/);
  });

  it('skip forward, counting a skip as a play only after enough listening', () => {
    const early = next(playing(), 10_000, durationOf);
    expect(early.state.itemUri).toBe('b');
    expect(early.plays).toEqual([]);
    const late = next(playing(), minimumPlayMs, durationOf);
    expect(late.plays.map((play) => play.uri)).toEqual(['a']);
  });

  it('go back an item early in a track and restart it later on', () => {
    const second = next(playing(), 0, durationOf).state;
    expect(previous(second, 1000, durationOf).state.itemUri).toBe('a');
    const restarted = previous(second, 10_000, durationOf).state;
    expect(restarted).toMatchObject({ itemUri: 'b', positionMs: 0 });
  });

  it('seek within an item, and past its end into the next one', () => {
    expect(seek(playing(), 60_000, 0, durationOf).state.positionMs).toBe(60_000);
    expect(seek(playing(), 10 * minute, 0, durationOf).state.itemUri).toBe('b');
  });

  it('shuffle the rest of the context, keeping the current item first', () => {
    let seed = 0.3;
    const random = () => (seed = (seed * 9301 + 0.49297) % 1);
    const shuffled = setShuffle(playing(), true, 0, durationOf, random).state;
    expect(shuffled.shuffleOrder?.[0]).toBe(0);
    expect([...(shuffled.shuffleOrder ?? [])].sort()).toEqual([0, 1, 2]);
    const order = shuffled.shuffleOrder ?? [];
    expect(upNext(shuffled)).toEqual(order.slice(1).map((index) => album.items[index]));
    expect(shuffledOrder(50, 7, random)).toHaveLength(50);
  });

  it('transfer to another device keeping the position, and set repeat', () => {
    const moved = transfer(playing(), 'speaker', false, 20_000, durationOf).state;
    expect(moved).toMatchObject({ deviceId: 'speaker', positionMs: 20_000, isPlaying: false });
    expect(setRepeat(moved, 'context', 20_000, durationOf).state.repeat).toBe('context');
  });
});

describe('playback speed', () => {
  const show = { uri: 'spotify:show:s', items: ['spotify:episode:e1', 'spotify:episode:e2', 'spotify:track:t'] };
  const lengths: Record<string, number> = {
    'spotify:episode:e1': 10 * minute,
    'spotify:episode:e2': 5 * minute,
    'spotify:track:t': 2 * minute,
  };
  const lengthOf = (uri: string): number => lengths[uri] ?? 0;
  const onShow = (at = 0) => play({ ...emptyState(at), deviceId: device }, { context: show }, at, lengthOf).state;

  it('moves an episode at the chosen speed, rebased where the speed changed so that nothing jumps', () => {
    const state = onShow();
    // A minute at 1, then the speed becomes 1.5: the position stays at a minute at that instant.
    const faster = setRate(state, 1.5, minute, lengthOf).state;
    expect(faster).toMatchObject({ rate: 1.5, positionMs: minute, updatedAt: minute });
    expect(progressAt(faster, minute, lengthOf)).toBe(minute);
    expect(progressAt(faster, 3 * minute, lengthOf)).toBe(minute + 3 * minute);
    // Back to 1 two minutes later: four minutes in, and on at the clock's pace from there.
    const slower = setRate(faster, 1, 3 * minute, lengthOf).state;
    expect(progressAt(slower, 3 * minute, lengthOf)).toBe(4 * minute);
    expect(progressAt(slower, 4 * minute, lengthOf)).toBe(5 * minute);
  });

  it('ends an episode sooner at a higher speed, and plays the next episode at that speed and a track at 1', () => {
    const fast = setRate(onShow(), 2, 0, lengthOf).state;
    expect(itemEndsAt(fast, lengthOf)).toBe(5 * minute);
    const second = advance(fast, 6 * minute, lengthOf);
    expect(second.plays).toEqual([{ uri: 'spotify:episode:e1', contextUri: show.uri, playedAt: 5 * minute }]);
    expect(second.state.itemUri).toBe('spotify:episode:e2');
    expect(progressAt(second.state, 6 * minute, lengthOf)).toBe(2 * minute);
    // e2 (5 minutes at 2) ends at 7.5 minutes; the track then plays at 1 though the speed is kept.
    const track = advance(second.state, 8 * minute, lengthOf).state;
    expect(track).toMatchObject({ itemUri: 'spotify:track:t', rate: 2 });
    expect(progressAt(track, 8 * minute, lengthOf)).toBe(minute / 2);
  });

  it('stands still while paused at any speed, and keeps the speed for the episode resumed', () => {
    const paused = pause(setRate(onShow(), 1.5, 0, lengthOf).state, minute, lengthOf).state;
    expect(progressAt(paused, 10 * minute, lengthOf)).toBe(1.5 * minute);
    const set = setRate(paused, 0.5, 2 * minute, lengthOf).state;
    expect(progressAt(set, 10 * minute, lengthOf)).toBe(1.5 * minute);
    const resumed = play(set, {}, 10 * minute, lengthOf).state;
    expect(progressAt(resumed, 12 * minute, lengthOf)).toBe(2.5 * minute);
  });

  it('refuses a speed for a track, and plays a state stored before there was a speed at 1', () => {
    expect(() => setRate(playing(), 1.5, 0, durationOf)).toThrow(NotAnEpisodeError);
    const { rate: _unused, ...stored } = onShow();
    expect(progressAt(stored, minute, lengthOf)).toBe(minute);
  });
});
