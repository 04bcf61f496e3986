import { describe, expect, it } from 'vitest';
import { readMigrations } from '../store/migrate.ts';
import { openMigratedPglite } from './migratedPglite.ts';

describe('openMigratedPglite', () => {
  it('opens stores that hold every migration and nothing of one another', async () => {
    const [first, second] = [await openMigratedPglite(), await openMigratedPglite()];
    try {
      const applied = await first.query<{ version: number }>('select version from schema_migrations order by version');
      expect(applied.rows.map((r) => Number(r.version))).toEqual(readMigrations().map((m) => m.version));
      await first.query("insert into customers (id, name) values ('only-here', 'Only here')");
      expect((await second.query('select id from customers')).rows).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
