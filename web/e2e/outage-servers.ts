import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Waits until `url` answers 2xx; fails after `timeoutMs` or when `child` exits. A first start creates the catalog:
 * 14 s for the music service alone on a slow machine, over 90 s there beside the other browser tests.
 */
async function healthy(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${String(child.exitCode)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${String(timeoutMs)} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Stops a process this file started: SIGTERM, then SIGKILL after `graceMs`; resolves once it is gone. */
async function stopProcess(child: ChildProcess | undefined, graceMs = 8_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/**
 * A music service and an api of their own, as separate processes on their own ports, so that a test
 * can stop one while the other runs and start it again on the same data (the shared e2e server is
 * never touched). The api serves the built client, as in the other tests.
 */
export class OwnServers {
  readonly baseUrl: string;
  private readonly musicUrl: string;
  private readonly dir = mkdtempSync(join(tmpdir(), 'graphonic-outage-'));
  private readonly env: NodeJS.ProcessEnv;
  private music: ChildProcess | undefined;
  private api: ChildProcess | undefined;

  constructor(apiPort: number, musicPort: number) {
    this.baseUrl = `http://127.0.0.1:${String(apiPort)}`;
    this.musicUrl = `http://127.0.0.1:${String(musicPort)}`;
    this.env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(apiPort),
      MUSIC_PORT: String(musicPort),
      MUSIC_DATA_DIR: join(this.dir, 'music'),
      SESSION_DIR: join(this.dir, 'sessions'),
      MUSIC_CLIENT_REDIRECT_URIS: `${this.baseUrl}/auth/callback`,
      // Up to this worker's own demo listener (support.ts), whichever of the workers runs the file.
      MUSIC_DEMO_LISTENERS: String(Number(process.env.TEST_PARALLEL_INDEX ?? 0) + 1),
      LOGIN_RATE_LIMIT: '600/1m',
      GRAPHQL_RATE_LIMIT: '6000/60s',
      MUSIC_AUDIO_RATE_LIMIT: '600/30s',
      // A stop is a stop: no long wait for connections kept alive.
      SHUTDOWN_TIMEOUT: '2',
      LOG_LEVEL: 'warn',
    };
  }

  private start(entry: string[]): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry], { cwd: root, env: this.env, stdio: 'ignore' });
    return child;
  }

  async startMusic(): Promise<void> {
    this.music = this.start(['music/src/cli.ts', 'serve']);
    await healthy(`${this.musicUrl}/healthz`, this.music);
  }

  async startApi(): Promise<void> {
    this.api = this.start(['api/src/main.ts']);
    await healthy(`${this.baseUrl}/healthz`, this.api);
  }

  /** Starts whichever of the two is not running. */
  async ensureRunning(): Promise<void> {
    if (!this.music) await this.startMusic();
    if (!this.api) await this.startApi();
  }

  async stopMusic(): Promise<void> {
    await stopProcess(this.music);
    this.music = undefined;
  }

  async stopApi(): Promise<void> {
    await stopProcess(this.api);
    this.api = undefined;
  }

  /** Stops both (the api first, as scripts/start.ts does) and removes their data. */
  async stopAll(): Promise<void> {
    await this.stopApi();
    await this.stopMusic();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
