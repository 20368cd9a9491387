import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { accessTokenHash, issueIdToken, readIdTokenHint, userClaims } from './id-token';
import { createUser } from './service';
import { SigningKeys } from './signing-keys';

const issuer = 'http://127.0.0.1:4100';

describe('at_hash', () => {
  it('is the left half of the SHA-256 of the access token (the example of OpenID Connect Core A.3)', () => {
    expect(accessTokenHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y')).toBe('77QmUPtjPfzWtF2AnpK9RQ');
  });
});

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`ID tokens on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let keys: SigningKeys;
    const now = Date.UTC(2026, 5, 1, 12);

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      await createUser(isolated.db, { id: 'ana', email: 'ana@example.org', displayName: 'Ana' });
      await createUser(isolated.db, { id: 'bo' });
      keys = new SigningKeys(isolated.db, () => now);
      // Made here, where slowness is allowed for: an RSA key takes a moment on a busy machine.
      await keys.signingKey();
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated.dispose();
      await engine.shutdown();
    });

    const input = {
      issuer,
      clientId: 'web',
      userId: 'ana',
      nonce: 'n-0S6_WzA2Mj',
      authTime: new Date(now - 60_000),
      accessToken: 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y',
      now,
    };

    it('carries who, for whom, when, the nonce and the access token hash, signed with the current key', async () => {
      const token = await issueIdToken(isolated.db, keys, { ...input, scopes: ['openid'] });
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: (await keys.signingKey()).kid, typ: 'JWT' });
      expect(decodeJwt(token)).toEqual({
        iss: issuer,
        sub: 'ana',
        aud: 'web',
        iat: now / 1000,
        exp: now / 1000 + 600,
        auth_time: now / 1000 - 60,
        nonce: 'n-0S6_WzA2Mj',
        at_hash: '77QmUPtjPfzWtF2AnpK9RQ',
      });
    });

    it('adds the claims of profile and email only when granted, and no e-mail the user has not got', async () => {
      expect(await userClaims(isolated.db, 'ana', ['openid'])).toEqual({});
      expect(await userClaims(isolated.db, 'ana', ['openid', 'profile'])).toEqual({
        name: 'Ana',
        preferred_username: 'ana',
      });
      expect(await userClaims(isolated.db, 'ana', ['openid', 'email', 'user-read-email'])).toEqual({
        email: 'ana@example.org',
      });
      expect(await userClaims(isolated.db, 'bo', ['openid', 'email'])).toEqual({});
      expect(await userClaims(isolated.db, 'nobody', ['openid', 'profile'])).toEqual({});
    });

    it(
      'reads its own ID tokens as sign-out hints, expired ones too, and nothing else',
      async () => {
        const token = await issueIdToken(isolated.db, keys, { ...input, scopes: ['openid'], now: now - 86_400_000 });
        expect(await readIdTokenHint(keys, issuer, token)).toEqual({ userId: 'ana', clientId: 'web' });
        expect(await readIdTokenHint(keys, 'https://elsewhere.example', token)).toBeNull();
        expect(await readIdTokenHint(keys, issuer, 'not.a.token')).toBeNull();
        const [header, payload, signature = ''] = token.split('.');
        const tampered = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
        expect(await readIdTokenHint(keys, issuer, tampered)).toBeNull();
        // The same claims and key id, signed with a key that is not ours.
        const stranger = await generateKeyPair('RS256');
        const forged = await new SignJWT(decodeJwt(token))
          .setProtectedHeader({ alg: 'RS256', kid: (await keys.signingKey()).kid })
          .sign(stranger.privateKey);
        expect(await readIdTokenHint(keys, issuer, forged)).toBeNull();
        const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
        expect(await readIdTokenHint(keys, issuer, unsigned)).toBeNull();
      },
      OPEN_TIMEOUT_MS,
    );
  });
}
