import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql, Transaction } from './database.ts';
import { lockFolder } from './pgliteFolderLock.ts';

/**
 * PostgreSQL compiled to WebAssembly, in this process, persisted in `dataDir` (in memory without one):
 * `npm start` needs no database installed. It has one connection, so transactions run one at a time.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockFolder(dataDir) : () => undefined;
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    release();
    throw error;
  }
  return pgliteDatabase(db, release);
}

/** The Database over an open PGlite; `release` runs once it is closed. */
export function pgliteDatabase(db: PGlite, release: () => void = () => undefined): Database {
  const sql = (runner: Pick<PGlite, 'query'>): Sql => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => ({ rows: (await runner.query<Row>(text, [...params])).rows }),
  });
  return {
    kind: 'pglite',
    ...sql(db),
    exec: async (text) => void (await db.exec(text)),
    transaction: (work) => db.transaction((tx) => work({ ...sql(tx), exec: async (text) => void (await tx.exec(text)) } satisfies Transaction)),
    // One process, one connection: a notification cannot be missed, so there is no reconnecting.
    listen: async (channel, onNotify) => db.listen(channel, onNotify),
    connections: () => ({ total: 1 }),
    close: async () => {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
