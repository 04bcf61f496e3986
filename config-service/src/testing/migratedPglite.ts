import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../store/database.ts';
import { migrate, readMigrations } from '../store/migrate.ts';
import { pgliteDatabase } from '../store/pgliteDatabase.ts';

// The package hides its package.json behind `exports`; its entry is dist/index.cjs.
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const pgliteVersion = (JSON.parse(readFileSync(join(pgliteDist, '../package.json'), 'utf8')) as { version: string }).version;

/**
 * Where the migrated template for this PGlite and these migrations is kept: the temp folder, under a
 * name made from both, so a changed migration or another PGlite makes a new one.
 */
function templatePath(): string {
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(
      readMigrations()
        .map((m) => m.checksum)
        .join(),
    )
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `pglite-migrated-${key}.tar`);
}

async function loadOrMake(): Promise<Blob> {
  const path = templatePath();
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const db = await PGlite.create();
  try {
    await migrate(pgliteDatabase(db));
    const dumped = await db.dumpDataDir('none');
    // Written whole, then renamed: a process reading it meanwhile sees the old name missing, not half a file.
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dumped.arrayBuffer()));
    renameSync(partial, path);
    return dumped;
  } finally {
    await db.close();
  }
}

let template: Promise<Blob> | undefined;

/**
 * An empty store with the migrations applied, in memory, for a test. Most of opening PGlite is its
 * initdb, run in WebAssembly (seconds on a busy 2-core machine, for each of the hundreds of stores the
 * tests open): the first test process to need one makes a migrated template and leaves it in the temp
 * folder, and every store after starts from a copy of it (about 2.5 times quicker).
 */
export async function openMigratedPglite(): Promise<Database> {
  template ??= loadOrMake();
  return pgliteDatabase(await PGlite.create({ loadDataDir: await template }));
}
