import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The repository's root, where `node --import tsx <entry>` runs. */
export const repositoryRoot = resolve(import.meta.dirname, '..');

/**
 * The lowest port the system hands out on its own, to outgoing connections and to `listen(0)`: Linux's
 * `ip_local_port_range`, or IANA's dynamic range (macOS, Windows) where there is no such file.
 */
export function ephemeralPortsFrom(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 0) return low;
  } catch {
    // Not Linux.
  }
  return 49_152;
}

/** Where `freePort` looks: below the ports the system hands out, above the well-known and the usual fixed ones. */
const chosenPorts = { from: 10_000, to: Math.max(11_000, Math.min(ephemeralPortsFrom(), 32_768)) };

/** Ports this process has handed out, never handed out twice. */
const handedOut = new Set<number>();

function listensOn(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise<boolean>((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * A port that is free on 127.0.0.1, for a server that another process starts and that must know its address
 * before it starts. Chosen below the ports the system hands out itself: one of those, freed here, could be taken
 * as the source port of any connection the tests open in the seconds before the server binds it (it then fails
 * with EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = chosenPorts.from + Math.floor(Math.random() * (chosenPorts.to - chosenPorts.from));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listensOn(port)) return port;
  }
  throw new Error(`No free port between ${String(chosenPorts.from)} and ${String(chosenPorts.to)} after 100 tries.`);
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
