import type { Database, Queryable } from '../db/types';
import { randomToken, tokenHash } from './crypto';
import type { MailMessage, Mailer } from './mail';
import { escapeHtml } from './pages';
import { lifetimes } from './service';

/** One-time sign-in links by e-mail: valid 10 minutes, stored only as hashes. */

export const signInLinkPattern = /^[A-Za-z0-9_-]{43}$/;

export function signInLinkMessage(options: { to: string; name: string; url: string }): MailMessage {
  const minutes = lifetimes.signInLinkMs / 60_000;
  return {
    to: options.to,
    subject: 'Your Graphonic sign-in link',
    text: [
      `Hi ${options.name},`,
      '',
      `Open this link within ${minutes} minutes to sign in to Graphonic. It works once.`,
      '',
      options.url,
      '',
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p>
<p>Open this link within ${minutes} minutes to sign in to Graphonic. It works once.</p>
<p><a href="${escapeHtml(options.url)}">Sign in to Graphonic</a></p>
<p>If you did not ask for it, ignore this e-mail: nobody can sign in without the link.</p>`,
  };
}

/**
 * Sends a link to the account with this e-mail address, if there is one; nothing otherwise.
 * The caller answers the same whichever happened.
 */
export async function sendSignInLink(
  db: Queryable,
  mailer: Mailer,
  options: { email: string; continueQuery: string; publicUrl: string; now: number },
): Promise<boolean> {
  const { rows } = await db.query<{ id: string; display_name: string | null; email: string }>(
    'SELECT id, display_name, email FROM users WHERE lower(email) = $1',
    [options.email],
  );
  const user = rows[0];
  if (!user) return false;
  const token = randomToken();
  await db.query(
    `INSERT INTO sign_in_links (token_hash, user_id, continue_query, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      tokenHash(token),
      user.id,
      options.continueQuery,
      new Date(options.now),
      new Date(options.now + lifetimes.signInLinkMs),
    ],
  );
  await mailer.send(
    signInLinkMessage({
      to: user.email,
      name: user.display_name ?? user.id,
      url: `${options.publicUrl}/login/email/${token}`,
    }),
  );
  return true;
}

export type LinkOutcome =
  | { ok: true; userId: string; continueQuery: string }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Uses a link: once, within its lifetime. */
export async function consumeSignInLink(
  db: Pick<Database, 'transaction'>,
  token: string,
  now: number,
): Promise<LinkOutcome> {
  if (!signInLinkPattern.test(token)) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      user_id: string;
      continue_query: string;
      expires_at: Date;
      used_at: Date | null;
    }>('SELECT user_id, continue_query, expires_at, used_at FROM sign_in_links WHERE token_hash = $1 FOR UPDATE', [
      tokenHash(token),
    ]);
    const link = rows[0];
    if (!link) return { ok: false, reason: 'unknown' } as const;
    if (link.used_at !== null) return { ok: false, reason: 'used' } as const;
    if (link.expires_at.getTime() <= now) return { ok: false, reason: 'expired' } as const;
    await tx.query('UPDATE sign_in_links SET used_at = $2 WHERE token_hash = $1', [tokenHash(token), new Date(now)]);
    return { ok: true, userId: link.user_id, continueQuery: link.continue_query } as const;
  });
}
