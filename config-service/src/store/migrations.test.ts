import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID_PATTERN, RELEASE_ID_PATTERN } from '@platform/schemas';

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
