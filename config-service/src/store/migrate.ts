import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { StartupError } from '../errors.ts';
import { inRepo } from '../repoPaths.ts';
import type { Database } from './database.ts';

// Beside this file in the sources; the compiled service reads the same folder (it ships with the SQL only).
const MIGRATIONS_DIR = pathToFileURL(`${inRepo('config-service/src/store/migrations')}/`);
const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** Any constant: replicas starting together take turns, so each migration runs once. */
const MIGRATION_LOCK = 7_310_245;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The migrations in `migrations/`, in order: `NNN_name.sql`, each number once. Gaps are allowed: parallel
 * branches reserve their numbers, and a branch merged before another leaves a gap for a while.
 */
export function readMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE.exec(file);
      if (!match) throw new MigrationError(`migration file '${file}' must be named NNN_name.sql`);
      const sql = readFileSync(new URL(file, dir), 'utf8');
      return { version: Number(match[1]), name: match[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
  migrations.forEach((m, i) => {
    const before = migrations[i - 1];
    if (before && m.version <= before.version)
      throw new MigrationError(`migration ${m.version}_${m.name} is out of sequence: number ${before.version} is taken by ${before.name}`);
  });
  return migrations;
}

/** A migration file is misnamed, out of sequence, or was changed after it was applied. */
export class MigrationError extends StartupError {
  constructor(message: string) {
    super('CFG_STORE_MIGRATION', message);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema up to date: each migration not yet applied runs in a transaction of its own and
 * is recorded with its checksum. An applied migration whose file has since changed is an error: the
 * database would no longer match what the files say.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = readMigrations()): Promise<{ applied: number[] }> {
  // Under the lock: PostgreSQL's `create table if not exists` is not safe against a concurrent twin.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      // Serialises replicas migrating at once; released at commit.
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query<{ checksum: string }>('select checksum from schema_migrations where version = $1', [migration.version]);
      if (rows[0]) {
        if (rows[0].checksum !== migration.checksum) {
          throw new MigrationError(`migration ${migration.version}_${migration.name} was changed after it was applied; add a new migration instead`);
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [migration.version, migration.name, migration.checksum]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return { applied };
}
