import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * New embedded databases in memory, started from a copy of a new cluster instead of running initdb again.
 *
 * PGlite creates every store by running initdb: about a second, and more than a second of processor time, of
 * which loading a copy of the new cluster takes a quarter. A process that opens one store (the service) never
 * takes a copy; one that opens many (the tests, the bench) takes it at its second store, right after initdb and
 * before anything is written, and starts every later store from it. The copy is the data directory PGlite
 * dumps, uncompressed (40 MB, kept for the process's life): compressed, every store would pay to inflate it.
 */

let opened = 0;
let newCluster: Promise<Blob | undefined> | undefined;

/** How the in-memory stores of this process started: by initdb, or from the copy of a new cluster. */
export const memoryStarts = { initdb: 0, copied: 0 };

type Settings = Omit<PGliteOptions, 'dataDir' | 'loadDataDir'>;

/** Starts a new, empty PostgreSQL cluster in memory with `settings`. */
export async function startMemoryPGlite(settings: Settings): Promise<PGlite> {
  opened += 1;
  const copy = newCluster && (await newCluster);
  if (copy) {
    const pglite = await PGlite.create({ ...settings, dataDir: 'memory://', loadDataDir: copy });
    memoryStarts.copied += 1;
    return pglite;
  }
  const pglite = await PGlite.create({ ...settings, dataDir: 'memory://' });
  memoryStarts.initdb += 1;
  if (opened >= 2 && !newCluster) {
    // Nothing has been written yet: the dump is the cluster initdb made. A dump that fails leaves every later
    // store to initdb, as before.
    const dump = pglite.dumpDataDir('none').then(
      (file): Blob | undefined => file,
      (): undefined => undefined,
    );
    newCluster = dump;
    if (!(await dump)) newCluster = undefined;
  }
  return pglite;
}
