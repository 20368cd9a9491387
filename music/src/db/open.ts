import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TransactionAbortedError as PGliteTransactionAbortedError } from '@electric-sql/pglite';
import type { ParserOptions, PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Pool, TypeOverrides, types as pgTypes } from 'pg';
import type { PoolClient } from 'pg';
import { createLogger } from '../ops/logger';
import { lockDataDir } from './data-dir-lock';
import { startFolderPGlite, startMemoryPGlite, startPreparedMemoryPGlite } from './memory-cluster';
import type { Database, QueryResult, Row, Transaction } from './types';

export interface OpenDatabaseOptions {
  /** A PostgreSQL server (`postgres://…`). When set, `dataDir` is ignored. */
  url?: string;
  /** The embedded database's folder, created if missing; `memory://` or unset keeps it in memory. */
  dataDir?: string;
  /**
   * Told about errors of idle pooled connections (a server restart, a dropped network
   * link). The pool replaces such a connection by itself; without a listener the error
   * would crash the process. Defaults to an error line of the service's log format on stdout.
   */
  onPoolError?: (error: Error) => void;
  /**
   * A new store in memory (no `url` or `dataDir`) as `prepare` leaves one: the process's first for `key` is opened
   * and prepared, and every later one starts from a copy of it, without preparing it again.
   */
  prepared?: { key: string; prepare: (db: Database) => Promise<unknown> };
}

/** A COMMIT that PostgreSQL turned into a ROLLBACK because a statement in the transaction had failed. */
export class TransactionAbortedError extends Error {
  constructor() {
    super(
      'The transaction was rolled back: one of its statements failed and the failure was caught inside the transaction.',
    );
    this.name = 'TransactionAbortedError';
  }
}

/** The same SQL type must come back as the same JavaScript type from both engines. */
const OID = {
  INT4_ARRAY: 1007,
  TEXT_ARRAY: 1009,
  INT8: 20,
  INT8_ARRAY: 1016,
  NUMERIC: 1700,
  DATE: 1082,
  DATE_ARRAY: 1182,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
} as const;

/*
 * What both engines already agree on is left alone: int2/int4/float4/float8 → number,
 * bool → boolean, text → string, json/jsonb → parsed value, arrays of these → arrays.
 * What follows settles the rest.
 *
 * int8 (bigint, and count(*)) and numeric become plain numbers: the ids, counts, totals and
 * durations of this service stay far below 2^53, where a number is exact. An int8 at or
 * beyond 2^53 fails the query (a RangeError) rather than come back silently rounded. Do not
 * store amounts that need more than 15 significant digits in numeric columns either.
 *
 * date stays the 'YYYY-MM-DD' string PostgreSQL sends: a calendar date has no time zone,
 * and turning it into a Date would shift it by the local offset on one engine but not on
 * the other.
 *
 * timestamp and timestamptz are parsed by node-postgres's own parser on both engines, so
 * every offset PostgreSQL can print is read the same way.
 */
const parseNumber = (value: string): number => Number(value);
const keepString = (value: string): string => value;
/** node-postgres's built-in parser of a type (its typings list the scalar type ids only). */
const builtinParser = pgTypes.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown;

function exactInteger(value: number): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(
      `A bigint value (${value}) is too large to be read exactly; this service keeps them below 2^53.`,
    );
  }
  return value;
}
const parseInt8 = (value: string): number => exactInteger(Number(value));

/** Checks every integer of a parsed, possibly nested, array. */
function exactIntegers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(exactIntegers);
  return typeof value === 'number' ? exactInteger(value) : value;
}

function pgTypeParsers(): TypeOverrides {
  const overrides = new TypeOverrides();
  overrides.setTypeParser(OID.INT8, 'text', parseInt8);
  overrides.setTypeParser(OID.NUMERIC, 'text', parseNumber);
  overrides.setTypeParser(OID.DATE, 'text', keepString);
  // node-postgres's int4[] and text[] parsers read int8[] and date[] the way we want them.
  const parseIntArray = builtinParser(OID.INT4_ARRAY, 'text');
  overrides.setTypeParser(OID.INT8_ARRAY, 'text', (value: string) => exactIntegers(parseIntArray(value)));
  overrides.setTypeParser(OID.DATE_ARRAY, 'text', builtinParser(OID.TEXT_ARRAY, 'text'));
  return overrides;
}

function pgliteParsers(): ParserOptions {
  // PGlite builds its array parsers from these element parsers, so arrays follow suit.
  return {
    [OID.INT8]: parseInt8,
    [OID.NUMERIC]: parseNumber,
    [OID.DATE]: keepString,
    [OID.TIMESTAMP]: builtinParser(OID.TIMESTAMP, 'text'),
    [OID.TIMESTAMPTZ]: builtinParser(OID.TIMESTAMPTZ, 'text'),
  };
}

/** Which database's transaction the current async call chain runs inside, if any. */
const currentTransaction = new AsyncLocalStorage<Database>();

function refuseInsideTransaction(db: Database, what: string): void {
  if (currentTransaction.getStore() === db) {
    throw new Error(
      `${what} was called on the database from inside one of its own transactions; use the transaction's \`tx\` instead.`,
    );
  }
}

function closedTransactionError(): Error {
  return new Error('The transaction has ended; its `tx` can no longer be used.');
}

/** Opens the music service's store: a PostgreSQL server when `url` is given, else embedded PostgreSQL. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.prepared !== undefined) {
    if (options.url !== undefined || (options.dataDir !== undefined && options.dataDir !== 'memory://')) {
      throw new Error('A prepared store is one in memory: it takes no server URL or data folder.');
    }
    return openPreparedPGlite(options.prepared);
  }
  if (options.url !== undefined) return openPostgres(options.url, options.onPoolError);
  return openPGlite(options.dataDir);
}

function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

async function openPostgres(url: string, onPoolError?: (error: Error) => void): Promise<Database> {
  const pool = await connectPool(url, onPoolError);
  let closing: Promise<void> | undefined;
  const db: Database = {
    kind: 'postgres',

    async query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      refuseInsideTransaction(db, 'query()');
      const result = await pool.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },

    async exec(sql: string): Promise<void> {
      refuseInsideTransaction(db, 'exec()');
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await pool.query(sql);
    },

    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return postgresTransaction(db, pool, fn);
    },

    close(): Promise<void> {
      closing ??= pool.end();
      return closing;
    },
  };
  return db;
}

/** A pool of connections to the server at `url`, checked to answer. */
async function connectPool(url: string, onPoolError?: (error: Error) => void): Promise<Pool> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('The database URL must start with postgres:// or postgresql://.');
  }
  const pool = new Pool({
    connectionString: url,
    // Enough for the service's concurrency without hogging a shared server's connections.
    max: 10,
    connectionTimeoutMillis: 10_000,
    application_name: 'graphonic-music',
    types: pgTypeParsers(),
  });
  pool.on(
    'error',
    onPoolError ??
      ((error) => {
        createLogger({ level: 'error', service: 'music' }).error(
          { err: error },
          'PostgreSQL: an idle connection failed',
        );
      }),
  );

  // Fail at start, with the server named, rather than at the first request.
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot reach PostgreSQL at ${describeServer(url)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return pool;
}

/** Runs `fn` in a transaction on one of the pool's connections: committed if it resolves, else rolled back. */
async function postgresTransaction<T>(db: Database, pool: Pool, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  refuseInsideTransaction(db, 'transaction()');
  const client = await pool.connect();
  let ended = false;
  const tx = postgresTx(() => {
    if (ended) throw closedTransactionError();
    return client;
  });

  // A connection whose ROLLBACK failed is in an unknown state: destroy it instead of reusing it.
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const value = await currentTransaction.run(db, () => fn(tx));
    ended = true;
    const commit = await client.query('COMMIT');
    if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
    return value;
  } catch (error) {
    ended = true;
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    ended = true;
    client.release(broken ?? false);
  }
}

/** The `tx` of a transaction on a pooled connection; `use` refuses once the transaction has ended. */
function postgresTx(use: () => PoolClient): Transaction {
  return {
    async query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await use().query<R>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await use().query(sql);
    },
  };
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  const { pglite, unlock } = await startPGlite(dataDir);
  return pgliteDatabase(pglite, unlock);
}

async function openPreparedPGlite({ key, prepare }: NonNullable<OpenDatabaseOptions['prepared']>): Promise<Database> {
  const pglite = await startPreparedMemoryPGlite(pgliteSettings(), key, async (fresh) => {
    await prepare(pgliteDatabase(fresh, undefined));
  });
  return pgliteDatabase(pglite, undefined);
}

/** The store over a started PGlite; `unlock` releases its folder's lock once it is closed. */
function pgliteDatabase(pglite: PGlite, unlock: (() => Promise<void>) | undefined): Database {
  let closing: Promise<void> | undefined;

  /*
   * PGlite is one PostgreSQL backend: it runs one statement at a time and has one session.
   * It queues `query`, `exec` and `transaction` calls itself, and a transaction holds the
   * queue from BEGIN to COMMIT, so concurrent callers never see each other's uncommitted
   * work (open.test.ts checks this).
   */
  const db: Database = {
    kind: 'pglite',

    async query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      refuseInsideTransaction(db, 'query()');
      const result = await pglite.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },

    async exec(sql: string): Promise<void> {
      refuseInsideTransaction(db, 'exec()');
      await pglite.exec(sql);
    },

    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pgliteTransaction(db, pglite, fn);
    },

    close(): Promise<void> {
      closing ??= (async () => {
        try {
          await pglite.close();
        } finally {
          await unlock?.();
        }
      })();
      return closing;
    },
  };
  return db;
}

function pgliteSettings(): { parsers: ParserOptions; extensions: { pg_trgm: typeof pg_trgm } } {
  // PGlite can only run the extensions it was given at start; a PostgreSQL server ships
  // pg_trgm with its contrib modules. No query uses it any more (0010 dropped its indexes),
  // but 0001 creates it and every new store runs 0001. Loading it costs no measurable time.
  return { parsers: pgliteParsers(), extensions: { pg_trgm } };
}

/**
 * Starts embedded PostgreSQL in memory, or on the folder `dataDir` (created if missing) under a
 * lock that keeps other processes off it; `unlock` releases that lock.
 */
async function startPGlite(
  dataDir: string | undefined,
): Promise<{ pglite: PGlite; unlock: (() => Promise<void>) | undefined }> {
  const settings = pgliteSettings();
  if (dataDir === undefined || dataDir === 'memory://') {
    return { pglite: await startMemoryPGlite(settings), unlock: undefined };
  }
  const folder = resolve(dataDir);
  await mkdir(folder, { recursive: true });
  const unlock = await lockDataDir(folder);
  try {
    return { pglite: await startFolderPGlite(folder, settings), unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Runs `fn` in a PGlite transaction, which holds PGlite's queue until it ends. */
async function pgliteTransaction<T>(db: Database, pglite: PGlite, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  refuseInsideTransaction(db, 'transaction()');
  try {
    return await pglite.transaction((inner: PGliteTransaction) => {
      const tx = pgliteTx(() => {
        if (inner.closed) throw closedTransactionError();
        return inner;
      });
      return currentTransaction.run(db, () => fn(tx));
    });
  } catch (error) {
    // Report an aborted COMMIT with the same error as on PostgreSQL.
    if (error instanceof PGliteTransactionAbortedError) throw new TransactionAbortedError();
    throw error;
  }
}

/** The `tx` of a PGlite transaction; `use` refuses once the transaction has ended. */
function pgliteTx(use: () => PGliteTransaction): Transaction {
  return {
    async query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await use().query<R>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await use().exec(sql);
    },
  };
}
