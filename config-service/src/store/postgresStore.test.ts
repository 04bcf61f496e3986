import { inject } from 'vitest';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { customerStoreContract } from './customerStore.contract.ts';
import { openPostgres } from './postgresDatabase.ts';

// A real PostgreSQL server (started for the test run, see scripts/vitestGlobalPostgres.mjs); each
// open() is a new connection pool, as another replica would have; "restart" is a new pool.
customerStoreContract('PostgreSQL', () => {
  let database: Promise<Awaited<ReturnType<typeof freshPostgresDatabase>>> | undefined;
  const fresh = () => (database ??= freshPostgresDatabase(inject('postgresUrl')));
  return {
    open: async () => openPostgres((await fresh()).url),
    dispose: async () => (await fresh()).drop(),
  };
});
