import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors';

/**
 * Test-only switches that make the local music service behave like a busy or failing upstream:
 * injected latency, a real rolling-window rate limit (429 with `Retry-After`, counted per
 * client like Spotify's quota), and a share of 5xx answers. Off by default; refused in
 * production (see `parseFaultSettings`).
 */
export interface FaultSettings {
  /** Given to every music v1 answer, in milliseconds: a fixed value or a uniform range. */
  latencyMs: { min: number; max: number } | null;
  /**
   * How the latency applies. `added`: the request waits that long before the service starts
   * on it, so its own work comes on top, and requests that arrive together are served one
   * after the other once their waits end. `total`: the service starts at once and answers when
   * that long has passed since the request arrived (later only if its work takes longer), as an
   * upstream that serves requests side by side and answers each in that time.
   */
  latencyMode: 'added' | 'total';
  /** At most `requests` per client in any `windowMs`; more get 429. */
  rateLimit: { requests: number; windowMs: number } | null;
  /** The share (0..1) of answers replaced by a 500, 502 or 503. */
  failureRate: number;
}

export const noFaults: FaultSettings = { latencyMs: null, latencyMode: 'added', rateLimit: null, failureRate: 0 };

export class FaultSettingsError extends Error {}

/**
 * Reads `MUSIC_LATENCY_MS` (`20` or `10-50`), `MUSIC_LATENCY_MODE` (`added`, the default, or
 * `total`), `MUSIC_RATE_LIMIT` (`100/30s`) and `MUSIC_FAILURE_RATE` (`0.05`).
 */
export function parseFaultSettings(env: NodeJS.ProcessEnv, production: boolean): FaultSettings {
  const settings: FaultSettings = { ...noFaults };
  const latency = env.MUSIC_LATENCY_MS?.trim();
  const rate = env.MUSIC_RATE_LIMIT?.trim();
  const failures = env.MUSIC_FAILURE_RATE?.trim();
  const mode = env.MUSIC_LATENCY_MODE?.trim();
  if (mode) {
    if (mode !== 'added' && mode !== 'total')
      throw new FaultSettingsError('MUSIC_LATENCY_MODE: expected added or total');
    settings.latencyMode = mode;
  }
  if (latency) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(latency);
    if (!match)
      throw new FaultSettingsError('MUSIC_LATENCY_MS: expected milliseconds such as 20 or a range such as 10-50');
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : Number(match[2]);
    if (max < min || max > 60_000)
      throw new FaultSettingsError('MUSIC_LATENCY_MS: the range must be ascending and at most 60000');
    settings.latencyMs = { min, max };
  }
  if (rate) {
    const match = /^(\d+)\/(\d+)(ms|s|m)$/.exec(rate);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new FaultSettingsError('MUSIC_RATE_LIMIT: expected requests per window such as 100/30s');
    }
    const unit = match[3] === 'ms' ? 1 : match[3] === 's' ? 1000 : 60_000;
    settings.rateLimit = { requests: Number(match[1]), windowMs: Number(match[2]) * unit };
  }
  if (failures) {
    const value = Number(failures);
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      throw new FaultSettingsError('MUSIC_FAILURE_RATE: expected a share between 0 and 1');
    }
    settings.failureRate = value;
  }
  const active = settings.latencyMs !== null || settings.rateLimit !== null || settings.failureRate > 0;
  // These switches exist to test clients; a production service never degrades itself on purpose.
  if (production && active) {
    throw new FaultSettingsError('MUSIC_LATENCY_MS, MUSIC_RATE_LIMIT and MUSIC_FAILURE_RATE are refused in production');
  }
  return settings;
}

export interface FaultControl {
  settings: FaultSettings;
  /** Changes the settings of a running service (tests use it between cases). */
  set(settings: Partial<FaultSettings>): void;
  /** Forgets the rate limiter's history. */
  reset(): void;
}

export interface FaultOptions {
  /** The clock, in milliseconds; tests pass their own. */
  now?: () => number;
  /** Random numbers in [0, 1); tests pass a deterministic source. */
  random?: () => number;
  /** Whom a request counts against; the client of its token by default. */
  keyOf?: (req: Request, res: Response) => string;
}

const serverErrors = [
  { status: 500, message: 'Server error.' },
  { status: 502, message: 'Bad gateway.' },
  { status: 503, message: 'Service unavailable.' },
] as const;

/** Where `arrival` notes when a request reached the service. */
const arrivedAt = Symbol('arrived at');

/** Whom a request counts against by default: the client of its token, else its address. */
function clientOrAddress(req: Request, res: Response): string {
  const auth = res.locals.auth as { clientId?: string } | undefined;
  return auth?.clientId ?? req.ip ?? 'anonymous';
}

/** The rate limiter's rolling windows: the times of each key's recent requests. */
class RateWindows {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts a request of `key` against `limit`, unless it is over the limit: then it is not
   * counted, and the answer is the seconds until it would be allowed (null when it is).
   */
  retryAfter(key: string, limit: FaultSettings['rateLimit']): number | null {
    if (!limit) return null;
    const time = this.now();
    const stamps = (this.windows.get(key) ?? []).filter((stamp) => stamp > time - limit.windowMs);
    if (stamps.length >= limit.requests) {
      this.windows.set(key, stamps);
      const oldest = stamps[0] ?? time;
      return Math.max(1, Math.ceil((oldest + limit.windowMs - time) / 1000));
    }
    stamps.push(time);
    this.windows.set(key, stamps);
    return null;
  }

  clear(): void {
    this.windows.clear();
  }
}

/** A server error in `failureRate` of the draws, else nothing. */
function drawnFailure(failureRate: number, random: () => number): ApiError | undefined {
  if (failureRate > 0 && random() < failureRate) {
    const failure = serverErrors[Math.floor(random() * serverErrors.length)] ?? serverErrors[0];
    return new ApiError(failure.status, failure.message);
  }
  return undefined;
}

/** Holds the answer's end until `due`, whenever the service finishes it. */
function holdAnswerUntil(res: Response, due: number, now: () => number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]): Response => {
    const wait = due - now();
    if (wait <= 0) end(...args);
    else setTimeout(() => end(...args), wait);
    return res;
  }) as Response['end'];
}

interface FaultState {
  control: FaultControl;
  windows: RateWindows;
  now: () => number;
  random: () => number;
  keyOf: (req: Request, res: Response) => string;
}

/** The middleware that applies the current settings to each request. */
function faultMiddleware({ control, windows, now, random, keyOf }: FaultState): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const { latencyMs, rateLimit, failureRate } = control.settings;
    // Off (always, in production): nothing to count or draw.
    if (latencyMs === null && rateLimit === null && failureRate === 0) {
      next();
      return;
    }
    const key = keyOf(req, res);
    const retryAfter = windows.retryAfter(key, control.settings.rateLimit);
    const proceed = (): void => {
      const fault =
        retryAfter !== null
          ? new ApiError(429, 'API rate limit exceeded', undefined, { 'Retry-After': String(retryAfter) })
          : drawnFailure(failureRate, random);
      if (fault) next(fault);
      else next();
    };
    if (!latencyMs) {
      proceed();
      return;
    }
    const delay = latencyMs.min + Math.floor(random() * (latencyMs.max - latencyMs.min + 1));
    if (control.settings.latencyMode === 'added') {
      setTimeout(proceed, delay);
      return;
    }
    // The answer, whatever it turns out to be, leaves once the delay has passed since arrival.
    const arrived = (res.locals as Record<symbol, unknown>)[arrivedAt];
    holdAnswerUntil(res, (typeof arrived === 'number' ? arrived : now()) + delay, now);
    proceed();
  };
}

/**
 * The middleware, the control to change its settings while it runs, and `arrival`: mounted first,
 * ahead of everything the service does for a request, it notes when the request arrived, which
 * `total` latency counts from. (Without it, the latency counts from the fault middleware.)
 */
export function createFaults(
  initial: FaultSettings,
  options: FaultOptions = {},
): { middleware: RequestHandler; arrival: RequestHandler; control: FaultControl } {
  const now = options.now ?? Date.now;
  const windows = new RateWindows(now);
  const control: FaultControl = {
    settings: { ...initial },
    set(settings) {
      control.settings = { ...control.settings, ...settings };
    },
    reset() {
      windows.clear();
    },
  };
  const random = options.random ?? Math.random;
  const keyOf = options.keyOf ?? clientOrAddress;
  const arrival = (_req: Request, res: Response, next: NextFunction): void => {
    (res.locals as Record<symbol, unknown>)[arrivedAt] = now();
    next();
  };
  return { middleware: faultMiddleware({ control, windows, now, random, keyOf }), arrival, control };
}
