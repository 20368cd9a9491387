import { describe, expect, it } from 'vitest';
import { PlayerEvents, type Refresh } from './events';

/** A promise with its resolve, to hold a read open until the test lets it go. */
interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the player events hub', () => {
  it('reads once on subscribing, and again after a change, never two reads of one stream at once', async () => {
    const events = new PlayerEvents({ now: () => 1000 });
    let reading = 0;
    let most = 0;
    const reads: number[] = [];
    const held: Gate[] = [];
    const refresh: Refresh = async (nextId) => {
      reading += 1;
      most = Math.max(most, reading);
      const hold = gate();
      held.push(hold);
      await hold.promise;
      reads.push(nextId());
      reading -= 1;
      return null;
    };
    events.subscribe('ann', { refresh, end: () => undefined });
    expect(held).toHaveLength(1);
    // Three changes while the first read is under way ask for one more read, after it.
    events.changed('ann');
    events.changed('ann');
    events.changed('ann');
    expect(held).toHaveLength(1);
    held[0]?.open();
    await settle();
    expect(held).toHaveLength(2);
    held[1]?.open();
    await settle();
    expect(held).toHaveLength(2);
    expect(most).toBe(1);
    // Ids grow: the clock's milliseconds, or one more than the last.
    expect(reads).toEqual([1000, 1001]);
    // Another listener's change reads nothing here.
    events.changed('bob');
    await settle();
    expect(held).toHaveLength(2);
  });

  it('refuses a stream beyond the most one listener may hold, and takes one again once a stream closes', () => {
    const events = new PlayerEvents({ now: () => 0, maxStreamsPerUser: 2 });
    const handlers = { refresh: () => Promise.resolve(null), end: () => undefined };
    const first = events.subscribe('ann', handlers);
    events.subscribe('ann', handlers);
    expect(events.refusal('ann')).toBe('full');
    expect(() => events.subscribe('ann', handlers)).toThrow(/full/);
    expect(events.refusal('bob')).toBeNull();
    first.close();
    expect(events.refusal('ann')).toBeNull();
    expect(events.openStreams).toBe(1);
  });

  it('reads again when the next change is due by time, on the service clock', async () => {
    let clock = 50_000;
    const events = new PlayerEvents({ now: () => clock });
    let reads = 0;
    const read = gate();
    events.subscribe('ann', {
      refresh: () => {
        reads += 1;
        if (reads === 2) read.open();
        // Due 30 ms from now, on a clock far from the real one.
        return Promise.resolve(reads === 1 ? clock + 30 : null);
      },
      end: () => undefined,
    });
    clock += 10;
    const started = performance.now();
    await read.promise;
    expect(reads).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('ends every stream and stops its timer on close, and opens no more', async () => {
    const events = new PlayerEvents({ now: () => 0 });
    const ended: string[] = [];
    let reads = 0;
    for (const name of ['one', 'two']) {
      events.subscribe('ann', {
        refresh: () => {
          reads += 1;
          return Promise.resolve(20);
        },
        end: () => ended.push(name),
      });
    }
    await settle();
    events.close();
    expect(ended).toEqual(['one', 'two']);
    expect(events.refusal('ann')).toBe('closing');
    expect(events.openStreams).toBe(0);
    const before = reads;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads).toBe(before);
  });

  it('ends a stream whose read fails, and says why', async () => {
    const failures: unknown[] = [];
    const events = new PlayerEvents({ now: () => 0, onError: (error) => failures.push(error) });
    let ended = false;
    events.subscribe('ann', {
      refresh: () => Promise.reject(new Error('the store is gone')),
      end: () => {
        ended = true;
      },
    });
    await settle();
    expect(ended).toBe(true);
    expect(failures).toEqual([new Error('the store is gone')]);
    expect(events.openStreams).toBe(0);
  });
});
