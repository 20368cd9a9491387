import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * New embedded databases in memory, started from a copy of a new cluster instead of running initdb again.
 *
 * PGlite creates every store by running initdb: about a second, and more than a second of processor time. A
 * process that opens one store (the service) never takes a copy; one that opens many (the tests, the bench) takes
 * it at its second store, right after initdb and before anything is written, and starts every later store from it.
 * The copy is the data directory PGlite dumps, uncompressed (16 MB, held twice for the process's life: as a `Blob`
 * and as bytes at hand): compressed, every store would pay to inflate it. Processes that open stores side by side
 * (the test workers) can share one copy, made once (`dumpNewMemoryCluster`) and handed to each
 * (`startNewStoresFrom`): then none of them runs initdb at all, for stores in memory or in new folders.
 *
 * A store starts by unpacking the whole copy into PGlite's file system, so the copy holds only what a store uses:
 * WAL in segments of 1 MB rather than 16 (`memoryInitdbParams`), and one database (`leaveOneDatabase`). A copy of
 * initdb's cluster as it stands was 40 MB, a 16 MB WAL segment and three databases of 7.5 MB each, and a store took
 * about 0.4 s of processor time to start from it; from the copy of 16 MB, about 0.25 s (docs/decisions/096).
 */

let opened = 0;
let newCluster: Promise<Blob | undefined> | undefined;

/** How the in-memory stores of this process started: by initdb, or from the copy of a new cluster. */
export const memoryStarts = { initdb: 0, copied: 0 };

/** How the stores this process made in new folders started: by initdb, or from a copy handed to the process. */
export const folderStarts = { initdb: 0, copied: 0 };

/** How the stores of `startPreparedMemoryPGlite` started: new and prepared, or from the copy of one. */
export const preparedStarts = { prepared: 0, copied: 0 };

/**
 * Copies of prepared stores (`startPreparedMemoryPGlite`), by what prepared them, each promised once its store is
 * being prepared; one that could not be made is taken out.
 */
const preparedCopies = new Map<string, Promise<Blob | undefined>>();

/** The copy handed to this process, if any (`startNewStoresFrom`), asked for at the first new store. */
let handed: (() => Promise<Blob | undefined>) | undefined;

/**
 * The buffer pool of a store in memory. Its files already live in memory, so PostgreSQL's default of 128 MB only
 * holds its pages a second time, and setting it up took over a third of each store's start (0.6 s of 1.6 s of
 * processor time).
 */
const memorySharedBuffers = '16MB';

type Settings = Omit<PGliteOptions, 'dataDir' | 'loadDataDir' | 'startParams' | 'initDbStartParams'>;

/**
 * What initdb is asked for a cluster in memory: WAL in segments of 1 MB, the least PostgreSQL allows. Its WAL lives
 * in memory like the rest of it, and a new cluster's first segment of the default 16 MB was 40 % of the copy.
 */
const memoryInitdbParams = ['--wal-segsize=1'];

/**
 * Leaves a new cluster in memory with the one database PGlite opens (`postgres`): it drops `template0` and
 * `template1`, which only `CREATE DATABASE` reads and which PGlite, one session on one database, never opens; each
 * was 7.5 MB of the copy. The checkpoint writes the result to the data directory, so that a store starting from the
 * copy has no WAL to replay.
 */
async function leaveOneDatabase(pglite: PGlite): Promise<void> {
  for (const template of ['template0', 'template1']) {
    await pglite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
    await pglite.exec(`DROP DATABASE ${template}`);
  }
  await pglite.exec('CHECKPOINT');
}

/**
 * A copy whose bytes are also kept at hand. PGlite reads the copy it starts from whole; a `Blob` gives them through
 * a stream, chunk by chunk, which took a quarter of a second of each start.
 */
class ReadCopy extends Blob {
  private readonly whole: Uint8Array<ArrayBuffer>;

  constructor(whole: Uint8Array<ArrayBuffer>, type: string) {
    super([whole], { type });
    this.whole = whole;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // Each store gets its own bytes: PGlite may keep or change what it is given.
    return Promise.resolve(this.whole.slice().buffer);
  }
}

async function readCopy(dump: Blob): Promise<Blob> {
  return new ReadCopy(new Uint8Array(await dump.arrayBuffer()), dump.type);
}

/** What PGlite names the type of an uncompressed dump: it reads a copy by this type. */
const dumpType = 'application/x-tar';

/**
 * The copy of a new cluster, as `startNewStoresFrom` takes it: made by initdb in a store of its own, which is
 * closed again.
 */
export async function dumpNewMemoryCluster(settings: Settings = {}): Promise<Uint8Array<ArrayBuffer>> {
  const pglite = await startByInitdb(settings);
  try {
    await leaveOneDatabase(pglite);
    return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/**
 * Starts this process's later new stores, in memory or in a new folder, from the copy `copy` answers (made by
 * `dumpNewMemoryCluster` with the same PGlite), its first included, instead of by initdb. `copy` is asked once, when
 * the first such store starts: a process that opens none pays nothing. A copy that cannot be had leaves the stores to
 * start as before.
 */
export function startNewStoresFrom(copy: () => Promise<Uint8Array<ArrayBuffer>>): void {
  let asked: Promise<Blob | undefined> | undefined;
  handed = () =>
    (asked ??= copy().then(
      (bytes): Blob | undefined => new ReadCopy(bytes, dumpType),
      (): undefined => undefined,
    ));
}

/**
 * Starts the cluster in `folder`: the one it holds, or a new one, from the copy handed to the process where there is
 * one (only such a copy: a process that opens a store in a folder rarely opens a second).
 */
export async function startFolderPGlite(folder: string, settings: Settings): Promise<PGlite> {
  const isNew = !existsSync(join(folder, 'PG_VERSION'));
  const copy = isNew && handed ? await handed() : undefined;
  if (copy) {
    const pglite = await PGlite.create({ ...settings, dataDir: folder, loadDataDir: copy });
    folderStarts.copied += 1;
    return pglite;
  }
  const pglite = await PGlite.create({ ...settings, dataDir: folder });
  if (isNew) folderStarts.initdb += 1;
  return pglite;
}

function memoryStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${memorySharedBuffers}`];
}

/** A new cluster in memory, by initdb. */
function startByInitdb(settings: Settings): Promise<PGlite> {
  return PGlite.create({
    ...settings,
    startParams: memoryStartParams(),
    initDbStartParams: memoryInitdbParams,
    dataDir: 'memory://',
  });
}

/** Starts a new, empty PostgreSQL cluster in memory with `settings`. */
export async function startMemoryPGlite(settings: Settings): Promise<PGlite> {
  opened += 1;
  const startParams = memoryStartParams();
  const copy = (handed && (await handed())) ?? (newCluster && (await newCluster));
  if (copy) {
    const pglite = await PGlite.create({ ...settings, startParams, dataDir: 'memory://', loadDataDir: copy });
    memoryStarts.copied += 1;
    return pglite;
  }
  const pglite = await startByInitdb(settings);
  memoryStarts.initdb += 1;
  if (opened >= 2 && !newCluster) {
    // Nothing has been written yet: the dump is the cluster initdb made, with its one database. A dump that fails
    // leaves every later store to initdb, as before.
    const dump = leaveOneDatabase(pglite)
      .then(() => pglite.dumpDataDir('none'))
      .then(readCopy)
      .then(
        (copied): Blob | undefined => copied,
        (): undefined => undefined,
      );
    newCluster = dump;
    if (!(await dump)) newCluster = undefined;
  }
  return pglite;
}

/**
 * Starts a store in memory as `prepare` leaves a new one (with the service's migrations applied, say). The process's
 * first for `key` is new and prepared, and its copy, taken then, starts every later one without preparing it again;
 * stores asked for meanwhile wait for that copy. Where preparing or copying fails, the next store is prepared in turn.
 */
export async function startPreparedMemoryPGlite(
  settings: Settings,
  key: string,
  prepare: (pglite: PGlite) => Promise<void>,
): Promise<PGlite> {
  // Looked up and claimed without a wait between: of two asked for at once, one prepares and the other waits.
  const known = preparedCopies.get(key);
  const copy = known && (await known);
  if (copy) {
    const pglite = await PGlite.create({
      ...settings,
      startParams: memoryStartParams(),
      dataDir: 'memory://',
      loadDataDir: copy,
    });
    preparedStarts.copied += 1;
    return pglite;
  }
  let copied: (copy: Blob | undefined) => void = () => undefined;
  const pending = new Promise<Blob | undefined>((resolve) => {
    copied = resolve;
  });
  preparedCopies.set(key, pending);
  const made = (result: Blob | undefined): void => {
    copied(result);
    if (!result && preparedCopies.get(key) === pending) preparedCopies.delete(key);
  };
  let pglite: PGlite;
  try {
    pglite = await startMemoryPGlite(settings);
  } catch (error) {
    made(undefined);
    throw error;
  }
  try {
    await prepare(pglite);
  } catch (error) {
    made(undefined);
    await pglite.close();
    throw error;
  }
  preparedStarts.prepared += 1;
  // The checkpoint writes what `prepare` did to the data directory, so that a store starting from the copy has no
  // WAL to replay.
  made(
    await pglite
      .exec('CHECKPOINT')
      .then(() => pglite.dumpDataDir('none'))
      .then(readCopy)
      .catch((): undefined => undefined),
  );
  return pglite;
}
