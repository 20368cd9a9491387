import { describe, expect, it } from 'vitest';
import { instructions, scopes } from './sign-in';

describe('the sign-in command', () => {
  it('tells the listener where to go, which code to type, and for how long', () => {
    expect(
      instructions({
        userCode: 'BCDF-GHJK',
        verificationUri: 'http://127.0.0.1:4100/device',
        verificationUriComplete: 'http://127.0.0.1:4100/device?user_code=BCDF-GHJK',
        expiresIn: 600,
      }),
    ).toEqual([
      'To sign in, open http://127.0.0.1:4100/device in a browser and enter the code BCDF-GHJK',
      '(or open http://127.0.0.1:4100/device?user_code=BCDF-GHJK and check the code).',
      'The code works for 10 minutes. Waiting for you to agree…',
    ]);
    expect(
      instructions({
        userCode: 'BCDF-GHJK',
        verificationUri: 'https://music.example/device',
        expiresIn: 60,
        verificationUriComplete: undefined,
      }),
    ).toHaveLength(2);
  });

  it('asks for what the listener and their playlists need, and no more', () => {
    expect(scopes.split(' ').sort()).toEqual([
      'playlist-read-collaborative',
      'playlist-read-private',
      'user-read-private',
    ]);
  });
});
