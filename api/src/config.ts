import { resolve } from 'node:path';
import { z } from 'zod';
import { isLoopbackHost, isPlaceholder, secretProblem } from '@graphonic/ops';
import type { OperationLimits } from './limits/limits';

/** Where the built web client lives, relative to this file: `web/dist` at the repository root. */
const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
const loopbackIps = new Set(['127.0.0.1', '[::1]']);

/** Outside production only: lets a fresh clone sign in with no set-up. */
export const developmentSessionSecret = 'graphonic-development-session-secret-not-for-production';
/** The local music service registers the api's client with this secret outside production too. */
export const developmentClientSecret = 'graphonic-development-client-secret-not-for-production';
const defaultSessionDir = resolve(import.meta.dirname, '../../.data/api/sessions');
/** Published in this repository: production refuses them as secrets. */
const developmentSecrets = [developmentSessionSecret, developmentClientSecret];
/** A window of requests, such as 150/30s, or a number for 30 s (see parseRateBudget). */
const requestsPerWindow = /^\d+(\/\d+(ms|s|m))?$/;

/**
 * Fair use (docs/decisions/024-fair-use-of-the-upstream.md): what one listener may ask of the api and of the
 * upstream, and how long what the upstream taught holds. Validated and read here alone (`fairUseOf`).
 */
const rateSyntax = /^\d+\/\d+(ms|s|m)$/;
const fairUseEnv = {
  // One listener (or one anonymous address) must not crowd out the others: every /graphql request counts.
  GRAPHQL_RATE_LIMIT: z
    .string()
    .refine(
      (raw) => raw === 'off' || (rateSyntax.test(raw) && parseRateBudget(raw) !== null),
      'expected requests per window such as 300/60s (at least 1 request and 1 ms), or off',
    )
    .default('300/60s'),
  // No listener may spend more than this share of MUSIC_RATE_BUDGET, so one cannot get the others rated.
  MUSIC_RATE_SHARE: z.coerce.number().int().min(1).max(100).default(25),
  // A learnt capability is re-learnt after this long: an upstream that changes (or a 403 of one moment) is not kept for ever.
  CAPABILITY_TTL: z.coerce.number().int().min(1).max(86_400).default(600),
  // Only these proxies may name the client's address (X-Forwarded-For), which anonymous requests are counted by.
  TRUST_PROXY: z
    .string()
    .refine(
      (raw) => parseTrustProxy(raw) !== null,
      'expected a number of hops, or addresses, subnets, loopback, linklocal or uniquelocal separated by commas',
    )
    .optional(),
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    // Outside production the published secrets and the playground are on: loopback only unless this says otherwise.
    ALLOW_REMOTE_DEVELOPMENT: z.stringbool().default(false),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    MUSIC_PROVIDER: z.enum(['local', 'spotify']).default('local'),
    MUSIC_PORT: z.coerce.number().int().min(1).max(65535).default(4100),
    MUSIC_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    MUSIC_ACCOUNTS_URL: z.url({ protocol: /^https?$/ }).optional(),
    WEB_DIST: z.string().min(1).default(defaultWebDist),
    WEB_DEV_SERVER: z.stringbool().default(false),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SESSION_SECRET: z.string().optional(),
    SESSION_DIR: z.string().min(1).default(defaultSessionDir),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    MUSIC_CLIENT_ID: z.string().min(1).default('graphonic'),
    MUSIC_CLIENT_SECRET: z.string().min(1).optional(),
    SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
    SPOTIFY_CLIENT_SECRET: z.string().min(1).optional(),
    // Operation limits (docs/errors.md): every request is measured against them before any upstream call.
    GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).default(12),
    GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).default(30),
    GRAPHQL_MAX_ROOT_FIELDS: z.coerce.number().int().min(1).default(20),
    GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(5000),
    // One unit is at most one upstream call before batching: the busiest screen (a page of 50 items, each with
    // a few linked objects) estimates at a few hundred, and 5000 units stay within about a hundred batched calls
    // (DataLoader groups up to 50 ids per call), well inside Spotify's rolling 30-second rate budget.
    GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(5000),
    GRAPHQL_INTROSPECTION: z.stringbool().optional(),
    GRAPHQL_PLAYGROUND: z.stringbool().optional(),
    // The browser's operations are all known at build time: others from a cookie session widen the attack surface.
    GRAPHQL_TRUSTED_DOCUMENTS: z.stringbool().optional(),
    // Operations (docs/decisions/008-scaled-deployment.md): shared state, logs, metrics and shutdown.
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . _ : - only, at most 64')
      .default('graphonic:'),
    CATALOG_CACHE_TTL: z.coerce.number().int().min(1).max(86_400).default(600),
    MUSIC_RATE_BUDGET: z
      .string()
      .regex(requestsPerWindow, 'expected requests per window such as 150/30s, or a number for 30 s')
      .optional(),
    // Starting a sign-in is cheap but not free (a redirect, a sealed cookie): a flood from one address gets 429.
    LOGIN_RATE_LIMIT: z
      .string()
      .regex(requestsPerWindow, 'expected sign-ins per window such as 30/1m, or a number for 30 s')
      .default('30/1m'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(300).default(10),
    ...fairUseEnv,
  })
  .superRefine((env, ctx) => {
    // The development server compiles source on request: never in production.
    if (env.WEB_DEV_SERVER && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['WEB_DEV_SERVER'], message: 'is not allowed in production' });
    }
    const production = env.NODE_ENV === 'production';
    const secrets = (env.SESSION_SECRET ?? '')
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean);
    // Signed cookies are only as strong as their secret; a development default must never reach production.
    if (production) {
      if (secrets.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
      }
      secrets.forEach((secret, index) => {
        const problem = secretProblem(secret, developmentSecrets);
        const which = secrets.length > 1 ? `secret ${index + 1} of ${secrets.length} ` : '';
        if (problem) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: `${which}${problem}` });
      });
    }
    if (env.MUSIC_PROVIDER === 'spotify') {
      for (const key of ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when MUSIC_PROVIDER=spotify' });
      }
    } else if (production && !env.MUSIC_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['MUSIC_CLIENT_SECRET'], message: 'is required in production' });
    }
    if (production) {
      // The client secret signs people in, and the metrics token guards what the service measures. (Spotify's
      // client secret is Spotify's to make, and unknown to this repository.)
      const local = env.MUSIC_PROVIDER === 'local';
      for (const [key, value] of [
        ['MUSIC_CLIENT_SECRET', local ? env.MUSIC_CLIENT_SECRET : undefined],
        ['METRICS_TOKEN', env.METRICS_TOKEN],
      ] as const) {
        const problem = value === undefined ? null : secretProblem(value, developmentSecrets);
        if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
      }
      // Redis keeps the sessions: its password may not be the one everybody can read in .env.example.
      if (env.REDIS_URL && isPlaceholder(decodeURIComponent(new URL(env.REDIS_URL).password))) {
        ctx.addIssue({
          code: 'custom',
          path: ['REDIS_URL'],
          message: 'has the placeholder password of .env.example; set REDIS_PASSWORD to a random secret of your own',
        });
      }
    }
    // Outside production anyone who reaches the api can forge a session with the published secret.
    if (!production && !env.ALLOW_REMOTE_DEVELOPMENT && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          `is ${env.HOST}, beyond this machine: outside production the api signs sessions with the published ` +
          'development secret and serves the playground, so it listens on 127.0.0.1, ::1 or localhost only. ' +
          'Run with NODE_ENV=production, or set ALLOW_REMOTE_DEVELOPMENT=true if this is meant',
      });
    }
    for (const key of ['MUSIC_RATE_BUDGET', 'LOGIN_RATE_LIMIT'] as const) {
      if (env[key] !== undefined && !parseRateBudget(env[key])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'needs at least 1 request per window, and a window of at least 1 ms',
        });
      }
    }
    if (env.PUBLIC_URL) {
      const url = new URL(env.PUBLIC_URL);
      // OAuth redirect URIs: https, or plain http to a loopback IP (Spotify refuses "localhost").
      if (url.protocol === 'http:' && !loopbackIps.has(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'must use https unless it is a loopback IP such as 127.0.0.1',
        });
      }
    }
    for (const key of ['MUSIC_API_URL', 'MUSIC_ACCOUNTS_URL'] as const) {
      const value = env[key];
      if (value === undefined) continue;
      const url = new URL(value);
      // Tokens travel on these calls: plain http is allowed only to this machine.
      if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must use https unless it points to a loopback host' });
      }
    }
  });

/** Every environment variable the api reads (the deployment's checks compare against it). */
export const apiEnvironmentVariables: readonly string[] = Object.keys(envSchema.shape);

/** `MUSIC_RATE_BUDGET`: `150/30s` (or `150`, a 30 s window) as requests per window. */
export function parseRateBudget(raw: string | undefined): { requests: number; windowMs: number } | null {
  const match = raw === undefined ? null : /^(\d+)(?:\/(\d+)(ms|s|m))?$/.exec(raw);
  if (!match) return null;
  const unit = match[3] === 'ms' ? 1 : match[3] === 'm' ? 60_000 : 1000;
  const windowMs = match[2] === undefined ? 30_000 : Number(match[2]) * unit;
  const requests = Number(match[1]);
  return requests >= 1 && windowMs >= 1 ? { requests, windowMs } : null;
}

/**
 * `TRUST_PROXY`: unset (or `false`) for none, a number of hops, or a comma-separated list of addresses,
 * subnets and the names loopback, linklocal and uniquelocal, as Express's `trust proxy` setting takes them.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every(
    (entry) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
  );
  return valid ? entries : null;
}

/** What one listener may ask of the api and the upstream (`Config.fairUse`). */
export interface FairUse {
  /** Requests to /graphql per listener (or per anonymous address) per window; null when off. */
  requestLimit: { requests: number; windowMs: number } | null;
  /** Upstream calls one listener may make per window of `rateBudget`, in percent of it. */
  listenerSharePercent: number;
  /** How long a learnt capability of the upstream holds, in milliseconds. */
  capabilityTtlMs: number;
  /** Express's `trust proxy`: who may name the client's address. */
  trustProxy: false | number | string[];
}

function fairUseOf(value: z.infer<typeof envSchema>): FairUse {
  return {
    requestLimit: value.GRAPHQL_RATE_LIMIT === 'off' ? null : parseRateBudget(value.GRAPHQL_RATE_LIMIT),
    listenerSharePercent: value.MUSIC_RATE_SHARE,
    capabilityTtlMs: value.CAPABILITY_TTL * 1000,
    trustProxy: parseTrustProxy(value.TRUST_PROXY) ?? false,
  };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  provider: 'local' | 'spotify';
  /** The music v1 API's base URL, ending in `/v1`. */
  musicApiUrl: string;
  /** The accounts service's base URL (authorize and token endpoints live under it). */
  musicAccountsUrl: string;
  /** The folder of the built web client. */
  webDist: string;
  /** Serve the web client from source with hot reload (`npm run dev`) instead of `webDist`. */
  webDevServer: boolean;
  /** Where people reach the app, without a trailing slash; the OAuth redirect URI is under it. */
  publicUrl: string;
  /** Cookie signing secrets, newest first. */
  sessionSecrets: string[];
  /** The embedded session store's folder (unused with Redis). */
  sessionDir: string;
  redisUrl: string | undefined;
  /** The api's OAuth client at the music service. */
  oauthClient: { id: string; secret: string };
  /** Prefixes every key the api keeps in Redis (sessions, the catalog cache, the rate gate). */
  redisKeyPrefix: string;
  /** How long a catalog entity stays in the cross-request cache, in milliseconds. */
  catalogCacheTtlMs: number;
  /** At most this many upstream calls per window, shared by every instance (Redis) or per process. */
  rateBudget: { requests: number; windowMs: number } | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The bearer token `/metrics` asks for; without one, it answers direct loopback connections only. */
  metricsToken: string | undefined;
  /** How long a shutdown waits for in-flight requests before it closes them, in milliseconds. */
  shutdownTimeoutMs: number;
  fairUse: FairUse;
  /** How many sign-ins one address may start per window before it gets 429. */
  loginRateLimit: { requests: number; windowMs: number };
  graphql: {
    /** Bounds checked on every operation before any resolver runs. */
    limits: OperationLimits;
    /** Whether the schema answers introspection queries (off in production unless enabled). */
    introspection: boolean;
    /** Whether the api serves the GraphQL playground (off in production unless enabled). */
    playground: boolean;
    /**
     * Whether requests without a bearer token (cookie sessions, anonymous) may run only the web build's
     * operations (`graphql-operations.json` in `webDist`); on in production unless disabled.
     */
    trustedDocuments: boolean;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and validates the environment once, at start; every bad value gets its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const value = parsed.data;
  const localBase = `http://127.0.0.1:${value.MUSIC_PORT}`;
  const upstreamDefaults =
    value.MUSIC_PROVIDER === 'spotify'
      ? { api: 'https://api.spotify.com/v1', accounts: 'https://accounts.spotify.com' }
      : { api: `${localBase}/v1`, accounts: localBase };
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    provider: value.MUSIC_PROVIDER,
    musicApiUrl: (value.MUSIC_API_URL ?? upstreamDefaults.api).replace(/\/+$/, ''),
    musicAccountsUrl: (value.MUSIC_ACCOUNTS_URL ?? upstreamDefaults.accounts).replace(/\/+$/, ''),
    webDist: value.WEB_DIST,
    webDevServer: value.WEB_DEV_SERVER,
    publicUrl: (
      value.PUBLIC_URL ?? `http://${value.HOST === '0.0.0.0' ? '127.0.0.1' : value.HOST}:${value.PORT}`
    ).replace(/\/+$/, ''),
    sessionSecrets: value.SESSION_SECRET
      ? value.SESSION_SECRET.split(',')
          .map((secret) => secret.trim())
          .filter(Boolean)
      : [developmentSessionSecret],
    sessionDir: resolve(value.SESSION_DIR),
    redisUrl: value.REDIS_URL,
    oauthClient:
      value.MUSIC_PROVIDER === 'spotify'
        ? { id: value.SPOTIFY_CLIENT_ID ?? '', secret: value.SPOTIFY_CLIENT_SECRET ?? '' }
        : { id: value.MUSIC_CLIENT_ID, secret: value.MUSIC_CLIENT_SECRET ?? developmentClientSecret },
    redisKeyPrefix: value.REDIS_KEY_PREFIX,
    catalogCacheTtlMs: value.CATALOG_CACHE_TTL * 1000,
    rateBudget: parseRateBudget(value.MUSIC_RATE_BUDGET),
    // Tests keep their output for failures; anything that needs attention still shows.
    logLevel: value.LOG_LEVEL ?? (value.NODE_ENV === 'test' ? 'warn' : 'info'),
    metricsToken: value.METRICS_TOKEN,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT * 1000,
    fairUse: fairUseOf(value),
    loginRateLimit: parseRateBudget(value.LOGIN_RATE_LIMIT) ?? { requests: 30, windowMs: 60_000 },
    graphql: {
      limits: {
        maxDepth: value.GRAPHQL_MAX_DEPTH,
        maxAliases: value.GRAPHQL_MAX_ALIASES,
        maxRootFields: value.GRAPHQL_MAX_ROOT_FIELDS,
        maxTokens: value.GRAPHQL_MAX_TOKENS,
        maxCost: value.GRAPHQL_MAX_COST,
      },
      // Production hides the schema from strangers unless an operator opts in.
      introspection: value.GRAPHQL_INTROSPECTION ?? value.NODE_ENV !== 'production',
      // The playground is a development tool; production serves it only when an operator opts in.
      playground: value.GRAPHQL_PLAYGROUND ?? value.NODE_ENV !== 'production',
      // The web client is the only browser client: in production a session runs the operations it was built with.
      trustedDocuments: value.GRAPHQL_TRUSTED_DOCUMENTS ?? value.NODE_ENV === 'production',
    },
  };
}
