import { afterEach, describe, expect, it } from 'vitest';
import { memoryStarts } from './memory-cluster';
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

describe('stores in memory', () => {
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

  it('keep a buffer pool of their own size, by initdb or from the copy', async () => {
    for (const db of [await openInMemory(), await openInMemory()]) {
      const pool = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      // Its files are in memory already: a pool of PostgreSQL's default 128 MB would hold them twice.
      expect(pool.rows).toEqual([{ shared_buffers: '16MB' }]);
    }
  });
});
