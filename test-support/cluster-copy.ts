import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpNewMemoryCluster, startNewStoresFrom } from '@graphonic/music';

/**
 * One copy of a new embedded cluster for the whole test run. Vitest's global set-up makes it once, before any test
 * file starts, and names its file in this variable; each worker reads it at its first file and starts every new store it
 * opens, in memory or in a new folder, from it. Without it every worker ran initdb for its first two stores in memory
 * and for every new folder: over a second of processor time each, a score of times a run.
 */
export const clusterCopyVariable = 'GRAPHONIC_TEST_CLUSTER_COPY';

/** Vitest's global set-up: writes the copy, and removes it once every test file has ended. */
export async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'graphonic-cluster-'));
  const file = join(folder, 'cluster.tar');
  await writeFile(file, await dumpNewMemoryCluster());
  // Workers start after the global set-up and inherit this process's environment.
  process.env[clusterCopyVariable] = file;
  return () => rm(folder, { recursive: true, force: true });
}

let handed = false;

/**
 * Hands this worker's stores the run's copy, once per worker (its modules outlive each file). Without the global
 * set-up (a file run by its project's own configuration) nothing changes: stores start as in any process.
 */
export function useRunClusterCopy(): void {
  const file = process.env[clusterCopyVariable];
  if (handed || file === undefined) return;
  startNewStoresFrom(new Uint8Array(readFileSync(file)));
  handed = true;
}
