// Migration 016 leaves one active publisher per issuer and subject, and old replicas registering (decision 0098).
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from './migrate.ts';
import { pgliteDatabase } from './pgliteDatabase.ts';
import { PublisherStore } from './publisherStore.ts';

describe('migration 016', () => {
  it('keeps the oldest of publishers differing only by audience and revokes the others, saying why', async () => {
    const db = pgliteDatabase(new PGlite());
    try {
      await migrate(
        db,
        readMigrations().filter((m) => m.version < 16),
      );
      const insert = (id: string, audience: string, at: string) =>
        db.query(
          `insert into trusted_publishers (id, issuer, audience, subject, modules, reason, created_by_sub, created_by_email, created_at)
           values ($1, 'https://ci.example', $2, 'repo:acme/lcc', '{lcc}', 'CI', 'staff', 'staff@example', $3)`,
          [id, audience, at],
        );
      await insert('00000000-0000-4000-8000-000000000002', 'later', '2026-11-02T00:00:00Z');
      await insert('00000000-0000-4000-8000-000000000001', 'first', '2026-11-01T00:00:00Z');
      await migrate(db);
      const active = await new PublisherStore(db).list();
      expect(active.map((publisher) => publisher.audience)).toEqual(['first']);
      const { rows } = await db.query<{ revoked_reason: string }>(`select revoked_reason from trusted_publishers where audience = 'later'`);
      expect(rows[0]?.revoked_reason).toMatch(/same issuer and subject/);
    } finally {
      await db.close();
    }
  });

  it('keeps the index a replica of the release before registers on, while a rolling deploy lasts', async () => {
    const db = pgliteDatabase(new PGlite());
    try {
      await migrate(db);
      // The previous release's registration, word for word but the values.
      const registerAsBefore = (id: string, audience: string) =>
        db.query(
          `insert into trusted_publishers (id, issuer, audience, subject, modules, reason, created_by_sub, created_by_email)
           values ($1, 'https://ci.example', $2, 'repo:acme/lcc', '{lcc}', 'CI', 'staff', 'staff@example')
           on conflict (issuer, audience, subject) where revoked_at is null do nothing
           returning id`,
          [id, audience],
        );
      expect((await registerAsBefore('00000000-0000-4000-8000-000000000001', 'first')).rows).toHaveLength(1);
      expect((await registerAsBefore('00000000-0000-4000-8000-000000000002', 'first')).rows).toHaveLength(0);
      // The stricter index holds for it too: a second audience is refused, not registered.
      await expect(registerAsBefore('00000000-0000-4000-8000-000000000003', 'other')).rejects.toThrow(/unique/);
    } finally {
      await db.close();
    }
  });
});
