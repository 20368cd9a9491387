import pg from 'pg';
import { POSTGRES_URL, probePostgres } from './services';

/**
 * The tests on PostgreSQL create and drop a schema for each test file and engine, about 9,600 tables, indexes and
 * sequences a run, and every drop leaves dead rows in the system catalogs (pg_attribute, pg_depend, pg_class…).
 * Where the server runs without autovacuum, as the project's machines do, nothing ever removes them: after a day of
 * runs the catalogs held over half a million dead rows, and the migrations' tests took a fifth longer. The run
 * vacuums the catalogs it left dead rows in once every test file has ended (decision 067).
 */

/** Below this many dead rows a catalog is left alone: a table or two that a test dropped. */
export const deadRowsWorthVacuuming = 1_000;

export interface CatalogVacuum {
  /** The catalogs vacuumed, with the dead rows each held before. */
  vacuumed: { table: string; deadRows: number }[];
}

/** Vacuums every system catalog of the database at `url` that holds at least `threshold` dead rows. */
export async function vacuumCatalogs(url: string, threshold = deadRowsWorthVacuuming): Promise<CatalogVacuum> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; dead_rows: string }>(
      `SELECT relname AS table, n_dead_tup AS dead_rows FROM pg_stat_sys_tables
        WHERE schemaname = 'pg_catalog' AND n_dead_tup >= $1 ORDER BY n_dead_tup DESC, relname`,
      [threshold],
    );
    for (const { table } of rows) await client.query(`VACUUM pg_catalog.${client.escapeIdentifier(table)}`);
    return { vacuumed: rows.map((row) => ({ table: row.table, deadRows: Number(row.dead_rows) })) };
  } finally {
    await client.end();
  }
}

/**
 * Vitest's global set-up: nothing before the files run; after them, the catalogs' upkeep where PostgreSQL answers.
 * A failure is said and does not fail the run: the tests have ended, and their results stand.
 */
export function setup(): () => Promise<void> {
  return async () => {
    if (!(await probePostgres(POSTGRES_URL, 1_000)).available) return;
    try {
      const { vacuumed } = await vacuumCatalogs(POSTGRES_URL);
      const dead = vacuumed.reduce((sum, each) => sum + each.deadRows, 0);
      if (vacuumed.length > 0)
        console.info(
          `Vacuumed the PostgreSQL catalogs of the tests' dead rows (${String(dead)}): ${vacuumed.map((each) => each.table).join(', ')}.`,
        );
    } catch (error) {
      console.warn(`The PostgreSQL catalogs were not vacuumed after the run: ${(error as Error).message}`);
    }
  };
}
