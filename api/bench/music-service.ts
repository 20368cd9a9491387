import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { MusicJob, MusicReady } from './music-process';
import type { ReceivedRequest } from './needs';

/** The benchmarks' local music service, in a process of its own (music-process.ts). */
export interface MusicService extends MusicReady {
  /** What it received since the last take, and forgets it. */
  take(): Promise<ReceivedRequest[]>;
  stop(): void;
}

/** Forks the music service for `job`, with `nodeEnv` as its NODE_ENV (a test's settings, whatever the parent runs as). */
export function startMusicProcess(job: MusicJob, nodeEnv: string | undefined): Promise<MusicService> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(join(import.meta.dirname, 'music-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_ENV: nodeEnv },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      reject(new Error(`The music service ended (exit code ${String(code)}) before it was ready.`));
    });
    child.once('message', (ready: MusicReady) => {
      child.removeAllListeners('exit');
      resolve({
        ...ready,
        async take() {
          const response = await fetch(`${ready.url}/bench/received`);
          return (await response.json()) as ReceivedRequest[];
        },
        stop() {
          child.disconnect();
        },
      });
    });
    child.send(job);
  });
}
