import type { Logger } from 'pino';
import type { Database } from '../db/types';
import type { RegisteredOrigins } from './cors';
import type { ScryptCost } from './crypto';
import { outboxMailer, smtpMailer, type Mailer } from './mail';
import { AccountSessions } from './sessions';
import { keyRotationOf, SigningKeys, type KeyRotation } from './signing-keys';

/** What the accounts service reads from the music service's configuration. */
export interface AccountsConfig {
  env: 'development' | 'production' | 'test';
  /** The issuer: where clients reach the service, without a trailing slash. */
  publicUrl: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Days between ID token signing keys (30 by default); a replaced key stays published as long again. */
  signingKeyDays?: number;
  /** scrypt's cost for passwords: new hashes get it, and older hashes of a lower cost are raised to it. */
  passwordCost: ScryptCost;
  /** `smtp://` or `smtps://`; without it, mail goes to the outbox table (outside production only). */
  smtpUrl?: string | undefined;
  /** The From of the mail the service sends. */
  mailFrom?: string | undefined;
}

export interface AccountsDeps {
  db: Database;
  config: AccountsConfig;
  /** Where errors go, with the id of the request they happened in. */
  logger: Logger;
  /** The origins allowed to call the token endpoint from a browser (made here when not shared). */
  origins?: RegisteredOrigins;
  /** The clock, in milliseconds; tests move it instead of waiting. */
  now?: () => number;
  /** Where sign-in links go; by default SMTP when configured, else the outbox. */
  mailer?: Mailer;
  /** When ID token signing keys are replaced, overriding `config.signingKeyDays` (tests use minutes). */
  keyRotation?: KeyRotation;
  /** How often expired rows are deleted, in clock milliseconds (default 10 minutes; 0 never). */
  pruneEveryMs?: number;
  /** Told of work that goes on after the answer (sending a sign-in link), so that tests can wait for it. */
  onBackgroundTask?: (task: Promise<void>) => void;
}

/** What every route of the accounts service works with, made once per router. */
export interface AccountsContext {
  db: Database;
  config: AccountsConfig;
  logger: Logger;
  now: () => number;
  /** The issuer: the configured public URL. */
  issuer: string;
  production: boolean;
  sessions: AccountSessions;
  /** The keys ID tokens are signed with, and the set `/jwks.json` publishes. */
  signingKeys: SigningKeys;
  /** Where sign-in links go; null when the service does not send them. */
  mailer: Mailer | null;
  onBackgroundTask: (task: Promise<void>) => void;
}

const defaultMailFrom = 'Graphonic <no-reply@graphonic.invalid>';

export function accountsContext(deps: AccountsDeps): AccountsContext {
  const { db, config, logger } = deps;
  const now = deps.now ?? Date.now;
  const production = config.env === 'production';
  // A production service without a mail server has nowhere to send links: it does not offer them.
  const mailer: Mailer | null =
    deps.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom ?? defaultMailFrom)
      : production
        ? null
        : outboxMailer(db, now));
  return {
    db,
    config,
    logger,
    now,
    issuer: config.publicUrl,
    production,
    sessions: new AccountSessions(db, config.publicUrl.startsWith('https:'), now),
    signingKeys: new SigningKeys(db, now, deps.keyRotation ?? keyRotationOf(config.signingKeyDays)),
    mailer,
    onBackgroundTask: (task) => deps.onBackgroundTask?.(task),
  };
}
