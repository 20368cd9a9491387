import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt's cost for passwords: N = 2^15, r = 8, p = 3, one of OWASP's equivalent settings
 * (32 MiB per hash, about a tenth of a second). The service takes its cost from its
 * configuration; stored hashes carry their own parameters whatever it is.
 */
export const standardPasswordCost: ScryptCost = { N: 32768, r: 8, p: 3 };

/** A cheap cost that keeps test runs fast; configuration gives it to test runs only. */
export const testPasswordCost: ScryptCost = { N: 1024, r: 8, p: 1 };

const keyLength = 32;

function scryptAsync(secret: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; the default 32 MiB ceiling would refuse the production cost.
    scrypt(secret, salt, length, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64url): the parameters travel with the hash. */
export async function hashPassword(password: string, cost: ScryptCost = standardPasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, keyLength, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parsePasswordHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a damaged row from asking for gigabytes of memory.
  const powerOfTwo = Number.isInteger(cost.N) && cost.N >= 2 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(cost.r) || cost.r < 1 || 128 * cost.N * cost.r > 256 * 2 ** 20) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.hash.length < 16) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(key, parsed.hash);
}

/**
 * True when a stored hash should be made again, at the next sign-in, with `cost`: when `cost`
 * is higher in some parameter and lower in none. A hash is never rewritten to a lower cost,
 * whatever the configuration says (a test or misconfigured run must not weaken stored hashes).
 */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.cost;
  const noLower = cost.N >= N && cost.r >= r && cost.p >= p;
  return noLower && (cost.N > N || cost.r > r || cost.p > p);
}

/** A hash of a random password for each cost in use, made once. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as checking a real password of `cost`, for a username that does not
 * exist, so that the answer's timing does not tell whether it does.
 */
export async function verifyDummyPassword(password: string, cost: ScryptCost): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (dummy === undefined) {
    dummy = hashPassword(randomBytes(16).toString('base64url'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/**
 * Client secrets are 256-bit random strings (or a configured secret of at least 32
 * characters), so a single sha256 is enough, and the token endpoint does not spend a slow
 * KDF on every request. Older rows hashed with scrypt still verify.
 */
export function hashClientSecret(secret: string): string {
  return `sha256$${createHash('sha256').update(secret).digest('hex')}`;
}

export async function verifyClientSecret(secret: string, stored: string): Promise<boolean> {
  if (stored.startsWith('sha256$')) return sameString(hashClientSecret(secret), stored);
  if (stored.startsWith('scrypt$')) return verifyPassword(secret, stored);
  return false;
}

/** A random opaque token (256 bits, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are looked up by this hash; the token itself is never stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in constant time (hashed first, so their lengths do not leak either). */
export function sameString(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** BASE64URL(SHA256(verifier)), the PKCE S256 challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
