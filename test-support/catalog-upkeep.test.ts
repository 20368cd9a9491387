import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { vacuumCatalogs } from './catalog-upkeep';
import { freePort } from './processes';
import { hasPostgres, POSTGRES_URL } from './services';

/** When pg_attribute was last vacuumed by hand, and the dead rows the statistics count in it. */
async function attributeCatalog(client: pg.Client): Promise<{ lastVacuum: Date | null; deadRows: number }> {
  // A new snapshot of the statistics, not the one this session read before.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ last_vacuum: Date | null; n_dead_tup: string }>(
    "SELECT last_vacuum, n_dead_tup FROM pg_stat_sys_tables WHERE relname = 'pg_attribute'",
  );
  return { lastVacuum: rows[0]?.last_vacuum ?? null, deadRows: Number(rows[0]?.n_dead_tup ?? 0) };
}

describe.runIf(await hasPostgres())('the catalogs after a run', () => {
  it('vacuums a catalog that a dropped schema left dead rows in, and leaves one below the threshold alone', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    // A snapshot taken before the drop and held to the end: no vacuum, a server's own included, can remove the rows
    // the drop leaves dead while the test reads them.
    const holder = new pg.Client({ connectionString: POSTGRES_URL });
    await Promise.all([client.connect(), holder.connect()]);
    try {
      await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await holder.query('SELECT 1');
      // A schema of twenty tables, as a test file's store has, made and dropped.
      const schema = `test_upkeep_${randomBytes(4).toString('hex')}`;
      const tables = Array.from(
        { length: 20 },
        (_, n) => `CREATE TABLE ${schema}.t${String(n)} (id int PRIMARY KEY, a text, b text, c int, d timestamptz);`,
      );
      await client.query(`CREATE SCHEMA ${schema}; ${tables.join(' ')}`);
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      // This session's counts reach the statistics at its next statement, not up to a second later.
      await client.query('SELECT pg_stat_force_next_flush()');
      await client.query('SELECT 1');
      const before = await attributeCatalog(client);
      expect(before.deadRows).toBeGreaterThanOrEqual(20 * 11);

      // Nothing holds this many dead rows: nothing is vacuumed.
      expect(await vacuumCatalogs(POSTGRES_URL, Number.MAX_SAFE_INTEGER)).toEqual({ vacuumed: [] });
      expect((await attributeCatalog(client)).lastVacuum).toEqual(before.lastVacuum);

      const { vacuumed } = await vacuumCatalogs(POSTGRES_URL, 20 * 11);
      expect(vacuumed.map((each) => each.table)).toContain('pg_attribute');
      expect(vacuumed.every((each) => each.deadRows >= 20 * 11)).toBe(true);
      const after = await attributeCatalog(client);
      expect(after.lastVacuum).not.toBeNull();
      expect(after.lastVacuum?.getTime()).toBeGreaterThan(before.lastVacuum?.getTime() ?? 0);
    } finally {
      await holder.query('ROLLBACK');
      await Promise.all([client.end(), holder.end()]);
    }
  });
});

describe('the catalogs’ upkeep without a server', () => {
  it('fails with the reason the server could not be reached', async () => {
    const closed = `postgres://postgres@127.0.0.1:${String(await freePort())}/test`;
    await expect(vacuumCatalogs(closed)).rejects.toThrow(/ECONNREFUSED/);
  });
});
