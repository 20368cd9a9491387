import { beforeAll, expect, it } from 'vitest';
import { describeGraphql } from '../../../api/src/__fixtures__/graphql';
import { testPasswordCost } from '../../../music/src/accounts/crypto';
import { createClient, createUser } from '../../../music/src/accounts/service';
import { Browser, field } from '../../../music/src/accounts/testing';
import { createGraphonicClient } from './client';
import { DeviceSignInError, signInWithDevice, type DeviceCode } from './device-sign-in';
import { printListener } from './main';
import { scopes } from './sign-in';

const password = 'correct horse battery';
let clientId = '';
let listeners = 0;

describeGraphql(
  'signing in by device code',
  (fixture) => {
    beforeAll(async () => {
      clientId = (
        await createClient(fixture.db, { name: 'Example CLI', redirectUris: [], confidential: false, device: true })
      ).clientId;
    });

    async function newListener(): Promise<string> {
      listeners += 1;
      const id = `device${String(listeners)}`;
      await createUser(
        fixture.db,
        { id, password, displayName: `Device Listener ${String(listeners)}` },
        { passwordCost: testPasswordCost },
      );
      return id;
    }

    /** The listener at a browser: opens the link, confirms the code, signs in, and answers. */
    async function answer(code: DeviceCode, username: string, decision: 'allow' | 'deny'): Promise<void> {
      const browser = new Browser(fixture.musicUrl);
      const form = await (await browser.get(code.verificationUriComplete ?? '')).text();
      const signIn = await (
        await browser.post('/device', { csrf: field(form, 'csrf'), user_code: code.userCode })
      ).text();
      const consent = await (
        await browser.post('/login', {
          csrf: field(signIn, 'csrf'),
          continue: field(signIn, 'continue'),
          username,
          password,
        })
      ).text();
      const answered = await browser.post('/device/decision', {
        csrf: field(consent, 'csrf'),
        user_code: field(consent, 'user_code'),
        decision,
      });
      expect(answered.status).toBe(200);
    }

    it('shows the code, waits as told, and reads the listener with the token it gets', async () => {
      const username = await newListener();
      let shown: DeviceCode | undefined;
      const waits: number[] = [];
      const tokens = await signInWithDevice({
        issuer: fixture.musicUrl,
        clientId,
        scope: scopes,
        show: (code) => {
          shown = code;
        },
        // No wait really waits: the first poll is pending, the second comes too soon (slow_down, 5 s more),
        // and during the third wait the listener agrees.
        wait: async (ms) => {
          waits.push(ms);
          if (waits.length === 3 && shown) await answer(shown, username, 'allow');
        },
      });
      expect(shown?.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      expect(shown?.verificationUri).toBe(`${fixture.musicUrl}/device`);
      expect(waits).toEqual([5000, 5000, 10_000]);
      expect(tokens.scope).toBe(scopes);

      const lines: string[] = [];
      await printListener(
        createGraphonicClient({ url: `${fixture.apiUrl}/graphql`, token: tokens.access_token }),
        (line) => lines.push(line),
      );
      expect(lines[0]).toBe(`Device Listener ${String(listeners)} (${username})`);
      expect(lines[1]).toBe('0 playlists:');
    });

    it('stops with access_denied when the listener cancels', async () => {
      const username = await newListener();
      const failure = await signInWithDevice({
        issuer: fixture.musicUrl,
        clientId,
        scope: scopes,
        show: (code) => {
          void answer(code, username, 'deny');
        },
        wait: () => new Promise((resolve) => setTimeout(resolve, 300)),
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DeviceSignInError);
      expect((failure as DeviceSignInError).code).toBe('access_denied');
    });

    it('says so when the music service does not know the client', async () => {
      const failure = await signInWithDevice({
        issuer: fixture.musicUrl,
        clientId: 'nobody',
        scope: scopes,
        show: () => undefined,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DeviceSignInError);
      expect((failure as DeviceSignInError).code).toBe('invalid_client');
    });
  },
  { profiles: ['full'] },
);
