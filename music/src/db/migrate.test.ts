import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines } from './__fixtures__/engines';
import type { IsolatedDatabase } from './__fixtures__/engines';
import { listMigrations, migrate, MigrationError, MIGRATIONS_DIR, openMigratedMemoryDatabase } from './migrate';
import type { MigrationSource } from './migrate';
import { preparedStarts } from './memory-cluster';
import { openDatabase } from './open';
import type { Database } from './types';

const FIXTURES = join(import.meta.dirname, '__fixtures__', 'migrations');

const engines = await testEngines();

describe('listMigrations', () => {
  let dir: string | undefined;

  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reads NNNN_name.sql files in version order with their checksums, and ignores other files', async () => {
    const migrations = await listMigrations(FIXTURES);
    expect(migrations.map(({ version, name, filename }) => ({ version, name, filename }))).toEqual([
      { version: 1, name: 'fixture_items', filename: '0001_fixture_items.sql' },
      { version: 2, name: 'fixture_tags', filename: '0002_fixture_tags.sql' },
    ]);
    const sql = await readFile(join(FIXTURES, '0001_fixture_items.sql'), 'utf8');
    expect(migrations[0]?.sql).toBe(sql);
    expect(migrations[0]?.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
  });

  it('gives the same checksum whatever the line endings', async () => {
    dir = await mkdtemp(join(tmpdir(), 'graphonic-migrations-'));
    await writeFile(join(dir, '0001_a.sql'), 'SELECT 1;\nSELECT 2;\n');
    await writeFile(join(dir, '0002_a.sql'), 'SELECT 1;\r\nSELECT 2;\r\n');
    const [unix, windows] = await listMigrations(dir);
    expect(unix?.checksum).toBe(windows?.checksum);
  });

  it('refuses a .sql file that is not named NNNN_name.sql, naming it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'graphonic-migrations-'));
    await writeFile(join(dir, '0001_fine.sql'), 'SELECT 1;');
    await writeFile(join(dir, 'catalog.sql'), 'SELECT 1;');
    await expect(listMigrations(dir)).rejects.toThrow(/catalog\.sql: a migration file must be named NNNN_name\.sql/);
  });

  it('refuses two files with the same version, naming both', async () => {
    dir = await mkdtemp(join(tmpdir(), 'graphonic-migrations-'));
    await writeFile(join(dir, '0003_one.sql'), 'SELECT 1;');
    await writeFile(join(dir, '003_other.sql'), 'SELECT 1;');
    await expect(listMigrations(dir)).rejects.toThrow(
      /(0003_one\.sql and 003_other|003_other\.sql and 0003_one)\.sql have the same version 3/,
    );
  });

  it("reads the service's own folder next to the module", async () => {
    expect(MIGRATIONS_DIR).toBe(join(import.meta.dirname, 'migrations'));
    const migrations = await listMigrations();
    const versions = migrations.map((migration) => migration.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});

for (const engine of engines) {
  describe.runIf(engine.enabled)(`migrate on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase | undefined;
    let db: Database;

    beforeEach(async () => {
      isolated = await engine.isolate();
      db = isolated.db;
    }, OPEN_TIMEOUT_MS);

    afterEach(async () => {
      await isolated?.dispose();
      isolated = undefined;
    });

    afterAll(async () => {
      await engine.shutdown();
    });

    async function history(on: Database = db) {
      const { rows } = await on.query<{ version: number; name: string; checksum: string; applied_at: Date }>(
        'SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version',
      );
      return rows;
    }

    async function fixtures(): Promise<MigrationSource[]> {
      return listMigrations(FIXTURES);
    }

    it('applies the migrations in order, each recorded with its checksum', async () => {
      expect(await migrate(db, FIXTURES)).toEqual([1, 2]);

      const listed = await listMigrations(FIXTURES);
      const rows = await history();
      const summary = ({ version, name, checksum }: { version: number; name: string; checksum: string }) => ({
        version,
        name,
        checksum,
      });
      expect(rows.map(summary)).toEqual(listed.map(summary));
      for (const row of rows) expect(row.applied_at).toBeInstanceOf(Date);
      // Both files' statements ran, the dollar-quoted function body included.
      const { rows: counted } = await db.query(
        'SELECT fixture_tag_count(1) AS tags, (SELECT name FROM fixture_items) AS name',
      );
      expect(counted).toEqual([{ tags: 2, name: 'first; with a semicolon' }]);
    });

    it('applies nothing the second time', async () => {
      await migrate(db, FIXTURES);
      const before = await history();
      expect(await migrate(db, FIXTURES)).toEqual([]);
      expect(await history()).toEqual(before);
    });

    it('applies only the migrations added since the last run', async () => {
      const [first, second] = await fixtures();
      if (first === undefined || second === undefined) throw new Error('fixtures missing');
      expect(await migrate(db, [first])).toEqual([1]);
      expect(await migrate(db, [second, first])).toEqual([2]);
      expect((await history()).map((row) => row.version)).toEqual([1, 2]);
    });

    it('refuses to start when an applied migration has changed, naming its file, and applies nothing', async () => {
      const [first, second] = await fixtures();
      if (first === undefined || second === undefined) throw new Error('fixtures missing');
      await migrate(db, [first]);
      const changed = { ...first, sql: `${first.sql}\nALTER TABLE fixture_items ADD COLUMN extra text;\n` };

      const run = migrate(db, [changed, second]);
      await expect(run).rejects.toBeInstanceOf(MigrationError);
      await expect(run).rejects.toThrow(/Migration 0001_fixture_items\.sql was changed after it was applied/);
      expect((await history()).map((row) => row.version)).toEqual([1]);
    });

    it('refuses to start when the database is newer than the code', async () => {
      await migrate(db, FIXTURES);
      const [first] = await fixtures();
      if (first === undefined) throw new Error('fixtures missing');
      await expect(migrate(db, [first])).rejects.toThrow(
        /The database is at schema version 2 \(fixture_tags\), newer than this code knows \(latest 1\)/,
      );
    });

    it('refuses to start when an applied migration is missing from the code', async () => {
      await migrate(db, FIXTURES);
      const [, second] = await fixtures();
      if (second === undefined) throw new Error('fixtures missing');
      await expect(migrate(db, [second])).rejects.toThrow(
        /Migration 0001_fixture_items\.sql was applied .* missing from the code/,
      );
    });

    it('refuses a new migration numbered below one already applied', async () => {
      const [first] = await fixtures();
      if (first === undefined) throw new Error('fixtures missing');
      const third: MigrationSource = { version: 3, name: 'third', sql: 'CREATE TABLE third (id int);' };
      const late: MigrationSource = { version: 2, name: 'late', sql: 'CREATE TABLE late (id int);' };
      await migrate(db, [first, third]);
      await expect(migrate(db, [first, late, third])).rejects.toThrow(
        /Migration 0002_late\.sql is numbered below version 3/,
      );
    });

    it('rolls back a failing migration, names its file, and keeps the ones before it', async () => {
      const [first] = await fixtures();
      if (first === undefined) throw new Error('fixtures missing');
      const broken: MigrationSource = {
        version: 2,
        name: 'broken',
        sql: 'CREATE TABLE half_done (id int);\nSELECT no_such_column FROM fixture_items;',
      };
      await expect(migrate(db, [first, broken])).rejects.toThrow(/Migration 0002_broken\.sql failed: .*no_such_column/);
      expect((await history()).map((row) => row.version)).toEqual([1]);
      const { rows } = await db.query("SELECT to_regclass('half_done') IS NULL AS gone");
      expect(rows).toEqual([{ gone: true }]);

      // Once fixed, it applies.
      expect(await migrate(db, [first, { ...broken, sql: 'CREATE TABLE half_done (id int);' }])).toEqual([2]);
    });

    it('applies each migration once when two services start at the same time', async () => {
      // On PostgreSQL a second connection pool stands for a second process; PGlite has one session.
      const other = engine.kind === 'postgres' ? await isolated?.openAnother() : db;
      if (other === undefined) throw new Error('no second database');
      const [a, b] = await Promise.all([migrate(db, FIXTURES), migrate(other, FIXTURES)]);
      expect([...a, ...b].sort()).toEqual([1, 2]);
      expect((await history()).map((row) => row.version)).toEqual([1, 2]);
      expect((await db.query('SELECT count(*) AS n FROM fixture_items')).rows).toEqual([{ n: 1 }]);
    });

    it("applies the service's own migrations, and nothing the second time", async () => {
      const own = await listMigrations();
      expect(await migrate(db)).toEqual(own.map((migration) => migration.version));
      expect(await migrate(db)).toEqual([]);
    });

    it('drops the unused name trigram indexes, from a store made before they went too', async () => {
      const own = await listMigrations();
      const indexes = async () =>
        (
          await db.query<{ name: string }>(
            "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%_trgm'",
          )
        ).rows.map((row) => row.name);
      await migrate(
        db,
        own.filter((migration) => migration.version <= 8),
      );
      expect((await indexes()).length).toBe(6);
      await migrate(db);
      expect(await indexes()).toEqual([]);
    });
  });
}

describe('openMigratedMemoryDatabase', () => {
  it(
    'opens stores in memory with every migration applied, each its own, the later ones from a copy',
    async () => {
      const versions = (await listMigrations()).map((migration) => migration.version);
      const stores = [await openMigratedMemoryDatabase(), await openMigratedMemoryDatabase()];
      try {
        const before = { ...preparedStarts };
        const third = await openMigratedMemoryDatabase();
        stores.push(third);
        // Started from the copy, not migrated again.
        expect(preparedStarts).toEqual({ prepared: before.prepared, copied: before.copied + 1 });
        for (const db of stores) {
          const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
          expect(applied.rows.map((row) => row.version)).toEqual(versions);
          expect(await migrate(db)).toEqual([]);
        }
        // What one writes, the others do not see.
        await third.query(
          "INSERT INTO artists (id, name, popularity, followers) VALUES ('only-in-third', 'Only in the third', 0, 0)",
        );
        for (const db of stores) {
          const found = await db.query("SELECT 1 FROM artists WHERE id = 'only-in-third'");
          expect(found.rowCount).toBe(db === third ? 1 : 0);
        }
      } finally {
        await Promise.all(stores.map((db) => db.close()));
      }
    },
    OPEN_TIMEOUT_MS,
  );

  it('refuses a data folder or a server: such a store is one in memory', async () => {
    const prepared = { key: 'refused', prepare: () => Promise.resolve() };
    const refusal = 'A prepared store is one in memory: it takes no server URL or data folder.';
    const folder = await mkdtemp(join(tmpdir(), 'graphonic-prepared-'));
    try {
      await expect(openDatabase({ dataDir: folder, prepared })).rejects.toThrow(refusal);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await expect(openDatabase({ url: 'postgres://127.0.0.1:5432/test', prepared })).rejects.toThrow(refusal);
  });
});
