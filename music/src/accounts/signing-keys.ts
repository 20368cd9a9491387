import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { SigningKeyRow } from '../db/rows';
import type { Database, Queryable } from '../db/types';

/**
 * The keys ID tokens are signed with: RS256, kept in the store so that every process of the
 * service signs with the same key and publishes the same set. The newest key signs; after
 * `rotateAfterMs` the next signature makes a new one, and the key it replaced stays published
 * for `keepPreviousMs` more, so that tokens signed before the rotation still verify.
 */

export const idTokenAlgorithm = 'RS256';

export interface KeyRotation {
  /** The age at which the current key is replaced. */
  rotateAfterMs: number;
  /** How long a replaced key stays published after its successor was made. */
  keepPreviousMs: number;
}

const day = 24 * 60 * 60 * 1000;

/** A key a month, and the previous one published for another month. */
export const defaultKeyRotation: KeyRotation = { rotateAfterMs: 30 * day, keepPreviousMs: 30 * day };

/** The rotation for `days` of configuration (`MUSIC_SIGNING_KEY_DAYS`): a new key every `days`, the previous kept as long. */
export function keyRotationOf(days: number | undefined): KeyRotation {
  if (days === undefined) return defaultKeyRotation;
  return { rotateAfterMs: days * day, keepPreviousMs: days * day };
}

/**
 * Makes the signing key now if there is none or it is due, as the service does at start: an RSA
 * key takes a moment, better spent there than during someone's sign-in.
 */
export async function prepareSigningKey(db: Database, signingKeyDays: number | undefined): Promise<void> {
  await new SigningKeys(db, Date.now, keyRotationOf(signingKeyDays)).signingKey();
}

/** The current key, ready to sign; its private half stays in this process and the store. */
export interface SigningKey {
  kid: string;
  alg: typeof idTokenAlgorithm;
  privateKey: CryptoKey;
  createdAt: Date;
}

/** A public key as `/jwks.json` publishes it. */
export interface PublicJwk extends JWK {
  kid: string;
  alg: string;
  use: 'sig';
}

type PublishedRow = Pick<SigningKeyRow, 'kid' | 'public_jwk' | 'created_at'>;

// Makers of new keys take this lock, so that processes starting together do not each make one.
const rotationLock = "SELECT pg_advisory_xact_lock(1869178979, hashtext('signing_keys'))";

/** The published keys among `rows` (newest first): the newest, and each whose successor is younger than `keepPreviousMs`. */
function stillPublished<T extends Pick<SigningKeyRow, 'created_at'>>(
  rows: readonly T[],
  now: number,
  keep: number,
): T[] {
  return rows.filter((_row, index) => {
    const successor = rows[index - 1];
    return successor === undefined || successor.created_at.getTime() > now - keep;
  });
}

export class SigningKeys {
  private current: SigningKey | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly rotation: KeyRotation = defaultKeyRotation,
  ) {
    if (!(rotation.rotateAfterMs > 0) || !(rotation.keepPreviousMs >= 0)) {
      throw new RangeError('Key rotation needs a positive age and a non-negative time to keep the previous key.');
    }
  }

  /** The key to sign with now: the newest, or a new one when the newest is too old (or there is none). */
  async signingKey(): Promise<SigningKey> {
    const now = this.now();
    if (this.current && this.current.createdAt.getTime() > now - this.rotation.rotateAfterMs) return this.current;
    const row = await this.db.transaction(async (tx) => {
      await tx.query(rotationLock);
      const newest = await newestKey(tx);
      if (newest && newest.created_at.getTime() > now - this.rotation.rotateAfterMs) return newest;
      const made = await insertNewKey(tx, now);
      await pruneKeys(tx, now, this.rotation.keepPreviousMs);
      return made;
    });
    this.current = {
      kid: row.kid,
      alg: idTokenAlgorithm,
      privateKey: (await importJWK(row.private_jwk, idTokenAlgorithm)) as CryptoKey,
      createdAt: row.created_at,
    };
    return this.current;
  }

  /** The public keys to publish: the current one and the previous ones still kept, newest first. */
  async publicKeys(): Promise<PublicJwk[]> {
    // Only the public column is read: nothing here can put a private key in an answer.
    const { rows } = await this.db.query<PublishedRow>(
      'SELECT kid, public_jwk, created_at FROM signing_keys ORDER BY created_at DESC, kid',
    );
    return stillPublished(rows, this.now(), this.rotation.keepPreviousMs).map((row) => ({
      ...(row.public_jwk as JWK),
      kid: row.kid,
      alg: idTokenAlgorithm,
      use: 'sig',
    }));
  }
}

async function newestKey(db: Queryable): Promise<SigningKeyRow | undefined> {
  const { rows } = await db.query<SigningKeyRow>(
    'SELECT kid, alg, public_jwk, private_jwk, created_at FROM signing_keys ORDER BY created_at DESC, kid LIMIT 1',
  );
  return rows[0];
}

async function insertNewKey(db: Queryable, now: number): Promise<SigningKeyRow> {
  const pair = await generateKeyPair(idTokenAlgorithm, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const row: SigningKeyRow = {
    kid,
    alg: idTokenAlgorithm,
    public_jwk: publicJwk,
    private_jwk: privateJwk,
    created_at: new Date(now),
  };
  await db.query(
    'INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk, created_at) VALUES ($1, $2, $3, $4, $5)',
    [row.kid, row.alg, JSON.stringify(publicJwk), JSON.stringify(privateJwk), row.created_at],
  );
  return row;
}

/** Deletes the keys no longer published: nothing signed with them is accepted any more. */
async function pruneKeys(db: Queryable, now: number, keepPreviousMs: number): Promise<void> {
  const { rows } = await db.query<Pick<SigningKeyRow, 'kid' | 'created_at'>>(
    'SELECT kid, created_at FROM signing_keys ORDER BY created_at DESC, kid',
  );
  const kept = new Set(stillPublished(rows, now, keepPreviousMs).map((row) => row.kid));
  const gone = rows.filter((row) => !kept.has(row.kid)).map((row) => row.kid);
  if (gone.length > 0) await db.query('DELETE FROM signing_keys WHERE kid = ANY($1)', [gone]);
}
