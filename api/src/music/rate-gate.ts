/**
 * Where every upstream call waits when the upstream said "Retry-After", and where it takes its
 * place in the upstream request budget. Spotify counts its quota per developer account, so when
 * one call is told to wait, every call waits, and all calls together stay within one budget.
 * This one is per process; the shared one (./redis-rate-gate) implements the same interface for
 * several instances.
 */
export interface RateGate {
  /** Milliseconds until calls may go again (0 when open). */
  closedForMs(): Promise<number>;
  /** Closes the gate for `ms` from now (a later close never shortens an earlier one). */
  closeFor(ms: number): Promise<void>;
  /**
   * Takes one call from the request budget: 0 when it was taken, else the milliseconds until a
   * call frees up (nothing was taken; ask again then). Always 0 without a budget.
   */
  take(): Promise<number>;
}

/** At most `requests` upstream calls in any `windowMs`. */
export interface RateBudget {
  requests: number;
  windowMs: number;
}

export class LocalRateGate implements RateGate {
  private openAt = 0;
  /** When each call of the current window was sent, oldest first. */
  private readonly sent: number[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly budget: RateBudget | null = null,
  ) {}

  closedForMs(): Promise<number> {
    return Promise.resolve(Math.max(0, this.openAt - this.now()));
  }

  closeFor(ms: number): Promise<void> {
    this.openAt = Math.max(this.openAt, this.now() + ms);
    return Promise.resolve();
  }

  take(): Promise<number> {
    if (!this.budget) return Promise.resolve(0);
    const now = this.now();
    while (this.sent.length > 0 && (this.sent[0] ?? 0) <= now - this.budget.windowMs) this.sent.shift();
    if (this.sent.length < this.budget.requests) {
      this.sent.push(now);
      return Promise.resolve(0);
    }
    return Promise.resolve(Math.max(1, (this.sent[0] ?? now) + this.budget.windowMs - now));
  }
}
