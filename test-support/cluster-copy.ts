import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * One copy of a new embedded cluster for the whole test run. Vitest's global set-up names a file for it in the
 * workers' environment; the first worker that opens a store makes the copy and writes it there, and every worker
 * starts each new store it opens, in memory or in a new folder, from that copy. Without it every worker ran initdb for
 * its first two stores in memory and for every new folder: over a second of processor time each, a score of times a
 * run. A run whose files open no store makes no copy.
 */
export const clusterCopyVariable = 'GRAPHONIC_TEST_CLUSTER_COPY';

/** Vitest's global set-up: names the copy's file, and removes it once every test file has ended. */
export async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'graphonic-cluster-'));
  // Workers start after the global set-up and inherit this process's environment.
  process.env[clusterCopyVariable] = join(folder, 'cluster.tar');
  return () => rm(folder, { recursive: true, force: true });
}

/** Past this, a worker that waits for another's copy makes its own: the other may have ended without one. */
const waitForCopyMs = 60_000;

async function readCopy(file: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    return undefined;
  }
}

/**
 * The run's copy: read from its file, or made here and written there whole (by a rename) for the other workers. The
 * workers' first files start together: one of them (the one that creates the lock file) makes the copy, and the
 * others wait for it instead of running initdb too.
 */
export async function runClusterCopy(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const found = await readCopy(file);
  if (found) return found;
  const mine = await writeFile(`${file}.lock`, String(process.pid), { flag: 'wx' }).then(
    () => true,
    () => false,
  );
  if (!mine) {
    for (let waited = 0; waited < waitForCopyMs; waited += 100) {
      await delay(100);
      const made = await readCopy(file);
      if (made) return made;
    }
  }
  const { dumpNewMemoryCluster } = await import('@graphonic/music');
  const copy = await dumpNewMemoryCluster();
  const partial = `${file}.${String(process.pid)}`;
  await writeFile(partial, copy);
  await rename(partial, file);
  return copy;
}

let handed = false;

/**
 * Hands this worker's stores the run's copy, once per worker (its modules outlive each file). Without the global
 * set-up (a file run by its project's own configuration) nothing changes: stores start as in any process.
 */
export async function useRunClusterCopy(): Promise<void> {
  const file = process.env[clusterCopyVariable];
  if (handed || file === undefined) return;
  handed = true;
  const { startNewStoresFrom } = await import('@graphonic/music');
  startNewStoresFrom(() => runClusterCopy(file));
}
