import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadMusicConfig } from '../config';
import {
  hashClientSecret,
  hashPassword,
  needsRehash,
  pkceChallenge,
  randomToken,
  sameString,
  standardPasswordCost,
  testPasswordCost,
  tokenHash,
  verifyClientSecret,
  verifyDummyPassword,
  verifyPassword,
} from './crypto';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a salt of its own, and verifies', async () => {
    const first = await hashPassword('correct horse battery', testPasswordCost);
    const second = await hashPassword('correct horse battery', testPasswordCost);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse battery');
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('takes its cost from the validated configuration, not from the environment at import', async () => {
    expect(
      loadMusicConfig({ NODE_ENV: 'production', MUSIC_CLIENT_SECRET: randomBytes(32).toString('hex') }).passwordCost,
    ).toEqual({
      N: 32768,
      r: 8,
      p: 3,
    });
    expect(loadMusicConfig({ NODE_ENV: 'development' }).passwordCost).toEqual(standardPasswordCost);
    expect(loadMusicConfig({ NODE_ENV: 'test' }).passwordCost).toEqual(testPasswordCost);
    // Whatever NODE_ENV the process had when the module was loaded, a hash gets the cost it is given.
    vi.stubEnv('NODE_ENV', 'test');
    try {
      const standard = await hashPassword('slow and steady', standardPasswordCost);
      expect(standard).toMatch(/^scrypt\$32768\$8\$3\$/);
      expect(await verifyPassword('slow and steady', standard)).toBe(true);
      // Without a cost, the standard one: nothing is hashed cheaply by accident.
      expect(await hashPassword('slow and steady')).toMatch(/^scrypt\$32768\$8\$3\$/);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);

  it('rehashes only to a higher cost, never to a lower one', async () => {
    const cheap = await hashPassword('pass phrase', { N: 512, r: 8, p: 1 });
    expect(needsRehash(cheap, testPasswordCost)).toBe(true);
    expect(needsRehash(cheap, standardPasswordCost)).toBe(true);
    expect(needsRehash(await hashPassword('pass phrase', testPasswordCost), testPasswordCost)).toBe(false);
    expect(await verifyPassword('pass phrase', cheap)).toBe(true);
    // A hash of the standard cost, read by a service configured with the test cost: kept as it is.
    const standard = 'scrypt$32768$8$3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
    expect(needsRehash(standard, testPasswordCost)).toBe(false);
    expect(needsRehash(standard, standardPasswordCost)).toBe(false);
    // Higher in one parameter but lower in another is not higher: kept as well.
    expect(needsRehash(standard, { N: 65536, r: 8, p: 1 })).toBe(false);
    expect(needsRehash(standard, { N: 65536, r: 8, p: 3 })).toBe(true);
    expect(needsRehash('not a hash', testPasswordCost)).toBe(true);
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
    expect(await verifyDummyPassword('whatever', testPasswordCost)).toBe(false);
  });
});

describe('client secrets, tokens and PKCE', () => {
  it('hashes client secrets with sha256 and still accepts older scrypt hashes', async () => {
    const stored = hashClientSecret('s3cret');
    expect(stored).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(await verifyClientSecret('s3cret', stored)).toBe(true);
    expect(await verifyClientSecret('s3cret!', stored)).toBe(false);
    expect(await verifyClientSecret('s3cret', await hashPassword('s3cret', testPasswordCost))).toBe(true);
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
