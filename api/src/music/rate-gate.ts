/**
 * Where every upstream call waits when the upstream said "Retry-After", and where it takes its
 * place in the upstream request budget. Spotify counts its quota per app (per developer account),
 * so when the app is told to wait, every call waits, and all calls together stay within one
 * budget. Within that budget each listener has a share of its own, so that one listener cannot
 * spend it all; and a wait the upstream asked of one listener's token alone holds that listener
 * only (docs/decisions/024-fair-use-of-the-upstream.md). This one is per process; the shared one
 * (./redis-rate-gate) implements the same interface for several instances.
 */
export interface RateGate {
  /** Milliseconds until calls of `listener` (any listener, when absent) may go again: 0 when open. */
  closedForMs(listener?: string): Promise<number>;
  /**
   * Closes the gate for `ms` from now (a later close never shortens an earlier one): for every
   * listener, or for `listener` alone.
   */
  closeFor(ms: number, listener?: string): Promise<void>;
  /**
   * Takes one call from the request budget and from `listener`'s share of it: `waitMs` 0 when it
   * was taken; else the milliseconds until a call frees up (nothing was taken; ask again then),
   * and whose limit it is. Always 0 without a budget.
   */
  take(listener?: string): Promise<RateTake>;
}

/** The answer of `RateGate.take`. */
export interface RateTake {
  waitMs: number;
  /** `app`: the whole budget is spent; `listener`: this listener's share of it is. */
  limit: 'app' | 'listener';
}

/** At most `requests` upstream calls in any `windowMs`. */
export interface RateBudget {
  requests: number;
  windowMs: number;
}

/** The calls one listener may make per window: `percent` of the budget's, at least 1. */
export function listenerShare(budget: RateBudget, percent: number): number {
  return Math.max(1, Math.floor((budget.requests * Math.min(100, Math.max(1, percent))) / 100));
}

export interface LocalRateGateOptions {
  now?: () => number;
  budget?: RateBudget | null;
  /** The percentage of the budget one listener may take (100: no share of their own). Default 100. */
  listenerSharePercent?: number;
}

/** Forgets listeners whose windows are empty once per this many calls, so that memory follows the active ones. */
const sweepEvery = 1000;

export class LocalRateGate implements RateGate {
  private openAt = 0;
  private readonly now: () => number;
  private readonly budget: RateBudget | null;
  private readonly share: number;
  /** When each call of the current window was sent, oldest first. */
  private readonly sent: number[] = [];
  /** The same per listener. */
  private readonly sentBy = new Map<string, number[]>();
  /** When each listener's own pause ends. */
  private readonly openAtFor = new Map<string, number>();
  private calls = 0;

  constructor(options: LocalRateGateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.budget = options.budget ?? null;
    this.share = this.budget ? listenerShare(this.budget, options.listenerSharePercent ?? 100) : 0;
  }

  closedForMs(listener?: string): Promise<number> {
    const now = this.now();
    const own = listener === undefined ? 0 : (this.openAtFor.get(listener) ?? 0);
    if (listener !== undefined && own !== 0 && own <= now) this.openAtFor.delete(listener);
    return Promise.resolve(Math.max(0, this.openAt - now, own - now));
  }

  closeFor(ms: number, listener?: string): Promise<void> {
    this.sweep();
    const until = this.now() + ms;
    if (listener === undefined) this.openAt = Math.max(this.openAt, until);
    else this.openAtFor.set(listener, Math.max(this.openAtFor.get(listener) ?? 0, until));
    return Promise.resolve();
  }

  take(listener?: string): Promise<RateTake> {
    const budget = this.budget;
    if (!budget) return Promise.resolve({ waitMs: 0, limit: 'app' });
    const now = this.now();
    const since = now - budget.windowMs;
    this.sweep();
    prune(this.sent, since);
    // A share of the whole budget (100 %) needs no count of its own.
    const counted = listener !== undefined && this.share < budget.requests;
    const mine = counted ? (this.sentBy.get(listener) ?? []) : undefined;
    if (mine) prune(mine, since);
    const appWait = this.sent.length < budget.requests ? 0 : waitFor(this.sent, budget.windowMs, now);
    const listenerWait = !mine || mine.length < this.share ? 0 : waitFor(mine, budget.windowMs, now);
    if (appWait > 0 || listenerWait > 0) {
      return Promise.resolve({
        waitMs: Math.max(appWait, listenerWait),
        limit: listenerWait > 0 ? 'listener' : 'app',
      });
    }
    this.sent.push(now);
    if (mine && counted) {
      mine.push(now);
      this.sentBy.set(listener, mine);
    }
    return Promise.resolve({ waitMs: 0, limit: 'app' });
  }

  private sweep(): void {
    this.calls += 1;
    if (this.calls % sweepEvery !== 0) return;
    const now = this.now();
    const since = now - (this.budget?.windowMs ?? 0);
    for (const [listener, stamps] of this.sentBy) {
      prune(stamps, since);
      if (stamps.length === 0) this.sentBy.delete(listener);
    }
    for (const [listener, until] of this.openAtFor) if (until <= now) this.openAtFor.delete(listener);
  }
}

/** Drops the stamps at or before `since` (they have left the window). */
function prune(stamps: number[], since: number): void {
  let gone = 0;
  while (gone < stamps.length && (stamps[gone] ?? 0) <= since) gone += 1;
  if (gone > 0) stamps.splice(0, gone);
}

/** Until the oldest stamp leaves the window: at least 1 ms. */
function waitFor(stamps: readonly number[], windowMs: number, now: number): number {
  return Math.max(1, (stamps[0] ?? now) + windowMs - now);
}
