/**
 * Starts Graphonic on its embedded defaults: the local music service on 127.0.0.1:4100 and
 * the api, serving the built web client, on 127.0.0.1:4000.
 *
 *   npm start             builds the web client, then starts both
 *   npm run dev           the same with hot reload (Vite in the api, restarts on change)
 *   --no-build            starts without building (the client must already be built)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { run, waitForHttp } from './processes';

const root = resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false } },
});

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '4000';
const musicHost = process.env.MUSIC_HOST ?? '127.0.0.1';
const musicPort = process.env.MUSIC_PORT ?? '4100';
const local = (process.env.MUSIC_PROVIDER ?? 'local') === 'local';

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, entry: string[], env: NodeJS.ProcessEnv, watch: string[]): ChildProcess {
  // Only the server's own sources: Vite's temporary config files must not restart it.
  const watching = flags.dev ? watch.flatMap((path) => [`--watch-path=${path}`]) : [];
  const args = ['--import', 'tsx', ...watching, ...entry];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code ?? 'unknown'}`}); stopping Graphonic.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((done) =>
    child.exitCode === null && child.signalCode === null ? child.once('exit', () => done()) : done(),
  );

/**
 * Stops Graphonic gracefully: the api first (its requests in flight still reach the music
 * service), then the music service; each gets SIGTERM and its own shutdown time (SHUTDOWN_TIMEOUT,
 * 10 s by default) plus a margin, then SIGKILL, so that nothing outlives this script.
 */
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  const graceMs = (Number(process.env.SHUTDOWN_TIMEOUT) || 10) * 1000 + 6000;
  const exit = (): void => process.exit(code);
  const stopOne = async (child: ChildProcess): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited(child);
    clearTimeout(timer);
  };
  // Started music first, api second: stopped the other way round.
  [...children]
    .reverse()
    .reduce((previous, child) => previous.then(() => stopOne(child)), Promise.resolve())
    .then(exit, exit);
}

async function main(): Promise<void> {
  if (!flags.dev && !flags['no-build']) {
    console.log('Building the web client…');
    const code = await run('npm', ['run', 'build', '-w', 'web'], { cwd: root });
    if (code !== 0) throw new Error(`The web client's build failed (exit code ${code}).`);
  }

  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));

  if (local) {
    // The music service registers the api as an OAuth client, redirecting back to this api.
    const publicUrl = process.env.PUBLIC_URL ?? `http://${host}:${port}`;
    const music = start(
      'The music service',
      ['music/src/cli.ts', 'serve'],
      {
        MUSIC_CLIENT_REDIRECT_URIS: process.env.MUSIC_CLIENT_REDIRECT_URIS ?? `${publicUrl}/auth/callback`,
      },
      ['music/src'],
    );
    await waitForHttp(`http://${musicHost}:${musicPort}/healthz`, 60_000, music);
  }
  const api = start('The api', ['api/src/main.ts'], flags.dev ? { WEB_DEV_SERVER: 'true' } : {}, ['api/src', 'schema']);
  await waitForHttp(`http://${host}:${port}/healthz`, 60_000, api);
  console.log(`\nGraphonic is ready at http://${host}:${port}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
});
