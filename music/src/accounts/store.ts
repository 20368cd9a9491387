import type { UserRow } from '../db/rows';
import type { Queryable } from '../db/types';

/**
 * The sign-in pages' SQL about users: their names and password hashes. Tokens, codes, consents,
 * links and attempts have their statements in their own modules (oauth, authorize,
 * email-links, limits, sessions); the routes decide what to run.
 */

/** A user as a password sign-in reads them. */
export type PasswordRow = Pick<UserRow, 'id' | 'password_hash'>;

/** The name a page greets a user by: their display name, or their id when they have none. */
export async function displayName(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<Pick<UserRow, 'display_name'>>('SELECT display_name FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.display_name ?? userId;
}

/** The user of a username and their password hash (null without a password); undefined when unknown. */
export async function passwordRow(db: Queryable, username: string): Promise<PasswordRow | undefined> {
  const { rows } = await db.query<PasswordRow>('SELECT id, password_hash FROM users WHERE id = $1', [username]);
  return rows[0];
}

/** Replaces a user's password hash. */
export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}
