import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';
import { demoListener, expectAccessible } from './support';

const root = resolve(import.meta.dirname, '../..');
// The music service the e2e server starts beside the app (see playwright.config.ts).
const musicUrl = `http://127.0.0.1:${process.env.E2E_MUSIC_PORT ?? '4500'}`;

/** The example's command line, as a person runs it, against the e2e servers; stopped after `timeoutMs` at most. */
function startExample(apiUrl: string, timeoutMs: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/typed-client/src/sign-in.ts'], {
    cwd: root,
    env: { ...process.env, GRAPHONIC_MUSIC_URL: musicUrl, GRAPHONIC_API_URL: `${apiUrl}/graphql` },
    stdio: ['ignore', 'pipe', 'pipe'],
    // However the test ends, the process does not outlive it.
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

test('a command line signs in by device code, agreed to in the browser, and prints the listener', async ({
  page,
  baseURL,
}, testInfo) => {
  const listener = demoListener();
  const example = startExample(baseURL ?? '', 55_000);
  // Once its pipes have closed too: what it printed last has then been read.
  const exited = new Promise<number | null>((done) => example.child.once('close', (code) => done(code)));
  try {
    // The command prints where to go and the code to type.
    await expect.poll(example.output, { timeout: 20_000 }).toMatch(/enter the code [A-Z]{4}-[A-Z]{4}/);
    const printed = /open (\S+) in a browser and enter the code ([A-Z]{4}-[A-Z]{4})/.exec(example.output());
    const [, verificationUri = '', userCode = ''] = printed ?? [];
    expect(verificationUri).toBe(`${musicUrl}/device`);

    await page.goto(verificationUri);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect a device');
    await expectAccessible(page);
    await page.getByLabel('Code').fill(userCode.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue to Graphonic command line');
    await page.getByLabel('Username').fill(listener.username);
    await page.getByLabel('Password').fill(listener.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signing in runs a key derivation on purpose: on a loaded machine it takes longer than the usual wait.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allow Graphonic command line on your device?', {
      timeout: 30_000,
    });
    await expect(page.getByText(userCode, { exact: true })).toBeVisible();
    await expect(page.getByText('See your private playlists')).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, testInfo, 'device-consent');
    await page.getByRole('button', { name: 'Agree' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Device connected');

    // Its next poll gets the tokens (it polls every 5 s), then it reads the listener from the api.
    await expect.poll(example.output, { timeout: 20_000 }).toContain(`${listener.displayName} (${listener.username})`);
    // Each line is a write of its own, and may arrive apart from the one before: the output is whole once it ends.
    expect(await exited).toBe(0);
    expect(example.output()).toMatch(/^\d+ playlists?/m);
  } finally {
    example.child.kill('SIGKILL');
  }
});
