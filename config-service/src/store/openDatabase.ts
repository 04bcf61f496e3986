import { join } from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pgliteDatabase.ts';
import { openPostgres } from './postgresDatabase.ts';

export interface DatabaseSettings {
  /** A PostgreSQL server; unset: PGlite persisted under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  onError?: (error: Error) => void;
}

/** Opens the database the settings name and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const db = settings.databaseUrl
    ? await openPostgres(settings.databaseUrl, { onError: settings.onError })
    : await openPglite(join(settings.dataDir, 'pglite'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
