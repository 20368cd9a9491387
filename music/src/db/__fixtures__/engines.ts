import { randomBytes } from 'node:crypto';
import { hasPostgres, POSTGRES_URL } from '../../../../test-support/services';
import { openDatabase } from '../open';
import type { Database, Queryable, QueryResult, Row } from '../types';

/**
 * The storage tests run one suite against both engines: PGlite in memory always, and
 * the PostgreSQL server when it answers. Each test gets a schema of its own, because
 * several test files share the one PostgreSQL database at the same time, and PGlite,
 * slow to start, is opened once per file and shared by its tests.
 */

export interface IsolatedDatabase {
  /** A database whose tables land in a new, empty schema. */
  db: Database;
  schema: string;
  /** Another connection pool on the same schema, as a second service process would open (PostgreSQL only). */
  openAnother(): Promise<Database>;
  /** Drops the schema and closes what was opened for it. */
  dispose(): Promise<void>;
}

export interface TestEngine {
  kind: Database['kind'];
  /** False when PostgreSQL is not reachable outside CI: its suite is skipped. */
  enabled: boolean;
  isolate(): Promise<IsolatedDatabase>;
  /** Closes what the engine opened for the whole file. */
  shutdown(): Promise<void>;
}

/** Opening PGlite takes a few seconds, longer on a busy machine. */
export const OPEN_TIMEOUT_MS = 60_000;

function newSchemaName(): string {
  return `test_${randomBytes(6).toString('hex')}`;
}

/** `url` with every connection's search_path set to `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema},public`);
  return parsed.toString();
}

function pgliteEngine(): TestEngine {
  let shared: Promise<Database> | undefined;
  return {
    kind: 'pglite',
    enabled: true,
    async isolate() {
      shared ??= openDatabase({ dataDir: 'memory://' });
      const db = await shared;
      const schema = newSchemaName();
      // PGlite has a single session, so the search_path set here applies to all its statements.
      await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}, public`);
      return {
        db,
        schema,
        openAnother: () => Promise.reject(new Error('PGlite cannot be opened twice in memory.')),
        async dispose() {
          await db.exec(`DROP SCHEMA ${schema} CASCADE; RESET search_path`);
        },
      };
    },
    async shutdown() {
      const opened = shared;
      shared = undefined;
      if (opened !== undefined) await (await opened).close();
    },
  };
}

function postgresEngine(enabled: boolean): TestEngine {
  let admin: Promise<Database> | undefined;
  return {
    kind: 'postgres',
    enabled,
    async isolate() {
      admin ??= openDatabase({ url: POSTGRES_URL });
      const adminDb = await admin;
      const schema = newSchemaName();
      await adminDb.exec(`CREATE SCHEMA ${schema}`);
      const url = withSearchPath(POSTGRES_URL, schema);
      const opened: Database[] = [];
      const openAnother = async () => {
        const db = await openDatabase({ url });
        opened.push(db);
        return db;
      };
      return {
        db: await openAnother(),
        schema,
        openAnother,
        async dispose() {
          await Promise.all(opened.map((db) => db.close()));
          await adminDb.exec(`DROP SCHEMA ${schema} CASCADE`);
        },
      };
    },
    async shutdown() {
      const opened = admin;
      admin = undefined;
      if (opened !== undefined) await (await opened).close();
    },
  };
}

/** Both engines; the PostgreSQL one enabled when the server answers (and required in CI). */
export async function testEngines(): Promise<TestEngine[]> {
  return [pgliteEngine(), postgresEngine(await hasPostgres())];
}

/** The store, counting the statements run through it. */
export function counting(db: Queryable): { db: Queryable; reads: () => number } {
  let reads = 0;
  return {
    reads: () => reads,
    db: {
      query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
        reads += 1;
        return db.query<T>(sql, params);
      },
    },
  };
}
