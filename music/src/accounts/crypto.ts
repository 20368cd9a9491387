import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N = 2^15 (about 32 MiB and tens of milliseconds), lower only under NODE_ENV=test. */
const cost = process.env.NODE_ENV === 'test' ? { N: 1024, r: 8, p: 1 } : { N: 32768, r: 8, p: 1 };

function scryptAsync(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions & { N: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { ...options, maxmem: 128 * options.N * (options.r ?? 8) * 2 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts: the parameters travel with the hash. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random opaque token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are looked up by this hash; the token itself is never stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in constant time. */
export function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** BASE64URL(SHA256(verifier)), the PKCE S256 challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
