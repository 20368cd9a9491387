import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
// Ports of their own, so the tests never meet an app a developer is running on 4000/4100.
const port = Number(process.env.E2E_PORT ?? 4400);
const musicPort = Number(process.env.E2E_MUSIC_PORT ?? 4500);
// Files run side by side, each worker signed in as a demo listener of its own (see e2e/support.ts): one worker more
// than there are cores, since much of a test's time is spent waiting on real time (audio that plays, devices
// that lapse). On two cores, three workers took the suite's browser tests 336 s against 383 s for two
// (decision 054). At most 16, the demo listeners the music service makes.
const workers = Number(process.env.E2E_WORKERS ?? Math.min(16, availableParallelism() + 1));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  // Each test stands on its own (its own sign-in, device and data; outage.spec.ts, which shares its servers, runs in
  // order), so tests rather than files are spread over the workers, and the workers' last tests end together: a file
  // run whole on one worker, such as the playlists' (about 90 s), would end the run alone if it came late in the queue.
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A cap that catches a hung test, not a measure of speed: on a machine at a third of the usual speed, the longer
  // screens' tests took over a minute with every assertion passing.
  timeout: 120_000,
  // The browsers share the machine's cores with both servers: a screen's first answer may take longer than
  // the default 5 s. Only a failing assertion waits this long.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(root, '.reports/playwright.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failing test keeps its screenshot and the page's accessibility tree at the failure (error-context.md). On a
    // developer's machine it keeps its trace too, with the page's DOM at every step; CI records none: recording
    // every test for the few that fail cost the run 20 s and a sixth of the test workers' processor time.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's build of Chromium's headless shell, the browser Playwright itself runs headless tests on: the
      // same engine without the desktop browser around it, which cost the run half the browser process's
      // processor time. This machine has no network to download a browser build.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
        // The pages' scripts compile and collect on their own thread: three browsers beside both servers on two
        // cores spent more processor time on V8's background threads than they saved (decision 059).
        '--js-flags=--single-threaded',
      ],
    },
  },
  // Projects are queued in this order. The phone's tests come first: much of their time is audio that plays and
  // players that wait on it, and at the start `npm test` runs the static checks beside them, on the cores they leave.
  // Queued last, with nothing beside them, they left about a quarter of the cores idle for the last minute and more.
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // At a phone's width: the whole journey through every main screen, the player's own phone layout,
      // the pages around signing in, and the phone's own measures (phone.spec.ts). The screens' finer cases run once, on the desktop.
      testMatch: ['journey.spec.ts', 'player.spec.ts', 'landing.spec.ts', 'sign-in.spec.ts', 'phone.spec.ts'],
    },
    // The phone layout's own checks run at a phone's width only.
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: ['phone.spec.ts'] },
  ],
  webServer: {
    command: 'node --import tsx scripts/start.ts --no-build',
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      MUSIC_PORT: String(musicPort),
      MUSIC_DATA_DIR: join(tmpdir(), `graphonic-e2e-${process.pid}`),
      MUSIC_DEMO_LISTENERS: String(workers),
      // Every test signs in from the same address, one after another: the per-address limit must not decide the run.
      LOGIN_RATE_LIMIT: '600/1m',
      // One listener runs every test back to back, faster than a person: the request limits must not decide it.
      GRAPHQL_RATE_LIMIT: '6000/60s',
      MUSIC_AUDIO_RATE_LIMIT: '600/30s',
      // A tab that goes away without a word leaves its listener's devices once unseen this long (25 s by
      // default), so that the presence test (e2e/live.spec.ts) waits less. Not shorter: an open tab is said to be
      // there every 10 s (by the api while its subscription lasts, or by the tab itself without one).
      MUSIC_DEVICE_TTL_MS: '15000',
    },
  },
});
