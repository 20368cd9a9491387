/**
 * What this upstream can do, learnt from its answers: whether it has multi-gets, and the other
 * features some upstreams lack (recommendations, browse …). What was learnt holds for `ttlMs`,
 * then is asked again: an upstream changes (an app gains extended quota, a service is upgraded),
 * and a refusal of one moment must not stand for ever.
 *
 * The api keeps one for the whole process, taught only by calls made with its own client's tokens
 * (signed-in listeners). A third-party client's bearer token belongs to another app, which the
 * upstream may answer differently: what its calls teach is kept for that token alone
 * (`CapabilitiesByToken`, see `createContext`).
 */

interface Learnt {
  value: boolean;
  /** When it stops holding (the clock's milliseconds). */
  until: number;
}

export interface UpstreamCapabilitiesOptions {
  /** How long a learnt answer holds. Default 10 minutes. */
  ttlMs?: number;
  now?: () => number;
}

export class UpstreamCapabilities {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private multi: Learnt | undefined;
  private readonly learnt = new Map<string, Learnt>();

  constructor(options: UpstreamCapabilitiesOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.now = options.now ?? Date.now;
  }

  /** `unknown` until a multi-get succeeded or was refused, and again once that answer expired. */
  get multiGet(): boolean | 'unknown' {
    const current = this.current(this.multi);
    if (!current) this.multi = undefined;
    return current ? current.value : 'unknown';
  }

  learnMultiGet(available: boolean): void {
    this.multi = { value: available, until: this.now() + this.ttlMs };
  }

  /**
   * Other features by name: true once the upstream served one, false once it refused it; absent
   * while unknown (never asked, or the answer expired). A new record on each read.
   */
  get features(): Record<string, boolean> {
    const features: Record<string, boolean> = {};
    for (const [name, learnt] of this.learnt) {
      if (this.current(learnt)) features[name] = learnt.value;
      else this.learnt.delete(name);
    }
    return features;
  }

  /** Whether the upstream served (true) or refused (false) `feature`; undefined while unknown. */
  feature(name: string): boolean | undefined {
    const learnt = this.learnt.get(name);
    if (!learnt) return undefined;
    if (this.current(learnt)) return learnt.value;
    this.learnt.delete(name);
    return undefined;
  }

  /** Records that the upstream served (true) or refused (false) `feature`, for `ttlMs` from now. */
  learn(name: string, available: boolean): void {
    this.learnt.set(name, { value: available, until: this.now() + this.ttlMs });
  }

  /** Whether anything learnt still holds. */
  get anyKnown(): boolean {
    return this.multiGet !== 'unknown' || Object.keys(this.features).length > 0;
  }

  private current(learnt: Learnt | undefined): Learnt | undefined {
    return learnt && learnt.until > this.now() ? learnt : undefined;
  }
}

export interface CapabilitiesByTokenOptions extends UpstreamCapabilitiesOptions {
  /** The most tokens kept; the longest unused go first. Default 10 000. */
  maxTokens?: number;
}

/**
 * What each third-party client's token taught, for that token alone: a token belongs to one app,
 * so what the upstream answered it holds for its next requests, and never for another app's.
 * Keyed by a digest of the token, never the token.
 */
export class CapabilitiesByToken {
  private readonly byToken = new Map<string, UpstreamCapabilities>();
  private readonly maxTokens: number;

  constructor(private readonly options: CapabilitiesByTokenOptions = {}) {
    this.maxTokens = options.maxTokens ?? 10_000;
  }

  /** The capabilities learnt with the token of `digest` (new ones when none are kept). */
  of(digest: string): UpstreamCapabilities {
    const known = this.byToken.get(digest) ?? new UpstreamCapabilities(this.options);
    // Moved to the end: the map's first tokens are the longest unused.
    this.byToken.delete(digest);
    this.byToken.set(digest, known);
    for (const oldest of this.byToken.keys()) {
      if (this.byToken.size <= this.maxTokens) break;
      this.byToken.delete(oldest);
    }
    return known;
  }
}
