import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { SigningKeys, type PublicJwk } from './signing-keys';

const minute = 60_000;
const rotation = { rotateAfterMs: 60 * minute, keepPreviousMs: 30 * minute };
// Making an RSA key takes a moment, longer on a busy machine.
const keyTimeoutMs = 60_000;
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

async function sign(keys: SigningKeys): Promise<string> {
  const key = await keys.signingKey();
  return new SignJWT({ sub: 'ana' }).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.privateKey);
}

async function verifies(token: string, published: PublicJwk[]): Promise<boolean> {
  try {
    await jwtVerify(token, createLocalJWKSet({ keys: published }));
    return true;
  } catch {
    return false;
  }
}

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`ID token signing keys on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase | undefined;
    let db: Database;
    let now: number;
    const clock = () => now;

    beforeEach(async () => {
      await isolated?.dispose();
      const fresh = await engine.isolate();
      isolated = fresh;
      db = fresh.db;
      await migrate(db);
      now = Date.UTC(2026, 0, 1);
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated?.dispose();
      await engine.shutdown();
    });

    it(
      'makes a key on first use and signs with it until it is old enough to replace',
      async () => {
        const keys = new SigningKeys(db, clock, rotation);
        expect(await keys.publicKeys()).toEqual([]);
        const first = await keys.signingKey();
        now += 59 * minute;
        expect((await keys.signingKey()).kid).toBe(first.kid);
        // Another process on the same store signs with the same key instead of making its own.
        expect((await new SigningKeys(db, clock, rotation).signingKey()).kid).toBe(first.kid);
        now += 2 * minute;
        const second = await keys.signingKey();
        expect(second.kid).not.toBe(first.kid);
        const { rows } = await db.query('SELECT kid FROM signing_keys');
        expect(rows).toHaveLength(2);
      },
      keyTimeoutMs,
    );

    it(
      'keeps publishing the replaced key, so tokens signed before a rotation still verify, then drops it',
      async () => {
        const keys = new SigningKeys(db, clock, rotation);
        const before = await sign(keys);
        const first = (await keys.signingKey()).kid;
        now += 61 * minute;
        const after = await sign(keys);
        const second = (await keys.signingKey()).kid;
        const published = await keys.publicKeys();
        expect(published.map((key) => key.kid)).toEqual([second, first]);
        expect(await verifies(before, published)).toBe(true);
        expect(await verifies(after, published)).toBe(true);

        now += 31 * minute;
        const later = await keys.publicKeys();
        expect(later.map((key) => key.kid)).toEqual([second]);
        expect(await verifies(before, later)).toBe(false);
        expect(await verifies(after, later)).toBe(true);
        // The next rotation deletes what is no longer published.
        now += 60 * minute;
        await keys.signingKey();
        const { rows } = await db.query<{ kid: string }>('SELECT kid FROM signing_keys');
        expect(rows.map((row) => row.kid)).not.toContain(first);
      },
      keyTimeoutMs,
    );

    it(
      'publishes public keys only, each with its id, algorithm and use',
      async () => {
        const keys = new SigningKeys(db, clock, rotation);
        await keys.signingKey();
        const [published] = await keys.publicKeys();
        expect(published).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
        for (const member of privateMembers) expect(published).not.toHaveProperty(member);
      },
      keyTimeoutMs,
    );

    it('refuses a rotation that cannot work', () => {
      expect(() => new SigningKeys(db, clock, { rotateAfterMs: 0, keepPreviousMs: 0 })).toThrow(RangeError);
    });
  });
}
