/** Where playback was when the state arrived, by the browser's monotonic clock. */
export interface Clock {
  progressMs: number;
  /** `performance.now()` when the state arrived. */
  at: number;
  isPlaying: boolean;
  /** How fast the position moves against the clock: an episode's playback speed (1 when absent). */
  speed?: number;
}

/** Playback's position at `now`: moved on by the time since the state arrived, at its speed, while it plays. */
export function positionAt(clock: Clock, now: number): number {
  return clock.isPlaying ? clock.progressMs + Math.max(0, now - clock.at) * (clock.speed ?? 1) : clock.progressMs;
}

/** A position within an item of `durationMs`: never negative, never past its end. */
export function clampPosition(positionMs: number, durationMs: number): number {
  return Math.min(Math.max(0, positionMs), Math.max(0, durationMs));
}

/** What tells one reading of the music service's clock from another. */
export interface ClockReading {
  isPlaying: boolean;
  progressMs?: number | null;
  timestamp?: unknown;
  playbackSpeed?: number;
  item?: { uri?: string | null } | null;
}

/** How many readings keep their arrival: a rolled-back optimistic state finds its reading again. */
const keptReadings = 16;

/** Tells when a reading of the clock was first seen (`performance.now()` unless told); one per player. */
export type Arrivals = (state: ClockReading, now?: number) => number;

/**
 * Records the moment each reading of the clock was first seen. A state that differs from an earlier
 * one only elsewhere (its item was saved to the library, say) is the same reading and keeps its
 * arrival: were it taken for new, the position would jump back to its `progressMs`.
 */
export function createArrivals(): Arrivals {
  // Oldest first.
  const arrivals = new Map<string, number>();
  return (state, now = performance.now()) => {
    const key = JSON.stringify([
      state.item?.uri ?? null,
      state.progressMs ?? null,
      state.timestamp ?? null,
      state.isPlaying,
      state.playbackSpeed ?? 1,
    ]);
    let at = arrivals.get(key);
    if (at === undefined) {
      at = now;
      arrivals.set(key, at);
      for (const oldest of arrivals.keys()) {
        if (arrivals.size <= keptReadings) break;
        arrivals.delete(oldest);
      }
    }
    return at;
  };
}
