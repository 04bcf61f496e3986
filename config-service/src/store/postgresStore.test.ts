import { describe, expect, inject, it } from 'vitest';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { bundleStoreContract } from './bundleStore.contract.ts';
import { customerStoreContract, type StoreTarget } from './customerStore.contract.ts';
import { guardTallyStoreContract } from './guardTallyStore.contract.ts';
import { notificationReadStoreContract } from './notificationReadStore.contract.ts';
import { userDirectoryStoreContract } from './userDirectoryStore.contract.ts';
import { migrate, readMigrations } from './migrate.ts';
import { openPostgres } from './postgresDatabase.ts';

// A real PostgreSQL server (started for the test run, see scripts/vitestGlobalPostgres.mjs); each
// open() is a new connection pool, as another replica would have; "restart" is a new pool.
function postgresServer(): StoreTarget {
  let database: Promise<Awaited<ReturnType<typeof freshPostgresDatabase>>> | undefined;
  const fresh = () => (database ??= freshPostgresDatabase(inject('postgresUrl')));
  return {
    open: async () => openPostgres((await fresh()).url),
    dispose: async () => (await fresh()).drop(),
  };
}

customerStoreContract('PostgreSQL', postgresServer);
bundleStoreContract('PostgreSQL', postgresServer);
notificationReadStoreContract('PostgreSQL', postgresServer);
userDirectoryStoreContract('PostgreSQL', postgresServer);
guardTallyStoreContract('PostgreSQL', postgresServer);

describe('PostgreSQL specifics', () => {
  it('migrates a fresh database from several replicas at once, each migration once', async () => {
    const database = await freshPostgresDatabase(inject('postgresUrl'));
    const replicas = await Promise.all(Array.from({ length: 4 }, () => openPostgres(database.url)));
    try {
      const results = await Promise.all(replicas.map((db) => migrate(db)));
      expect(results.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(readMigrations().map((m) => m.version));
      const { rows } = await replicas[0]!.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]!.n).toBe(readMigrations().length);
    } finally {
      await Promise.all(replicas.map((db) => db.close()));
      await database.drop();
    }
  });

  it('listens again after the listening connection is killed, says so, and leaves nothing behind when stopped', async () => {
    const database = await freshPostgresDatabase(inject('postgresUrl'));
    const db = await openPostgres(database.url);
    const listening = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'")).rows[0]!
        .n;
    try {
      const heard: string[] = [];
      let reconnected = 0;
      const stop = await db.listen(
        'test_channel',
        (payload) => heard.push(payload),
        () => (reconnected += 1),
      );
      expect(await listening()).toBe(1);
      await db.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
      await expect.poll(() => reconnected, { timeout: 5_000 }).toBe(1);
      await db.query("select pg_notify('test_channel', 'after')");
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['after']);

      // Killed again, and stopped while the reconnect is pending: no listener may survive the stop.
      await db.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
      await stop();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await listening()).toBe(0);
      await db.query("select pg_notify('test_channel', 'too late')");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['after']);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
