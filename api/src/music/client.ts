import { createHash } from 'node:crypto';
import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import type { AnswerCache, KeptAnswer } from './answer-cache';
import { codeForStatus, MusicApiError } from './errors';
import { LocalRateGate, type RateGate } from './rate-gate';

/**
 * The music v1 client: it sends every call of the resolvers and loaders to the upstream, which name
 * their calls through the typed boundary over it (./upstream: the endpoint, its parameters and its
 * answer checked against the generated description); nothing else calls `get`, `put`, `post`,
 * `delete` or `request` with a path of its own; the profile read of a sign-in goes through it too, with
 * the token just issued (../auth/routes.ts). The readiness probe asks here whether the upstream answers
 * at all (`upstreamAnswers`), and the live player's stream of events takes its address from the typed
 * boundary; the token endpoint of the sign-in service is openid-client's (../auth/). The client owns the rules:
 * https only (plain http only to a loopback host), a timeout on every attempt, `Retry-After`
 * honoured within a bounded budget and shared through the rate gate (for the app, or for the
 * listener alone: see `limitsApp`), each listener within their share of the request budget,
 * retries with backoff and jitter for calls that say they are idempotent only, one token refresh
 * and one retry on 401, and the status-to-code table (./errors). A read that says it may be reused
 * (`reuse`) is kept in the listener's part of the answer cache (./answer-cache) and asked again with
 * `If-None-Match`: a 304 answers the answer kept, parsed once.
 */

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Supplies the user's (or the app's) access token, and a fresh one after a 401. */
export interface TokenSource {
  accessToken(): Promise<string>;
  /** Refreshes and returns the new token; rejects when the session cannot be refreshed. */
  refresh(): Promise<string>;
}

export interface MusicClientOptions {
  /** The API's base URL, ending in /v1. */
  baseUrl: string;
  tokens: TokenSource;
  /** Per attempt. Default 10 s. */
  timeoutMs?: number;
  /** The longest total wait for `Retry-After` before answering RATE_LIMITED. Default 5 s. */
  rateLimitBudgetMs?: number;
  /** Retries after a 5xx or a network failure, for idempotent calls. Default 2. */
  maxRetries?: number;
  /** The first backoff; it doubles per retry, with full jitter. Default 100 ms. */
  backoffMs?: number;
  dispatcher?: Dispatcher;
  gate?: RateGate;
  /**
   * Whose share of the request budget this client's calls take, and whose pause they wait for besides
   * the app's: the signed-in listener (or the bearer token's). Absent, calls count for the app only.
   */
  listener?: string;
  /**
   * Whether a 429 answered to this client's token (with its `reason`, if any) limits the app as a whole,
   * so that every listener waits; otherwise only `listener` waits. Default: always (the app's own calls).
   */
  limitsApp?: (reason: string | undefined) => boolean;
  /** Sent upstream as X-Request-Id, to follow one request across services. */
  requestId?: string;
  /**
   * Where reads that may be reused are kept, and under whose scope: the listener's (or a third-party
   * token's) own, never shared with another. Absent, every read goes to the upstream.
   */
  answers?: { cache: AnswerCache; scope: string };
  /** Told about every attempt: for metrics, logs and counting upstream calls in tests. */
  onRequest?: (event: UpstreamRequestEvent) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** One attempt of an upstream call. */
export interface UpstreamRequestEvent {
  method: HttpMethod;
  path: string;
  status: number | 'error';
  ms: number;
  /** How many ids a multi-get asked for (its `ids` parameter); absent otherwise. */
  batchSize?: number;
  requestId?: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /**
   * Whether sending the call twice does what sending it once does, so that it may be sent again
   * after a 5xx or a timeout (whose outcome is unknown). Reads are; a write is only when its caller
   * says so: a reorder or an append would apply twice. Default: true for GET, false otherwise.
   */
  idempotent?: boolean;
  /** Whether a read may be kept and reused (GET only), and how it is known to be still right. */
  reuse?: Reuse;
}

/**
 * How a kept answer is known to be still right: always by its entity tag when it has one (sent as
 * `If-None-Match`); a page of a playlist's items answered without a tag by the playlist's snapshot
 * (`snapshot`, the one the page belongs to); and an answer that barely changes by time, used without
 * asking for `freshForMs` after it was read, with the same token.
 */
export interface Reuse {
  snapshot?: string;
  freshForMs?: number;
}

function digestOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}

const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** One keep-alive pool for every upstream call of the process. */
export const sharedDispatcher: Dispatcher = new Agent({
  keepAliveTimeout: 10_000,
  keepAliveMaxTimeout: 60_000,
  connections: 64,
  pipelining: 1,
});

/** Refuses an upstream URL that would send tokens in clear text off this machine. */
export function assertSafeBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`The music API URL "${baseUrl}" is not a URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return url;
  throw new Error(`The music API URL must use https (plain http only to a loopback host): ${url.origin}`);
}

/**
 * Whether the upstream at `baseUrl` answers at all within `timeoutMs`, whatever the status (a 401 without a token, most
 * likely). The readiness probe's question, asked without a token, on the shared pool and under the same rule for the
 * address as every call: an address that rule refuses is never asked, and counts as no answer.
 */
export async function upstreamAnswers(
  baseUrl: string,
  timeoutMs: number,
  dispatcher: Dispatcher = sharedDispatcher,
): Promise<boolean> {
  try {
    const base = assertSafeBaseUrl(baseUrl);
    const response = await fetch(new URL(`${base.pathname.replace(/\/$/, '')}/`, base), {
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function parseRetryAfter(value: string | null): number {
  if (value === null) return 1;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

interface UpstreamErrorBody {
  error?: { status?: number; message?: string; reason?: string } | string;
  error_description?: string;
}

async function readError(response: Response): Promise<{ message: string; reason?: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as UpstreamErrorBody;
    if (typeof body.error === 'object') {
      return { message: body.error.message ?? `HTTP ${response.status}`, reason: body.error.reason };
    }
    if (typeof body.error === 'string') return { message: body.error_description ?? body.error };
  } catch {
    // Not JSON: fall through to the status line.
  }
  return { message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` };
}

/** One call as it goes: what it sends, and what it has met so far. */
interface Call {
  method: HttpMethod;
  url: URL;
  operation: string;
  body: unknown;
  idempotent: boolean;
  token: string;
  /** Whether the token was refreshed already (once per call). */
  refreshed: boolean;
  /** Failures to reach the upstream, and 5xx answers, retried so far. */
  failures: number;
  /** How long the call has waited on Retry-After and the request budget. */
  rateLimitWaited: number;
  /** The entity tag of the answer kept, sent as `If-None-Match`. */
  ifNoneMatch?: string;
}

export class MusicClient {
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly rateLimitBudgetMs: number;
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly dispatcher: Dispatcher;
  private readonly gate: RateGate;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: MusicClientOptions) {
    this.base = assertSafeBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.rateLimitBudgetMs = options.rateLimitBudgetMs ?? 5_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffMs = options.backoffMs ?? 100;
    this.dispatcher = options.dispatcher ?? sharedDispatcher;
    this.gate = options.gate ?? new LocalRateGate();
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  get<T>(path: string, query?: RequestOptions['query'], reuse?: Reuse): Promise<T> {
    return this.request<T>('GET', path, reuse === undefined ? { query } : { query, reuse });
  }

  put<T = undefined>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PUT', path, options);
  }

  post<T = undefined>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, options);
  }

  delete<T = undefined>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /**
   * The absolute URL of `path` (relative to the base URL) with `query`. A `.` or `..` segment (an id
   * of "." survives encodeURIComponent) would be resolved away and name another resource: refused.
   */
  url(path: string, query: RequestOptions['query'] = {}): URL {
    if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
      throw new MusicApiError('Not a valid id.', { code: 'BAD_USER_INPUT', status: 400, operation: path });
    }
    const url = new URL(`${this.base.pathname.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, this.base);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    const call: Call = {
      method,
      url,
      operation: `${method} ${url.pathname}`,
      body: options.body,
      idempotent: options.idempotent ?? method === 'GET',
      token: await this.options.tokens.accessToken(),
      refreshed: false,
      failures: 0,
      rateLimitWaited: 0,
    };
    const answers = this.options.answers;
    if (method === 'GET' && options.reuse && answers) return this.reused<T>(call, options.reuse, answers);
    for (;;) {
      await this.awaitTurn(call);
      const response = await this.send(call);
      if (response === 'again') continue;
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        // Some endpoints answer 200 or 201 with an empty body where 204 was meant.
        return (text === '' ? undefined : JSON.parse(text)) as T;
      }
      await this.answerFailure(call, response);
    }
  }

  /** A read that may be reused: the answer kept when it is still right, else the upstream's (kept for next time). */
  private async reused<T>(call: Call, reuse: Reuse, answers: NonNullable<MusicClientOptions['answers']>): Promise<T> {
    const { cache, scope } = answers;
    const key = `${scope}\n${call.url.href}`;
    const kept = cache.get(key);
    const now = cache.now();
    if (kept) {
      if (kept.freshUntil !== undefined && kept.freshUntil > now && kept.token === digestOf(call.token)) {
        return kept.value as T;
      }
      if (kept.snapshot !== undefined && kept.snapshot === reuse.snapshot) return kept.value as T;
      call.ifNoneMatch = kept.etag;
    }
    const keep = (entry: KeptAnswer): void => {
      cache.set(key, {
        ...entry,
        ...(reuse.freshForMs === undefined
          ? {}
          : { freshUntil: cache.now() + reuse.freshForMs, token: digestOf(call.token) }),
      });
    };
    for (;;) {
      await this.awaitTurn(call);
      const response = await this.send(call);
      if (response === 'again') continue;
      if (response.status === 304 && kept && call.ifNoneMatch !== undefined) {
        await response.body?.cancel();
        keep(kept);
        return kept.value as T;
      }
      if (response.ok) {
        const text = response.status === 204 ? '' : await response.text();
        const value: unknown = text === '' ? undefined : JSON.parse(text);
        const etag = response.headers.get('etag') ?? undefined;
        const bytes = Buffer.byteLength(text);
        if (etag !== undefined) keep({ value, bytes, etag });
        else if (reuse.snapshot !== undefined) keep({ value, bytes, snapshot: reuse.snapshot });
        else if (reuse.freshForMs !== undefined) keep({ value, bytes });
        else cache.delete(key);
        return value as T;
      }
      await this.answerFailure(call, response);
    }
  }

  /** Waits `waitMs` if the call's Retry-After budget allows it; answers RATE_LIMITED with `message` otherwise. */
  private async waitWithinBudget(call: Call, waitMs: number, message: string): Promise<void> {
    if (call.rateLimitWaited + waitMs > this.rateLimitBudgetMs) {
      throw new MusicApiError(message, {
        code: 'RATE_LIMITED',
        status: 429,
        retryAfterSeconds: Math.ceil(waitMs / 1000),
        operation: call.operation,
      });
    }
    call.rateLimitWaited += waitMs;
    await this.sleep(waitMs);
  }

  /** Waits while the upstream asked to slow down, then for a place in the request budget and the listener's share. */
  private async awaitTurn(call: Call): Promise<void> {
    const listener = this.options.listener;
    const closedFor = await this.gate.closedForMs(listener);
    if (closedFor > 0) {
      await this.waitWithinBudget(call, closedFor, 'The music service asked us to slow down; try again shortly.');
    }
    // Shared by every instance; its wait counts against the same budget.
    for (let taken = await this.gate.take(listener); taken.waitMs > 0; taken = await this.gate.take(listener)) {
      await this.waitWithinBudget(
        call,
        taken.waitMs,
        taken.limit === 'listener'
          ? 'You are using your whole share of the request budget; try again shortly.'
          : 'Graphonic is using its whole request budget; try again shortly.',
      );
    }
  }

  /** Sends the call once: its response, or `again` after a failure to reach the upstream that may be retried. */
  private async send(call: Call): Promise<Response | 'again'> {
    const { method, url } = call;
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          authorization: `Bearer ${call.token}`,
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.options.requestId ? { 'x-request-id': this.options.requestId } : {}),
          // Fetch marks a conditional request `Cache-Control: no-cache` unless it has one, and a server may
          // then never answer 304 (Express does not): `max-age=0` asks to revalidate, which is what is meant.
          ...(call.ifNoneMatch === undefined
            ? {}
            : { 'if-none-match': call.ifNoneMatch, 'cache-control': 'max-age=0' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      this.report(method, url, response.status, started);
      return response;
    } catch (error) {
      this.report(method, url, 'error', started);
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (call.idempotent && call.failures < this.maxRetries) {
        call.failures += 1;
        await this.backoff(call.failures);
        return 'again';
      }
      // A write that was sent and got no answer may have been applied: the listener is told so, never sent it twice.
      const unknownOutcome = timedOut && !call.idempotent ? ' The change may or may not have been made.' : '';
      throw new MusicApiError(
        `${timedOut ? 'The music service did not answer in time.' : 'The music service cannot be reached.'}${unknownOutcome}`,
        { code: 'UPSTREAM_UNAVAILABLE', operation: call.operation },
        { cause: error },
      );
    }
  }

  /**
   * What a failed answer means: returns when the call should be sent again (a refreshed token, a Retry-After
   * within budget, a 5xx of an idempotent call), throws the error otherwise.
   */
  private async answerFailure(call: Call, response: Response): Promise<void> {
    if (response.status === 401 && !call.refreshed) {
      await response.body?.cancel();
      call.refreshed = true;
      call.token = await this.options.tokens.refresh();
      return;
    }
    if (response.status === 429) {
      const waitMs = parseRetryAfter(response.headers.get('retry-after')) * 1000;
      const { reason } = await readError(response);
      const listener = this.options.listener;
      // The app waits when the upstream limits the app; a limit of this listener's token alone holds this listener.
      const appWide = listener === undefined || (this.options.limitsApp?.(reason) ?? true);
      await this.gate.closeFor(waitMs, appWide ? undefined : listener);
      if (call.rateLimitWaited + waitMs <= this.rateLimitBudgetMs) return;
      throw new MusicApiError('The music service asked us to slow down; try again shortly.', {
        code: 'RATE_LIMITED',
        status: 429,
        reason,
        retryAfterSeconds: Math.ceil(waitMs / 1000),
        operation: call.operation,
      });
    }
    if (response.status >= 500 && call.idempotent && call.failures < this.maxRetries) {
      await response.body?.cancel();
      call.failures += 1;
      await this.backoff(call.failures);
      return;
    }
    const { message, reason } = await readError(response);
    throw new MusicApiError(message, {
      code: codeForStatus(response.status, reason),
      status: response.status,
      reason,
      operation: call.operation,
    });
  }

  private report(method: HttpMethod, url: URL, status: number | 'error', started: number): void {
    if (!this.options.onRequest) return;
    const ids = url.searchParams.get('ids');
    this.options.onRequest({
      method,
      path: url.pathname,
      status,
      ms: performance.now() - started,
      ...(ids === null ? {} : { batchSize: ids.split(',').length }),
      ...(this.options.requestId ? { requestId: this.options.requestId } : {}),
    });
  }

  private backoff(attempt: number): Promise<void> {
    // Full jitter: a random wait up to the exponential bound spreads retries of many clients.
    return this.sleep(Math.round(this.random() * this.backoffMs * 2 ** (attempt - 1)));
  }
}
