/**
 * Where every upstream call waits when the upstream said "Retry-After". Spotify counts its
 * quota per developer account, so when one call is told to wait, every call waits. This one
 * is per process; a shared one (Redis) implements the same interface for several instances.
 */
export interface RateGate {
  /** Milliseconds until calls may go again (0 when open). */
  closedForMs(): Promise<number>;
  /** Closes the gate for `ms` from now (a later close never shortens an earlier one). */
  closeFor(ms: number): Promise<void>;
}

export class LocalRateGate implements RateGate {
  private openAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  closedForMs(): Promise<number> {
    return Promise.resolve(Math.max(0, this.openAt - this.now()));
  }

  closeFor(ms: number): Promise<void> {
    this.openAt = Math.max(this.openAt, this.now() + ms);
    return Promise.resolve();
  }
}
