import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** The repository's root, where `node --import tsx <entry>` runs. */
export const repositoryRoot = resolve(import.meta.dirname, '..');

/** A port that was free a moment ago on 127.0.0.1 (for processes that must know their address before they start). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** Resolves when `url` answers 2xx; rejects when the process exits first or after `timeoutMs`. */
  ready(url: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (null after a signal) once the process has exited and all it printed has been read. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `node --import tsx <entry> …args` from the repository's root with `env` on top of this one's. */
export function startService(entry: string, args: string[], env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // Once its pipes have closed too, so that `output()` then holds all it printed.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return {
    child,
    output: () => output,
    exited,
    async ready(url: string, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`);
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output}`);
        await new Promise((done) => setTimeout(done, 100));
      }
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
