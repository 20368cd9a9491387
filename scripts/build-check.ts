/**
 * `npm run build:check` (a step of `npm test`): compiles the servers, then runs what was compiled
 * as the production image does, with plain `node` (no tsx, no TypeScript loader) on production
 * settings in a scratch folder: the music service's command line (seed, users add, token), the
 * music service and the api. It checks that they answer (health, readiness, a signed GraphQL query
 * that crosses both services, the web client when it is built, metrics) and that SIGTERM stops
 * both cleanly. The last line is `N passed, N failed`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../test-support/processes';
import { buildServers } from './build';
import { waitForHttp } from './processes';

const root = resolve(import.meta.dirname, '..');
/** A first start on a loaded machine opens the embedded database slowly. */
const startTimeoutMs = 240_000;

const scratch = mkdtempSync(join(tmpdir(), 'graphonic-build-check-'));
const secret = (): string => randomBytes(24).toString('hex');
const [musicPort, apiPort] = [await freePort(), await freePort()];
const musicUrl = `http://127.0.0.1:${musicPort}`;
const apiUrl = `http://127.0.0.1:${apiPort}`;
const metricsToken = secret();

// What the production image has: no loader in NODE_OPTIONS, production settings, real secrets.
const { NODE_OPTIONS: _loader, ...inherited } = process.env;
const common = {
  ...inherited,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  METRICS_TOKEN: metricsToken,
  MUSIC_CLIENT_SECRET: secret(),
};
const musicEnv = {
  ...common,
  MUSIC_HOST: '127.0.0.1',
  MUSIC_PORT: String(musicPort),
  MUSIC_DATA_DIR: join(scratch, 'music'),
  MUSIC_CLIENT_REDIRECT_URIS: `${apiUrl}/auth/callback`,
};
// Production refuses to start without the web build's operation manifest (trusted documents, decision 048).
const webBuilt = existsSync(join(root, 'web/dist/graphql-operations.json'));
const apiEnv = {
  ...common,
  GRAPHQL_TRUSTED_DOCUMENTS: webBuilt ? 'true' : 'false',
  HOST: '127.0.0.1',
  PORT: String(apiPort),
  PUBLIC_URL: apiUrl,
  MUSIC_API_URL: `${musicUrl}/v1`,
  MUSIC_ACCOUNTS_URL: musicUrl,
  SESSION_SECRET: secret(),
  SESSION_DIR: join(scratch, 'sessions'),
};

/** `node <entry> …args` from the repository's root: nothing but Node and the compiled file. */
function node(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; stdout: () => string; ended: Promise<number | null> } {
  const child = spawn(process.execPath, [entry, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Once its pipes have closed too: what it printed last has then been read.
  const ended = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return { child, output: () => output, stdout: () => stdout, ended };
}

/** Runs one command of the compiled music command line to its end; what it printed when it succeeds. */
async function musicCommand(args: string[]): Promise<string> {
  const run = node('music/dist/cli.js', args, musicEnv);
  const code = await run.ended;
  if (code !== 0) throw new Error(`music ${args[0] ?? ''} exited with ${code}:\n${run.output()}`);
  return run.stdout();
}

const results: { name: string; error?: string }[] = [];

async function check(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
    results.push({ name });
    console.log(`  ✓ ${name}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.push({ name, error: message });
    console.log(`  ✗ ${name}\n    ${message.replace(/\n/g, '\n    ')}`);
  }
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${response.url} answered ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

const running: { name: string; child: ChildProcess; output: () => string; ended: Promise<number | null> }[] = [];
let token = '';

try {
  await check('the servers compile', async () => {
    const started = performance.now();
    const files = await buildServers();
    console.log(`    ${files} files in ${Math.round(performance.now() - started)} ms`);
  });

  await check("the compiled music command line seeds the store and issues a listener's token", async () => {
    await musicCommand(['seed', '--tracks', '40', '--playlists', '2', '--shows', '1', '--episodes', '2']);
    await musicCommand(['users', 'add', '--id', 'builder', '--password', secret()]);
    const printed = await musicCommand(['token', '--user', 'builder', '--scopes', 'user-read-private']);
    const issued = JSON.parse(printed) as { access_token?: string };
    token = issued.access_token ?? '';
    expect(token.length > 20, `no access token in:\n${printed}`);
  });

  await check('the compiled music service starts, and is alive and ready', async () => {
    const music = node('music/dist/cli.js', ['serve'], musicEnv);
    running.push({ name: 'music', ...music });
    await waitForHttp(`${musicUrl}/readyz`, startTimeoutMs, music.child).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${music.output()}`);
    });
    expect((await fetch(`${musicUrl}/healthz`)).status === 200, '/healthz did not answer 200');
    const ready = await json(await fetch(`${musicUrl}/readyz`));
    expect(JSON.stringify(ready) === '{"status":"ready"}', `/readyz answered ${JSON.stringify(ready)}`);
  });

  await check('the compiled api starts, and is ready: its store and the music service answer', async () => {
    const api = node('api/dist/main.js', [], apiEnv);
    running.push({ name: 'api', ...api });
    await waitForHttp(`${apiUrl}/healthz`, startTimeoutMs, api.child).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${api.output()}`);
    });
    const ready = await fetch(`${apiUrl}/readyz`);
    const body = JSON.stringify(await json(ready));
    expect(ready.status === 200, `/readyz answered ${ready.status} ${body}`);
    expect(body === '{"status":"ready","checks":{"store":"ok","upstream":"ok"}}', `/readyz answered ${body}`);
  });

  await check('a signed GraphQL query crosses both services, carrying its request id', async () => {
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-request-id': 'build-check-1',
      },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = JSON.stringify(await json(response));
    expect(body === '{"data":{"me":{"id":"builder"}}}', `/graphql answered ${response.status} ${body}`);
    expect(response.headers.get('x-request-id') === 'build-check-1', 'the request id did not come back');
  });

  await check('both serve their metrics to the bearer of METRICS_TOKEN only', async () => {
    for (const [url, series] of [
      [apiUrl, 'graphonic_upstream_requests_total'],
      [musicUrl, 'graphonic_music_requests_total'],
    ] as const) {
      expect((await fetch(`${url}/metrics`)).status === 404, `${url}/metrics answered without the token`);
      const text = await (
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      expect(text.includes(series) && text.includes('process_cpu_seconds_total'), `${url}/metrics lacks ${series}`);
    }
  });

  if (existsSync(join(root, 'web/dist/index.html'))) {
    await check('the compiled api serves the built web client', async () => {
      const page = await fetch(`${apiUrl}/`);
      expect(page.status === 200 && (page.headers.get('content-type') ?? '').startsWith('text/html'), 'no page');
    });
  }
  if (webBuilt) {
    await check("without a bearer token, it runs the web build's operations only", async () => {
      const response = await fetch(`${apiUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      const body = JSON.stringify(await json(response));
      expect(body.includes('PERSISTED_QUERY_NOT_IN_LIST'), `/graphql answered ${response.status} ${body}`);
    });
  } else {
    console.log('  - the web client is not built (npm run build -w web): its page is not checked');
  }

  await check('SIGTERM stops both cleanly, the api first', async () => {
    for (const name of ['api', 'music']) {
      const service = running.find((candidate) => candidate.name === name);
      if (!service) throw new Error(`${name} is not running`);
      service.child.kill('SIGTERM');
      const code = await service.ended;
      expect(code === 0, `${name} exited with ${code}:\n${service.output()}`);
    }
  });
} finally {
  for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(running.map(({ ended }) => ended));
  rmSync(scratch, { recursive: true, force: true });
}

const failed = results.filter((result) => result.error !== undefined).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
