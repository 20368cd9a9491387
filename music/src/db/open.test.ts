import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, DataDirLockedError } from './data-dir-lock';
import { OPEN_TIMEOUT_MS, testEngines } from './__fixtures__/engines';
import type { IsolatedDatabase } from './__fixtures__/engines';
import { openDatabase, TransactionAbortedError } from './open';
import type { Database, Transaction } from './types';

const engines = await testEngines();

/** One query returning every SQL type the service uses; both engines must give exactly this. */
const EVERY_TYPE_SQL = `
  SELECT
    1::int2 AS int2,
    2147483647::int4 AS int4,
    9007199254740991::int8 AS int8,
    (SELECT count(*) FROM generate_series(1, 3)) AS count,
    1.5::float4 AS float4,
    0.1::float8 AS float8,
    12.345::numeric(10, 3) AS numeric,
    true AS bool,
    'naïve ☃ "quoted"'::text AS text,
    'x'::varchar AS varchar,
    '2024-05-06 07:08:09.123+02'::timestamptz AS timestamptz,
    '2024-05-06 07:08:09'::timestamp AS timestamp,
    '2024-05-06'::date AS date,
    '{"a": [1, "b", null], "n": 1.5}'::json AS json,
    '{"k": true}'::jsonb AS jsonb,
    ARRAY['a', NULL, 'c "q", d']::text[] AS text_array,
    ARRAY[1, 2, 3]::int[] AS int_array,
    ARRAY[5, 6]::int8[] AS int8_array,
    ARRAY[1.5, 2]::numeric[] AS numeric_array,
    ARRAY[true, false] AS bool_array,
    ARRAY['2024-01-02']::date[] AS date_array,
    ARRAY['2024-01-02 03:04:05+00']::timestamptz[] AS timestamptz_array,
    '{{1,2},{3,4}}'::int[] AS nested_array,
    '{}'::text[] AS empty_array,
    NULL::int AS null_int,
    NULL::text AS null_text`;

const EVERY_TYPE_VALUES = {
  int2: 1,
  int4: 2147483647,
  int8: 9007199254740991,
  count: 3,
  float4: 1.5,
  float8: 0.1,
  numeric: 12.345,
  bool: true,
  text: 'naïve ☃ "quoted"',
  varchar: 'x',
  timestamptz: new Date('2024-05-06T05:08:09.123Z'),
  // A timestamp without time zone is read as local time, on both engines.
  timestamp: new Date(2024, 4, 6, 7, 8, 9),
  date: '2024-05-06',
  json: { a: [1, 'b', null], n: 1.5 },
  jsonb: { k: true },
  text_array: ['a', null, 'c "q", d'],
  int_array: [1, 2, 3],
  int8_array: [5, 6],
  numeric_array: [1.5, 2],
  bool_array: [true, false],
  date_array: ['2024-01-02'],
  timestamptz_array: [new Date('2024-01-02T03:04:05Z')],
  nested_array: [
    [1, 2],
    [3, 4],
  ],
  empty_array: [],
  null_int: null,
  null_text: null,
};

for (const engine of engines) {
  describe.runIf(engine.enabled)(`openDatabase on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase | undefined;
    let db: Database;

    beforeAll(async () => {
      isolated = await engine.isolate();
      db = isolated.db;
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated?.dispose();
      await engine.shutdown();
    });

    it('says which engine it is', () => {
      expect(db.kind).toBe(engine.kind);
    });

    it('returns the same JavaScript types for the same SQL types', async () => {
      const { rows, rowCount } = await db.query(EVERY_TYPE_SQL);
      expect(rowCount).toBe(1);
      expect(rows).toStrictEqual([EVERY_TYPE_VALUES]);
    });

    it('fails a query reading a bigint too large to be exact, and stays usable', async () => {
      const tooLarge = /too large to be read exactly/;
      await expect(db.query('SELECT 9007199254740992::int8 AS n')).rejects.toThrow(tooLarge);
      await expect(db.query("SELECT '{1,9007199254740993}'::int8[] AS n")).rejects.toThrow(tooLarge);
      await expect(db.query('SELECT -9007199254740991::int8 AS n')).resolves.toMatchObject({
        rows: [{ n: -9007199254740991 }],
      });
    });

    it('takes every type as a parameter, objects as json and arrays as PostgreSQL arrays', async () => {
      const when = new Date('2024-02-03T04:05:06.789Z');
      const { rows } = await db.query(
        `SELECT $1::int8 + 1 AS int8, $2::numeric * 2 AS numeric, $3::bool AS bool, $4::timestamptz AS at,
                $5::jsonb AS object, $6::jsonb AS stringified, $7::text[] AS texts, $8::int[] AS ints,
                $9::text AS nothing`,
        [41, 1.25, false, when, { nested: [1, 'two'] }, JSON.stringify([1, 2]), ['x', 'y, z'], [3, 4], null],
      );
      expect(rows).toStrictEqual([
        {
          int8: 42,
          numeric: 2.5,
          bool: false,
          at: when,
          object: { nested: [1, 'two'] },
          stringified: [1, 2],
          texts: ['x', 'y, z'],
          ints: [3, 4],
          nothing: null,
        },
      ]);
    });

    it('bulk-inserts 10,000 rows from array parameters with unnest', async () => {
      await db.exec('CREATE TABLE bulk (name text NOT NULL, position int NOT NULL)');
      const names = Array.from({ length: 10_000 }, (_, index) => `track ${index}`);
      const positions = names.map((_, index) => index);
      const inserted = await db.query('INSERT INTO bulk (name, position) SELECT * FROM unnest($1::text[], $2::int[])', [
        names,
        positions,
      ]);
      expect(inserted.rowCount).toBe(10_000);
      const { rows } = await db.query(
        `SELECT count(*) AS count, sum(position) AS total, max(name) FILTER (WHERE position = 9999) AS last FROM bulk`,
      );
      expect(rows).toStrictEqual([{ count: 10_000, total: (9_999 * 10_000) / 2, last: 'track 9999' }]);
    });

    // A PostgreSQL server ships pg_trgm among its contrib modules; PGlite has it only if loaded.
    it.runIf(engine.kind === 'pglite')('offers pg_trgm, as a PostgreSQL server does', async () => {
      await db.exec('CREATE EXTENSION pg_trgm');
      const { rows } = await db.query("SELECT similarity('beatles', 'beatels') > 0.3 AS close");
      expect(rows).toEqual([{ close: true }]);
    });

    it('reports rows affected by updates and deletes', async () => {
      await db.exec('CREATE TABLE counted (id int PRIMARY KEY)');
      await db.query('INSERT INTO counted SELECT generate_series(1, 5)');
      expect((await db.query('UPDATE counted SET id = id + 10 WHERE id <= 3')).rowCount).toBe(3);
      expect((await db.query('DELETE FROM counted')).rowCount).toBe(5);
    });

    describe('transactions', () => {
      beforeAll(async () => {
        await db.exec('CREATE TABLE ledger (id int PRIMARY KEY, label text NOT NULL)');
      });

      async function ids(): Promise<number[]> {
        const { rows } = await db.query<{ id: number }>('SELECT id FROM ledger ORDER BY id');
        return rows.map((row) => row.id);
      }

      it('commits when the function resolves, and returns its value', async () => {
        await db.query('DELETE FROM ledger');
        const value = await db.transaction(async (tx) => {
          await tx.query('INSERT INTO ledger VALUES ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
          const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM ledger');
          return rows[0]?.n;
        });
        expect(value).toBe(2);
        expect(await ids()).toEqual([1, 2]);
      });

      it('rolls back everything when the function throws', async () => {
        await db.query('DELETE FROM ledger');
        const failure = new Error('changed my mind');
        await expect(
          db.transaction(async (tx) => {
            await tx.query('INSERT INTO ledger VALUES (1, $1)', ['one']);
            await tx.query('INSERT INTO ledger VALUES (2, $1)', ['two']);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await ids()).toEqual([]);
      });

      it('rolls back everything when a statement fails, with the SQLSTATE code on the error', async () => {
        await db.query('DELETE FROM ledger');
        await expect(
          db.transaction(async (tx) => {
            await tx.query('INSERT INTO ledger VALUES (1, $1)', ['one']);
            await tx.query('INSERT INTO ledger VALUES (2, $1)', ['two']);
            await tx.query('INSERT INTO ledger VALUES (1, $1)', ['one again']);
          }),
        ).rejects.toMatchObject({ code: '23505' });
        expect(await ids()).toEqual([]);
      });

      it('refuses to commit when a failed statement was caught inside the transaction', async () => {
        await db.query('DELETE FROM ledger');
        await expect(
          db.transaction(async (tx) => {
            await tx.query('INSERT INTO ledger VALUES (1, $1)', ['one']);
            await tx.query('INSERT INTO ledger VALUES (1, $1)', ['duplicate']).catch(() => undefined);
          }),
        ).rejects.toBeInstanceOf(TransactionAbortedError);
        expect(await ids()).toEqual([]);
      });

      it('runs several statements at once with exec', async () => {
        await db.query('DELETE FROM ledger');
        await db.transaction((tx) =>
          tx.exec(`INSERT INTO ledger VALUES (7, 'a'); INSERT INTO ledger VALUES (8, 'b');`),
        );
        expect(await ids()).toEqual([7, 8]);
      });

      it('refuses a tx used after its transaction ended', async () => {
        let kept: Transaction | undefined;
        await db.transaction((tx) => {
          kept = tx;
          return Promise.resolve();
        });
        await expect(kept?.query('SELECT 1')).rejects.toThrow(/transaction has ended/);
      });

      it('refuses the database itself inside its own transaction instead of waiting forever', async () => {
        const inside = /from inside one of its own transactions/;
        await expect(db.transaction(() => db.query('SELECT 1'))).rejects.toThrow(inside);
        await expect(db.transaction(() => db.exec('SELECT 1'))).rejects.toThrow(inside);
        await expect(db.transaction(() => db.transaction(() => Promise.resolve(1)))).rejects.toThrow(inside);
        // Outside, the database is usable again.
        expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      });

      it('keeps 50 concurrent queries and a concurrent transaction apart', async () => {
        await db.query('DELETE FROM ledger');
        const read = (index: number) =>
          db.query<{ index: number; seen: number }>('SELECT $1::int AS index, (SELECT count(*) FROM ledger) AS seen', [
            index,
          ]);
        const before = Array.from({ length: 25 }, (_, index) => read(index));
        const transaction = db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ledger VALUES (1, 'one')`);
          // Give the other callers every chance to slip in between the two inserts.
          await sleep(30);
          await tx.query(`INSERT INTO ledger VALUES (2, 'two')`);
          return 'committed';
        });
        const after = Array.from({ length: 25 }, (_, index) => read(25 + index));

        const [first, outcome, second] = await Promise.all([Promise.all(before), transaction, Promise.all(after)]);
        expect(outcome).toBe('committed');
        const results = [...first, ...second].map((result) => result.rows[0]);
        // Each caller got its own answer, and none saw the transaction half done.
        expect(results.map((row) => row?.index)).toEqual(Array.from({ length: 50 }, (_, index) => index));
        for (const row of results) expect([0, 2]).toContain(row?.seen);
        expect(await ids()).toEqual([1, 2]);
      });
    });
  });
}

describe('openDatabase on disk (pglite)', () => {
  let parent: string | undefined;

  afterAll(async () => {
    if (parent !== undefined) await rm(parent, { recursive: true, force: true });
  });

  it(
    'keeps data across a close and a reopen, and keeps a second opener out meanwhile',
    async () => {
      parent = await mkdtemp(join(tmpdir(), 'graphonic-music-db-'));
      // A folder that does not exist yet, two levels down.
      const dataDir = join(parent, 'nested', 'data');

      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      expect(await readFile(join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.exec('CREATE TABLE kept (id int PRIMARY KEY, tags text[] NOT NULL, at timestamptz NOT NULL)');
      await first.transaction(async (tx) => {
        await tx.query('INSERT INTO kept VALUES ($1, $2, $3)', [1, ['rock', 'live'], new Date('2024-01-01T00:00:00Z')]);
      });
      await first.close();
      // Closing twice is harmless, and a closed database refuses work.
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow();
      await expect(stat(join(dataDir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });

      const second = await openDatabase({ dataDir });
      try {
        const { rows } = await second.query('SELECT id, tags, at FROM kept');
        expect(rows).toStrictEqual([{ id: 1, tags: ['rock', 'live'], at: new Date('2024-01-01T00:00:00Z') }]);
      } finally {
        await second.close();
      }
    },
    OPEN_TIMEOUT_MS,
  );
});

describe('openDatabase on PostgreSQL', () => {
  it('fails at open, naming the server, when it cannot connect', async () => {
    // Nothing listens on port 1 of the loopback address: the connection is refused at once.
    await expect(openDatabase({ url: 'postgres://postgres@127.0.0.1:1/test' })).rejects.toThrow(
      /Cannot reach PostgreSQL at 127\.0\.0\.1:1\/test/,
    );
  });

  it('refuses a URL that is not a PostgreSQL one', async () => {
    await expect(openDatabase({ url: 'mysql://localhost/test' })).rejects.toThrow(/postgres:\/\//);
  });

  const postgres = engines.find((engine) => engine.kind === 'postgres');
  it.runIf(postgres?.enabled === true)('closes once, however often close is called', async () => {
    const isolated = await postgres?.isolate();
    if (isolated === undefined) throw new Error('no PostgreSQL engine');
    try {
      const extra = await isolated.openAnother();
      await Promise.all([extra.close(), extra.close()]);
      await extra.close();
      await expect(extra.query('SELECT 1')).rejects.toThrow();
    } finally {
      await isolated.dispose();
      await postgres?.shutdown();
    }
  });
});
