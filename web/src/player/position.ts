/** Where playback was when the state arrived, by the browser's monotonic clock. */
export interface Clock {
  progressMs: number;
  /** `performance.now()` when the state arrived. */
  at: number;
  isPlaying: boolean;
}

/** Playback's position at `now`: moved on by the time since the state arrived while it plays. */
export function positionAt(clock: Clock, now: number): number {
  return clock.isPlaying ? clock.progressMs + Math.max(0, now - clock.at) : clock.progressMs;
}

/** A position within an item of `durationMs`: never negative, never past its end. */
export function clampPosition(positionMs: number, durationMs: number): number {
  return Math.min(Math.max(0, positionMs), Math.max(0, durationMs));
}

/** When each state object was first seen: Apollo hands out a new object exactly when the data changed. */
const arrivals = new WeakMap<object, number>();

/** The moment (`performance.now()`) a state was first seen; the first call for a state records it. */
export function arrivalOf(state: object): number {
  let at = arrivals.get(state);
  if (at === undefined) {
    at = performance.now();
    arrivals.set(state, at);
  }
  return at;
}
