import { resolve } from 'node:path';
import { z } from 'zod';
import { standardPasswordCost, testPasswordCost, type ScryptCost } from './accounts/crypto';
import { redirectUriProblem } from './accounts/redirect-uris';
import { secretSettingProblems } from './config-secrets';
import { audioRatePattern, audioSettings, type AudioSettings } from './audio/settings';
import { FaultSettingsError, parseFaultSettings, type FaultSettings } from './http/faults';
import type { Profile } from './http/profile';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MUSIC_HOST: z.string().min(1).default('127.0.0.1'),
  // Outside production the demo account and the mail outbox are on: loopback only unless this says otherwise.
  ALLOW_REMOTE_DEVELOPMENT: z.stringbool().default(false),
  MUSIC_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  MUSIC_DATA_DIR: z
    .string()
    .min(1)
    .default(resolve(import.meta.dirname, '../../.data/music')),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MUSIC_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  MUSIC_ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
  // The age at which the ID token signing key is replaced; the replaced key stays published as long again.
  MUSIC_SIGNING_KEY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MUSIC_CLIENT_ID: z.string().min(1).default('graphonic'),
  MUSIC_CLIENT_SECRET: z.string().min(1).optional(),
  MUSIC_CLIENT_REDIRECT_URIS: z.string().min(1).default('http://127.0.0.1:4000/auth/callback'),
  MUSIC_PROFILE: z.enum(['full', 'development']).default('full'),
  // Outside production: how many demo listeners to create (demo, demo2, …), e.g. one per browser-test worker.
  MUSIC_DEMO_LISTENERS: z.coerce.number().int().min(1).max(16).default(1),
  MUSIC_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MUSIC_MAIL_FROM: z.string().min(3).default('Graphonic <no-reply@graphonic.invalid>'),
  MUSIC_TRUST_PROXY: z.string().optional(),
  // Operations: the same names and meanings as the api's.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(300).default(10),
  // Audio: render threads (every core but one by default), their queue, the cache, each address's share.
  MUSIC_AUDIO_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  MUSIC_AUDIO_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  MUSIC_AUDIO_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  MUSIC_AUDIO_RATE_LIMIT: z
    .string()
    .regex(audioRatePattern, 'expected requests per window such as 60/30s')
    .default('60/30s'),
  // Player: how long a device a client registered lasts without being seen (kept alive, or named in a command).
  MUSIC_DEVICE_TTL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(25_000),
});

/** Every environment variable the service reads (the deployment's checks compare against it). */
export const musicEnvironmentVariables: readonly string[] = [
  ...Object.keys(envSchema.shape),
  // Read by parseFaultSettings.
  'MUSIC_LATENCY_MS',
  'MUSIC_LATENCY_MODE',
  'MUSIC_RATE_LIMIT',
  'MUSIC_FAILURE_RATE',
];

/**
 * `MUSIC_TRUST_PROXY`: which proxies may say who the client is (X-Forwarded-For): unset for
 * none, a number of hops, or a comma-separated list of addresses, subnets and the names
 * loopback, linklocal and uniquelocal. Express's `trust proxy` setting takes each form.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] | null {
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'false') return false;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const entries = raw.split(',').map((entry) => entry.trim());
  const valid = entries.every(
    (entry) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
  );
  return valid ? entries : null;
}

/** Outside production only, so that a fresh clone signs in with no set-up; the api uses the same default. */
export const developmentClientSecret = 'graphonic-development-client-secret-not-for-production';

export interface MusicConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the embedded database keeps its files (unused when `databaseUrl` is set). */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Where clients reach the service, without a trailing slash: the issuer, and the base of every URL it sends. */
  publicUrl: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Days between ID token signing keys; a replaced key stays published as long again. */
  signingKeyDays: number;
  /** scrypt's cost for the passwords the service hashes (a stored hash keeps its own). */
  passwordCost: ScryptCost;
  /** Outside production, the demo listeners to create: `demo`, `demo2`… (see demoListenerIds). */
  demoListeners: number;
  /** The api's OAuth client, registered at start. */
  client: { id: string; secret: string; redirectUris: string[] };
  /** The SMTP server sign-in links go through; without one they go to the outbox, and production offers none. */
  smtpUrl: string | undefined;
  /** The From of the service's e-mail. */
  mailFrom: string;
  /** `development` answers like Spotify answers a development-mode app (for testing clients). */
  profile: Profile;
  /** Injected latency, rate limit and failures (for testing clients). */
  faults: FaultSettings;
  /** Proxies trusted to name the client's address (see parseTrustProxy). */
  trustProxy: false | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The bearer token `/metrics` asks for; without one, it answers direct loopback connections only. */
  metricsToken: string | undefined;
  /** How long a shutdown waits for in-flight requests before it closes them, in milliseconds. */
  shutdownTimeoutMs: number;
  /** Render threads, their queue, the rendered-audio cache and the per-address limit of `/audio`. */
  audio: AudioSettings;
  /** How long a client-registered playback device lasts unseen before it lapses, in milliseconds. */
  deviceTtlMs: number;
}

export class MusicConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'MusicConfigError';
  }
}

/** Parses and validates the environment once, at start; every bad value gets its own line. */
export function loadMusicConfig(env: NodeJS.ProcessEnv = process.env): MusicConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new MusicConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const value = parsed.data;
  // Production never runs on a published or placeholder secret, nor development beyond loopback (config-secrets.ts).
  const problems = secretSettingProblems(value, developmentClientSecret);
  const redirectUris = value.MUSIC_CLIENT_REDIRECT_URIS.split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  if (redirectUris.length === 0) problems.push('MUSIC_CLIENT_REDIRECT_URIS: needs at least one URI');
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) problems.push(`MUSIC_CLIENT_REDIRECT_URIS: ${problem}`);
  }
  const production = value.NODE_ENV === 'production';
  // Test switches: a production service never degrades itself on purpose.
  if (production && value.MUSIC_PROFILE !== 'full')
    problems.push('MUSIC_PROFILE: only "full" is allowed in production');
  let faults: FaultSettings | undefined;
  try {
    faults = parseFaultSettings(env, production);
  } catch (error) {
    if (!(error instanceof FaultSettingsError)) throw error;
    problems.push(error.message);
  }
  const trustProxy = parseTrustProxy(value.MUSIC_TRUST_PROXY);
  if (trustProxy === null) {
    problems.push(
      'MUSIC_TRUST_PROXY: a number of hops, or addresses, subnets, loopback, linklocal or uniquelocal separated by commas',
    );
  }
  if (problems.length > 0 || !faults || trustProxy === null) throw new MusicConfigError(problems);
  const host = value.MUSIC_HOST === '0.0.0.0' ? '127.0.0.1' : value.MUSIC_HOST;
  return {
    env: value.NODE_ENV,
    host: value.MUSIC_HOST,
    port: value.MUSIC_PORT,
    dataDir: resolve(value.MUSIC_DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    publicUrl: (value.MUSIC_PUBLIC_URL ?? `http://${host}:${value.MUSIC_PORT}`).replace(/\/+$/, ''),
    accessTokenTtl: value.MUSIC_ACCESS_TOKEN_TTL,
    signingKeyDays: value.MUSIC_SIGNING_KEY_DAYS,
    // Test runs hash cheaply to stay fast; a stored hash is never rewritten to a lower cost.
    passwordCost: value.NODE_ENV === 'test' ? testPasswordCost : standardPasswordCost,
    demoListeners: value.MUSIC_DEMO_LISTENERS,
    client: {
      id: value.MUSIC_CLIENT_ID,
      secret: value.MUSIC_CLIENT_SECRET ?? developmentClientSecret,
      redirectUris,
    },
    profile: value.MUSIC_PROFILE,
    faults,
    smtpUrl: value.MUSIC_SMTP_URL,
    mailFrom: value.MUSIC_MAIL_FROM,
    trustProxy,
    // Tests keep their output for failures; anything that needs attention still shows.
    logLevel: value.LOG_LEVEL ?? (value.NODE_ENV === 'test' ? 'warn' : 'info'),
    metricsToken: value.METRICS_TOKEN,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT * 1000,
    audio: audioSettings(value),
    deviceTtlMs: value.MUSIC_DEVICE_TTL_MS,
  };
}
