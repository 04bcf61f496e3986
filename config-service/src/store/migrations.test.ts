import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID_PATTERN, RELEASE_ID_PATTERN } from '@platform/schemas';
import { readMigrations } from './migrate.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

describe('migrations', () => {
  // An applied migration is never edited, so it keeps its own copy of the rule; this keeps the two equal.
  it("check customer ids in the database with the contracts' pattern", () => {
    const sql = readFileSync(new URL('migrations/001_customer_module_switches.sql', import.meta.url), 'utf8');
    expect(sql).toContain(`id text primary key check (id ~ '${CUSTOMER_ID_PATTERN}')`);
  });

  it("check release ids in the database with the contracts' pattern", () => {
    const sql = readFileSync(new URL('migrations/003_longer_release_ids.sql', import.meta.url), 'utf8');
    expect(sql).toContain(`check (id ~ '${RELEASE_ID_PATTERN}')`);
  });
});

describe('the migrations folder', () => {
  const folder = (files: string[]) => {
    const dir = tempFolder('migrations-');
    for (const file of files) writeFileSync(join(dir, file), 'select 1;');
    return pathToFileURL(`${dir}/`);
  };

  it('takes numbers with gaps, as branches that reserved theirs leave them, in order', () => {
    expect(readMigrations(folder(['001_a.sql', '003_c.sql', '010_j.sql'])).map((m) => m.version)).toEqual([1, 3, 10]);
  });

  it('refuses a number taken twice', () => {
    expect(() => readMigrations(folder(['001_a.sql', '002_b.sql', '002_c.sql']))).toThrow(/migration 2_c is out of sequence: number 2 is taken by b/);
  });
});
