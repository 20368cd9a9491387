/**
 * Signs the listener in by device code, then prints their name and playlists, read from the Graphonic api:
 *
 *   npm run sign-in                 (in examples/typed-client; or `npm run example:sign-in` at the root)
 *
 * GRAPHONIC_MUSIC_URL (http://127.0.0.1:4100) is the music service that signs the listener in,
 * GRAPHONIC_CLIENT_ID (graphonic-cli, which a development music service registers) the client it knows
 * this program by, GRAPHONIC_API_URL (http://127.0.0.1:4000/graphql) the api to read from.
 */
import { pathToFileURL } from 'node:url';
import { createGraphonicClient } from './client';
import { DeviceSignInError, signInWithDevice, type DeviceCode } from './device-sign-in';
import { printListener } from './main';

/** What the listener's name and playlists need, as on Spotify. */
export const scopes = 'user-read-private playlist-read-private playlist-read-collaborative';

/** The lines that tell the listener where to go. */
export function instructions(code: DeviceCode): string[] {
  const minutes = Math.round(code.expiresIn / 60);
  return [
    `To sign in, open ${code.verificationUri} in a browser and enter the code ${code.userCode}`,
    ...(code.verificationUriComplete ? [`(or open ${code.verificationUriComplete} and check the code).`] : []),
    `The code works for ${String(minutes)} minute${minutes === 1 ? '' : 's'}. Waiting for you to agree…`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const tokens = await signInWithDevice({
      issuer: (process.env.GRAPHONIC_MUSIC_URL ?? 'http://127.0.0.1:4100').replace(/\/+$/, ''),
      clientId: process.env.GRAPHONIC_CLIENT_ID ?? 'graphonic-cli',
      scope: scopes,
      show: (code) => {
        for (const line of instructions(code)) console.log(line);
      },
    });
    console.log('Signed in.');
    const client = createGraphonicClient({
      url: process.env.GRAPHONIC_API_URL ?? 'http://127.0.0.1:4000/graphql',
      token: tokens.access_token,
    });
    await printListener(client, (line) => {
      console.log(line);
    });
  } catch (error) {
    if (!(error instanceof DeviceSignInError)) throw error;
    console.error(`${error.message} (${error.code})`);
    process.exitCode = 1;
  }
}
