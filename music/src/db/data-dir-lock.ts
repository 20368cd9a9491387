import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database has no server process to keep a second writer out: two services
 * opening the same data folder would each write their own copy of the pages and corrupt
 * it. A lock file in the folder, holding the owner's process id, keeps the second one out.
 *
 * A lock left behind by a process that crashed is taken over. This is best effort: two
 * processes taking over the same stale lock at the same instant could both succeed.
 */
export const LOCK_FILE = 'graphonic.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The data folder ${dataDir} is already open in this process; close it before opening it again.`
        : `The data folder ${dataDir} is in use by process ${pid}; stop that process or use another MUSIC_DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds, so a reopen in the same process is told apart from a stale lock. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the lock of `dataDir` (which must exist) for this process. Resolves with the
 * function that releases it; rejects with `DataDirLockedError` while a live process,
 * this one included, holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const file = await open(path, 'wx');
      try {
        await file.writeFile(String(process.pid));
      } finally {
        await file.close();
      }
      held.add(path);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        held.delete(path);
        if ((await readOwner(path)) === process.pid) await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(path);
    // A lock naming this process but not held by it is left from an earlier run that
    // happened to get the same process id (common in containers, where it is often 1).
    const ownerIsLive = owner !== undefined && (owner === process.pid ? held.has(path) : isAlive(owner));
    if (owner !== undefined && ownerIsLive) throw new DataDirLockedError(dataDir, owner);
    await unlink(path).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  }
  throw new Error(`Could not take the lock ${path}: it keeps being recreated by another process.`);
}
