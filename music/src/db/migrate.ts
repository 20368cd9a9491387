import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from './open';
import type { Database, Transaction } from './types';

/** Where the service's own migrations live: `NNNN_name.sql`, applied in version order. */
export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export interface MigrationSource {
  /** The number in front of the file name; migrations are applied in this order. */
  version: number;
  /** The rest of the file name, without `.sql`. */
  name: string;
  /** Shown in errors; `NNNN_name.sql` when not given. */
  filename?: string;
  sql: string;
}

export interface Migration extends MigrationSource {
  filename: string;
  /** sha256 of the SQL (line endings normalised), recorded when applied. */
  checksum: string;
}

/** The database and the migrations in the code disagree; the service must not start. */
export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

const FILE_PATTERN = /^(\d+)_([A-Za-z0-9_-]+)\.sql$/;

/*
 * Every process that migrates takes this transaction-level advisory lock first, so when
 * several start at once they apply the migrations one after the other and each migration
 * exactly once. The second key is the schema, so databases in different schemas (tests
 * running side by side) do not wait for one another.
 */
const LOCK_CLASS = 0x6d757369; // "musi"
const LOCK_SQL = `SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(coalesce(current_schema(), '')))`;

const CREATE_TABLE_SQL = `
  CREATE TABLE schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;

function checksumOf(sql: string): string {
  // Normalised so a checkout with Windows line endings does not count as a changed file.
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

function filenameOf(version: number, name: string): string {
  return `${String(version).padStart(4, '0')}_${name}.sql`;
}

function complete(source: MigrationSource): Migration {
  return {
    ...source,
    filename: source.filename ?? filenameOf(source.version, source.name),
    checksum: checksumOf(source.sql),
  };
}

/** Sorts by version and refuses duplicate or non-positive versions. */
function ordered(migrations: readonly Migration[], where: string): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((migration, index) => {
    if (!Number.isSafeInteger(migration.version) || migration.version < 1) {
      throw new MigrationError(`${where}: ${migration.filename} must have a version of 1 or more.`);
    }
    const previous = sorted[index - 1];
    if (previous !== undefined && previous.version === migration.version) {
      throw new MigrationError(
        `${where}: ${previous.filename} and ${migration.filename} have the same version ${migration.version}.`,
      );
    }
  });
  return sorted;
}

/**
 * Reads the migrations of `dir` (default: the service's own), sorted by version. Other
 * files are ignored, but a `.sql` file whose name does not follow `NNNN_name.sql` is an
 * error rather than a migration silently left out.
 */
export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const migrations: Migration[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.sql')) continue;
    const match = FILE_PATTERN.exec(entry.name);
    const [, digits, name] = match ?? [];
    if (digits === undefined || name === undefined) {
      throw new MigrationError(
        `${join(dir, entry.name)}: a migration file must be named NNNN_name.sql (digits, underscore, letters, digits, _ or -).`,
      );
    }
    const sql = await readFile(join(dir, entry.name), 'utf8');
    migrations.push({ ...complete({ version: Number(digits), name, sql }), filename: entry.name });
  }
  return ordered(migrations, dir);
}

/** A row of schema_migrations. */
type AppliedMigration = {
  version: number;
  name: string;
  checksum: string;
  applied_at: Date;
};

/** Refuses to go on when the database's history does not match the code's migrations. */
function verify(applied: readonly AppliedMigration[], known: ReadonlyMap<number, Migration>, latest: number): void {
  for (const row of applied) {
    const migration = known.get(row.version);
    if (migration === undefined) {
      throw new MigrationError(
        row.version > latest
          ? `The database is at schema version ${row.version} (${row.name}), newer than this code knows ` +
              `(latest ${latest}). Run a newer version of the service, or restore a backup made for this one.`
          : `Migration ${filenameOf(row.version, row.name)} was applied to the database but is missing from the code.`,
      );
    }
    if (migration.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${migration.filename} was changed after it was applied on ${row.applied_at.toISOString()}. ` +
          'An applied migration must never change: restore the file and add a new migration instead.',
      );
    }
  }
}

async function lockAndRead(tx: Transaction): Promise<AppliedMigration[]> {
  await tx.query(LOCK_SQL);
  // Checked first so the common case does not make PostgreSQL print "already exists" notices.
  const table = await tx.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  if (table.rows[0]?.found !== true) await tx.exec(CREATE_TABLE_SQL);
  const result = await tx.query<AppliedMigration>(
    'SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version',
  );
  return result.rows;
}

/**
 * Brings the database's schema up to date: applies, in version order, each migration it
 * has not had yet, each in its own transaction, and records it in `schema_migrations`.
 * Resolves with the versions this call applied (empty when already up to date).
 *
 * Rejects with `MigrationError`, before changing anything, when an applied migration's
 * file has changed or is gone, when the database is at a version newer than the code, or
 * when a new migration is numbered below one already applied. A migration that fails is
 * rolled back and reported with its file name; the ones before it stay applied.
 *
 * Migration files must not contain BEGIN/COMMIT, nor statements that cannot run inside
 * a transaction (such as CREATE INDEX CONCURRENTLY).
 */
export async function migrate(
  db: Database,
  migrations: string | readonly MigrationSource[] = MIGRATIONS_DIR,
): Promise<number[]> {
  const all =
    typeof migrations === 'string' ? await listMigrations(migrations) : ordered(migrations.map(complete), 'migrations');
  const known = new Map(all.map((migration) => [migration.version, migration]));
  const latest = all.at(-1)?.version ?? 0;

  const check = (applied: readonly AppliedMigration[]): Set<number> => {
    verify(applied, known, latest);
    const done = new Set(applied.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const late = all.find((migration) => !done.has(migration.version) && migration.version < newest);
    if (late !== undefined) {
      throw new MigrationError(
        `Migration ${late.filename} is numbered below version ${newest}, which is already applied. ` +
          'Renumber it after the latest applied migration.',
      );
    }
    return done;
  };

  const done = check(await db.transaction(lockAndRead));
  const applied: number[] = [];
  for (const migration of all) {
    if (done.has(migration.version)) continue;
    const didApply = await db.transaction(async (tx) => {
      // Another process may have moved on while this one waited for the lock.
      if (check(await lockAndRead(tx)).has(migration.version)) return false;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.filename} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  return applied;
}

/**
 * A new store in memory with the service's migrations applied, as `openDatabase({})` and then `migrate` leave one.
 * The process's first is migrated; every later one starts from a copy of it, without the migrations' fifth of a
 * second of processor time (docs/decisions/096).
 */
export function openMigratedMemoryDatabase(): Promise<Database> {
  return openDatabase({ prepared: { key: `migrated:${MIGRATIONS_DIR}`, prepare: (db) => migrate(db) } });
}
