import type { Queryable } from '../db/types';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword, type ScryptCost } from './crypto';
import { finishPasswordAttempt } from './limits';
import { passwordRow, setPasswordHash } from './store';

/**
 * Checks a username and password and closes the attempt begun for them: the user's id when
 * they match, else null. An unknown username costs the same time as a wrong password, and gets
 * the same answer. A hash of a lower cost than the configured one is raised to it while the
 * password is at hand (never lowered).
 */
export async function checkPassword(
  db: Queryable,
  cost: ScryptCost,
  attempt: { id: number; username: string; password: string },
): Promise<string | null> {
  const user = await passwordRow(db, attempt.username);
  const ok = user?.password_hash
    ? await verifyPassword(attempt.password, user.password_hash)
    : await verifyDummyPassword(attempt.password, cost);
  await finishPasswordAttempt(db, attempt.id, user && ok ? 'succeeded' : 'failed');
  if (!user || !ok) return null;
  if (user.password_hash && needsRehash(user.password_hash, cost)) {
    await setPasswordHash(db, user.id, await hashPassword(attempt.password, cost));
  }
  return user.id;
}
