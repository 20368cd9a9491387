import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The command line as people run it (`npm run music -- <command>`): each command in a process
 * of its own, on a data folder of its own, its output and exit code read as a person would.
 */

const cli = join(import.meta.dirname, 'cli.ts');
const recordLoads = join(import.meta.dirname, '__fixtures__', 'record-module-loads.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'graphonic-cli-'));
const env = { ...process.env, NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir, LOG_LEVEL: 'info' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The URL of every module the command loaded. */
  loaded: string[];
}

let runs = 0;

function run(args: string[]): Promise<Run> {
  runs += 1;
  const loads = join(dataDir, `modules-${String(runs)}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', recordLoads, cli, ...args], {
      env: { ...env, MODULE_LOADS_FILE: loads },
      stdio: 'pipe',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      // No file when the command ended before its first module: then it loaded nothing this test can name.
      const loaded = existsSync(loads) ? readFileSync(loads, 'utf8').split('\n') : [];
      resolve({ code, stdout, stderr, loaded });
    });
  });
}

/** Whether a command loaded a module whose URL has `part` in it. */
const loadedAny = (run: Run, part: string): boolean => run.loaded.some((url) => url.includes(part));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the music command line', () => {
  let token = '';

  it('explains itself, and refuses an unknown command with exit code 2, without loading the store or the server', async () => {
    const help = await run(['help']);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'seed', 'users add', 'clients add', 'token'])
      expect(help.stdout).toContain(command);
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    for (const answered of [help, unknown]) {
      expect(loadedAny(answered, '/music/src/cli.ts')).toBe(true);
      expect(loadedAny(answered, '/@electric-sql/pglite/')).toBe(false);
      expect(loadedAny(answered, '/music/src/service.ts')).toBe(false);
    }
  }, 60_000);

  it('seeds the catalog with the sizes asked for, once, and refuses bad sizes', async () => {
    const bad = await run(['seed', '--tracks', '0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--tracks must be a whole number of at least 1');
    const seeded = await run(['seed', '--tracks', '300']);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/Generated the catalog \(300 tracks, 23 albums, 8 artists, 100 playlists/);
    const again = await run(['seed', '--tracks', '300']);
    expect(again.stdout).toContain('The catalog is already there');
  }, 120_000);

  it('adds users and clients, and prints tokens for scripts', async () => {
    const user = await run(['users', 'add', '--id', 'ana', '--password', 'correct horse battery', '--country', 'SE']);
    expect(user.code).toBe(0);
    expect(user.stdout).toMatch(/^Created user ana \(account id [0-9a-f-]{36}\)\./);
    // The store, and not the server.
    expect(loadedAny(user, '/@electric-sql/pglite/')).toBe(true);
    expect(loadedAny(user, '/music/src/service.ts')).toBe(false);
    const client = await run(['clients', 'add', '--name', 'My app', '--redirect-uri', 'http://127.0.0.1:9999/cb']);
    expect(client.code).toBe(0);
    expect(client.stdout).toMatch(/Its secret, shown only this once: \S{20,}/);
    const issued = await run(['token', '--user', 'ana', '--scopes', 'user-read-private user-read-email']);
    expect(issued.code).toBe(0);
    const tokens = JSON.parse(issued.stdout) as { access_token: string; scope: string; token_type: string };
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'user-read-private user-read-email' });
    token = tokens.access_token;
    for (const [args, message] of [
      [['token', '--user', 'ana', '--scopes', 'bogus'], 'Unknown scope: bogus'],
      [['users', 'delete'], 'Unknown command "users delete"'],
    ] as const) {
      const refused = await run([...args]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(message);
    }
  }, 120_000);

  it('serves the music v1 API to the printed token, adds users and tokens while serving, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
      env: { ...env, MUSIC_PORT: '0' },
      stdio: 'pipe',
    });
    // Once its pipes have closed too: what it printed last has then been read.
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    let output = '';
    const socket = join(dataDir, 'graphonic-admin.sock');
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
          if (found) resolve(found);
        });
        child.once('exit', () => {
          reject(new Error(`serve ended before listening:\n${output}`));
        });
      });
      const me = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: 'ana', country: 'SE' });

      // The store is the serving process's: the commands run there, through its administration socket.
      expect(lstatSync(socket).mode & 0o777).toBe(0o600);
      const user = await run(['users', 'add', '--id', 'bo', '--password', 'a secret while serving']);
      expect(user.stderr).toBe('');
      expect(user.code).toBe(0);
      expect(user.stdout).toMatch(/^Created user bo \(account id [0-9a-f-]{36}\)\.\n$/);
      const issued = await run(['token', '--user', 'bo', '--scopes', 'user-read-private']);
      expect(issued.code).toBe(0);
      const bo = (JSON.parse(issued.stdout) as { access_token: string }).access_token;
      const hers = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${bo}` } });
      expect(await hers.json()).toMatchObject({ id: 'bo' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('"command":"users add"');
    expect(output).not.toContain('a secret while serving');
    expect(() => lstatSync(socket)).toThrow(/ENOENT/);
  }, 120_000);
});
