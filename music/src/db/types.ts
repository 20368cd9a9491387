/** A row as returned by the database: column name to value. */
export type Row = Record<string, unknown>;

export interface QueryResult<T extends Row = Row> {
  rows: T[];
  /** Rows returned or affected by the statement. */
  rowCount: number;
}

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one statement with `$1`-style parameters. JavaScript arrays are sent as
   * PostgreSQL arrays, so `unnest($1::text[])` bulk-inserts work on both engines.
   */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

/**
 * An open transaction. Besides parameterised statements it runs several statements at
 * once, which is how a migration file is applied inside its own transaction.
 */
export interface Transaction extends Queryable {
  /** Runs several statements without parameters. */
  exec(sql: string): Promise<void>;
}

/**
 * The music service's store: embedded PostgreSQL (PGlite) in a data folder by default,
 * a PostgreSQL server when a connection URL is given. Both return the same JavaScript
 * types for the same SQL types.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside `fn`, use `tx` only: the database itself refuses to be used from inside its own
   * transaction, because on the embedded engine that would wait forever for the
   * transaction to end.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
