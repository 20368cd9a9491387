import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  dumpNewMemoryCluster,
  folderStarts,
  memoryStarts,
  preparedStarts,
  startNewStoresFrom,
  startPreparedMemoryPGlite,
} from './memory-cluster';
import { migrate } from './migrate';
import { openDatabase } from './open';
import type { Database } from './types';

const open: Database[] = [];

async function openInMemory(): Promise<Database> {
  const db = await openDatabase({});
  open.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

/** A copy of a new cluster, as the test run's set-up hands one to each worker: made once, for the tests below. */
let madeCopy: Promise<Uint8Array<ArrayBuffer>> | undefined;
const newClusterCopy = (): Promise<Uint8Array<ArrayBuffer>> => (madeCopy ??= dumpNewMemoryCluster());

describe('new stores', () => {
  // Up to two stores start by initdb, a second or more each on a busy machine.
  it('start from a copy of a new cluster once the process has opened two, each empty and its own', async () => {
    const first = await openInMemory();
    await first.exec('CREATE TABLE written_before (id int); INSERT INTO written_before VALUES (1)');
    await openInMemory();

    const copied = memoryStarts.copied;
    const third = await openInMemory();
    expect(memoryStarts.copied).toBe(copied + 1);

    // Nothing written to any store is in the copy: it is the cluster initdb made.
    const tables = await third.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.rows).toEqual([]);
    // A full store runs on it, with the extension its migrations create.
    await migrate(third);
    const trgm = await third.query<{ similar: boolean }>(
      "SELECT similarity('graphonic', 'graphonics') > 0.5 AS similar",
    );
    expect(trgm.rows).toEqual([{ similar: true }]);

    // Two copies are two stores: what one writes, the other does not see.
    const fourth = await openInMemory();
    await fourth.exec('CREATE TABLE only_here (id int)');
    const inThird = await third.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'only_here'");
    expect(inThird.rows).toEqual([]);
  }, 30_000);

  it('start from a copy handed to the process without initdb, the first store included, each empty and its own', async () => {
    // As the test run's set-up does for every worker: one copy of a new cluster, asked for at the first store.
    const copy = await newClusterCopy();
    let asked = 0;
    startNewStoresFrom(() => {
      asked += 1;
      return Promise.resolve(copy);
    });
    // Asked for when the first store starts, not before, and once.
    expect(asked).toBe(0);
    const before = { ...memoryStarts };
    const first = await openInMemory();
    const second = await openInMemory();
    expect(memoryStarts).toEqual({ initdb: before.initdb, copied: before.copied + 2 });
    expect(asked).toBe(1);

    await first.exec('CREATE TABLE only_in_first (id int)');
    const inSecond = await second.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'only_in_first'");
    expect(inSecond.rows).toEqual([]);
    await migrate(second);
    const trgm = await second.query<{ similar: boolean }>(
      "SELECT similarity('graphonic', 'graphonics') > 0.5 AS similar",
    );
    expect(trgm.rows).toEqual([{ similar: true }]);
  }, 30_000);

  it('in a new folder start from a copy handed to the process, and a folder that holds one opens it', async () => {
    const copy = await newClusterCopy();
    startNewStoresFrom(() => Promise.resolve(copy));
    const folder = mkdtempSync(join(tmpdir(), 'graphonic-cluster-copy-'));
    try {
      const before = { ...folderStarts };
      const created = await openDatabase({ dataDir: folder });
      await migrate(created);
      await created.exec("CREATE TABLE kept (id text); INSERT INTO kept VALUES ('kept')");
      await created.close();
      expect(folderStarts).toEqual({ initdb: before.initdb, copied: before.copied + 1 });

      const reopened = await openDatabase({ dataDir: folder });
      try {
        const kept = await reopened.query<{ id: string }>('SELECT id FROM kept');
        expect(kept.rows).toEqual([{ id: 'kept' }]);
        // Opened as it was, not started again from the copy.
        expect(folderStarts).toEqual({ initdb: before.initdb, copied: before.copied + 1 });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('start from a copy that holds what a store uses: one database, and WAL in segments of 1 MB', async () => {
    const copy = await newClusterCopy();
    // initdb's cluster as it stands is 40 MB: a WAL segment of 16 MB and three databases of 7.5 MB.
    expect(copy.byteLength).toBeLessThan(20 * 1024 * 1024);
    startNewStoresFrom(() => Promise.resolve(copy));
    const store = await openInMemory();
    const databases = await store.query<{ name: string }>('SELECT datname AS name FROM pg_database');
    expect(databases.rows).toEqual([{ name: 'postgres' }]);
    const wal = await store.query<{ wal_segment_size: string }>('SHOW wal_segment_size');
    expect(wal.rows).toEqual([{ wal_segment_size: '1MB' }]);
    // A store writes past its first segment, as every cluster does.
    await store.exec('CREATE TABLE filler (id int, text text)');
    await store.exec("INSERT INTO filler SELECT n, repeat('x', 500) FROM generate_series(1, 10000) AS n");
    const switched = await store.query<{ segments: number }>(
      "SELECT count(*)::int AS segments FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'",
    );
    expect(switched.rows[0]?.segments).toBeGreaterThan(1);
    const rows = await store.query<{ count: number }>('SELECT count(*)::int AS count FROM filler');
    expect(rows.rows).toEqual([{ count: 10000 }]);
  }, 30_000);

  it('keep a buffer pool of their own size, by initdb or from the copy', async () => {
    for (const db of [await openInMemory(), await openInMemory()]) {
      const pool = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      // Its files are in memory already: a pool of PostgreSQL's default 128 MB would hold them twice.
      expect(pool.rows).toEqual([{ shared_buffers: '16MB' }]);
    }
  });
});

describe('prepared stores', () => {
  const started: PGlite[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((pglite) => pglite.close()));
  });
  const start = async (key: string, prepare: (pglite: PGlite) => Promise<void>): Promise<PGlite> => {
    const pglite = await startPreparedMemoryPGlite({}, key, prepare);
    started.push(pglite);
    return pglite;
  };
  const rows = async (pglite: PGlite): Promise<string[]> =>
    (await pglite.query<{ name: string }>('SELECT name FROM prepared ORDER BY name')).rows.map((row) => row.name);

  it('prepare the first for a key; those asked for meanwhile and later start from its copy', async () => {
    let prepared = 0;
    const prepare = async (pglite: PGlite): Promise<void> => {
      prepared += 1;
      await pglite.exec("CREATE TABLE prepared (name text); INSERT INTO prepared VALUES ('by prepare')");
    };
    const before = { ...preparedStarts };
    const [first, second] = await Promise.all([start('two at once', prepare), start('two at once', prepare)]);
    const third = await start('two at once', prepare);
    expect(prepared).toBe(1);
    expect(preparedStarts).toEqual({ prepared: before.prepared + 1, copied: before.copied + 2 });
    await first.exec("INSERT INTO prepared VALUES ('in the first')");
    expect(await rows(first)).toEqual(['by prepare', 'in the first']);
    expect(await rows(second)).toEqual(['by prepare']);
    expect(await rows(third)).toEqual(['by prepare']);
  }, 30_000);

  it('after a failed preparing, give its error and prepare the next one', async () => {
    let calls = 0;
    const prepare = async (pglite: PGlite): Promise<void> => {
      calls += 1;
      if (calls === 1) throw new Error('could not prepare');
      await pglite.exec("CREATE TABLE prepared (name text); INSERT INTO prepared VALUES ('second try')");
    };
    await expect(start('fails once', prepare)).rejects.toThrow('could not prepare');
    const store = await start('fails once', prepare);
    expect(calls).toBe(2);
    expect(await rows(store)).toEqual(['second try']);
  }, 30_000);
});
