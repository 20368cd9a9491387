/**
 * `npm run bench -w web`: what the built client costs a browser.
 *
 * 1. Builds the client and prints, per route, the JavaScript and CSS a first visit downloads before the
 *    screen renders (gzip), and whether the route is a chunk of its own. Target: initial JavaScript under
 *    150 KB gzip on every route, every route code-split.
 * 2. Starts the app on its embedded defaults (ports 4460/4560, a new data folder), signs the demo user in,
 *    and measures in Chromium the time to first contentful paint and to home's first content (its heading
 *    and its first shelf), from a cold HTTP cache, over several loads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { run, waitForHttp } from '../../scripts/processes';
import { gzipSizeOf, routeWeights, type Manifest } from './bundle';

const web = resolve(import.meta.dirname, '..');
const root = resolve(web, '..');
const dist = join(web, 'dist');
const budgetKb = 150;
const loads = 7;
const port = Number(process.env.BENCH_PORT ?? 4460);
const musicPort = Number(process.env.BENCH_MUSIC_PORT ?? 4560);

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

/** Every route of the client and the module that renders it, read from the route table. */
function routes(): Record<string, string> {
  const table = readFileSync(join(web, 'src/app/screens.ts'), 'utf8');
  const found: Record<string, string> = {
    '/auth/signin': 'src/auth/SignInPage.tsx',
    '/auth/signout': 'src/auth/SignOutPage.tsx',
    '/auth/error': 'src/auth/AuthErrorPage.tsx',
  };
  for (const match of table.matchAll(/route\('([^']+)', \(\) => import\('\.\.\/routes\/(\w+)'\)\)/g)) {
    found[match[1] ?? ''] = `src/routes/${match[2] ?? ''}.tsx`;
  }
  return found;
}

async function bundle(): Promise<boolean> {
  const code = await run('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], { cwd: web });
  if (code !== 0) throw new Error(`The build failed (exit code ${String(code)}).`);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const weights = routeWeights(manifest, routes(), gzipSizeOf(dist));
  console.log(`\nInitial download per route, gzip (budget: JavaScript under ${String(budgetKb)} KB)`);
  console.log('route                 JS KB   CSS KB  files  own chunk');
  let ok = true;
  for (const weight of weights) {
    const over = weight.jsGzip > budgetKb * 1024;
    if (over || !weight.chunk) ok = false;
    console.log(
      `${weight.route.padEnd(20)} ${kb(weight.jsGzip)}  ${kb(weight.cssGzip)}  ${String(weight.jsFiles.length).padStart(5)}  ${
        weight.chunk ? 'yes' : 'NO'
      }${over ? '   OVER BUDGET' : ''}`,
    );
  }
  const largest = Math.max(...weights.map((weight) => weight.jsGzip));
  console.log(`largest initial JavaScript: ${kb(largest).trim()} KB: ${ok ? 'target met' : 'target MISSED'}`);
  return ok;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function firstContent(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'graphonic-web-bench-'));
  const app = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      MUSIC_PORT: String(musicPort),
      MUSIC_DATA_DIR: join(data, 'music'),
      SESSION_DIR: join(data, 'sessions'),
    },
  });
  const base = `http://127.0.0.1:${String(port)}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    await waitForHttp(`${base}/healthz`, 120_000, app);
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${base}/auth/login?returnTo=/`);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Agree' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const session = await signIn.storageState();
    await signIn.close();

    const paints: number[] = [];
    const contents: number[] = [];
    for (let load = 0; load < loads; load += 1) {
      // A new context each time: a cold HTTP cache, as on a first visit, with the session's cookie.
      const context = await browser.newContext({ storageState: session, viewport: { width: 1280, height: 800 } });
      const tab = await context.newPage();
      await tab.goto(`${base}/`);
      await tab.getByRole('region', { name: 'Recently played' }).waitFor();
      const timing = await tab.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        now: performance.now(),
      }));
      paints.push(timing.paint);
      contents.push(timing.now);
      await context.close();
    }
    console.log(`\nHome in Chromium, cold HTTP cache, ${String(loads)} loads (median, min–max)`);
    console.log(
      `first contentful paint       ${median(paints).toFixed(0).padStart(5)} ms   (${Math.min(...paints).toFixed(0)}–${Math.max(...paints).toFixed(0)})`,
    );
    console.log(
      `first shelf of content shown ${median(contents).toFixed(0).padStart(5)} ms   (${Math.min(...contents).toFixed(0)}–${Math.max(...contents).toFixed(0)})`,
    );
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    await new Promise((done) => app.once('exit', done));
    rmSync(data, { recursive: true, force: true });
  }
}

const ok = await bundle();
await firstContent();
process.exitCode = ok ? 0 : 1;
