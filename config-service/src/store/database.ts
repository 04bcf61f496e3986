/** What the store's SQL runs on: one interface over PGlite (embedded) and a PostgreSQL server. */
export interface Sql {
  /** One statement with $1-style parameters. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
}

/** Inside a transaction: also several statements at once (a migration file). */
export interface Transaction extends Sql {
  exec(text: string): Promise<void>;
}

export interface ConnectionCounts {
  /** Connections open (in use or idle). */
  total: number;
  idle?: number;
  /** Queries waiting for a connection. */
  waiting?: number;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with each NOTIFY payload on `channel`, and `onReconnect` after the listening
   * connection was lost and restored (notifications may have been missed meanwhile).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** The connections the queries run on, for the metrics; what the driver cannot tell is left out. */
  connections(): ConnectionCounts;
  close(): Promise<void>;
}
