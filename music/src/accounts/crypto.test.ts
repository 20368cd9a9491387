import { describe, expect, it, vi } from 'vitest';
import {
  hashClientSecret,
  hashPassword,
  needsRehash,
  passwordCost,
  pkceChallenge,
  randomToken,
  sameString,
  tokenHash,
  verifyClientSecret,
  verifyDummyPassword,
  verifyPassword,
} from './crypto';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a salt of its own, and verifies', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse battery');
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('uses the proper cost outside tests: N = 2^15, r = 8, p = 3', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    try {
      const production = await import('./crypto');
      expect(production.passwordCost).toEqual({ N: 32768, r: 8, p: 3 });
      // A production hash verifies wherever it is read, whatever the reader's own cost.
      const hash = await production.hashPassword('slow and steady');
      expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
      expect(await verifyPassword('slow and steady', hash)).toBe(true);
      expect(needsRehash(hash, production.passwordCost)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
    expect(passwordCost).toEqual({ N: 1024, r: 8, p: 1 });
  });

  it('asks for a rehash when the parameters changed', async () => {
    const old = await hashPassword('pass phrase', { N: 512, r: 8, p: 1 });
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('pass phrase'))).toBe(false);
    expect(await verifyPassword('pass phrase', old)).toBe(true);
  });

  it('refuses damaged or unreasonable hashes instead of running them', async () => {
    for (const stored of [
      '',
      'plain text',
      'scrypt$1000$8$1$c2FsdA$aGFzaA',
      'scrypt$1048576$64$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA',
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('spends a verification on unknown users and always says no', async () => {
    expect(await verifyDummyPassword('whatever')).toBe(false);
  });
});

describe('client secrets, tokens and PKCE', () => {
  it('hashes client secrets with sha256 and still accepts older scrypt hashes', async () => {
    const stored = hashClientSecret('s3cret');
    expect(stored).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(await verifyClientSecret('s3cret', stored)).toBe(true);
    expect(await verifyClientSecret('s3cret!', stored)).toBe(false);
    expect(await verifyClientSecret('s3cret', await hashPassword('s3cret'))).toBe(true);
    expect(await verifyClientSecret('s3cret', 'md5$whatever')).toBe(false);
  });

  it('makes 256-bit opaque tokens and looks them up by sha256', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares strings in constant time, whatever their lengths', () => {
    expect(sameString('abc', 'abc')).toBe(true);
    expect(sameString('abc', 'abd')).toBe(false);
    expect(sameString('abc', 'abcd')).toBe(false);
  });

  it('computes the S256 challenge of RFC 7636, appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
