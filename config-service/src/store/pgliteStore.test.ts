import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { bundleStoreContract } from './bundleStore.contract.ts';
import { customerStoreContract, type StoreTarget } from './customerStore.contract.ts';
import { guardTallyStoreContract } from './guardTallyStore.contract.ts';
import { notificationReadStoreContract } from './notificationReadStore.contract.ts';
import { userDirectoryStoreContract } from './userDirectoryStore.contract.ts';
import { openPglite } from './pgliteDatabase.ts';

// PGlite persisted in a folder, as `npm start` uses it. It is one connection per folder, so the
// suite's "connections" share one instance, which really closes when the last one does; opening
// after that reads the folder again, which is the restart.
function pgliteFolder(): StoreTarget {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-store-'));
  let shared: Database | undefined;
  let users = 0;
  return {
    async open() {
      shared ??= await openPglite(dir);
      users += 1;
      const db = shared;
      let closed = false;
      return {
        ...db,
        async close() {
          if (closed) return;
          closed = true;
          users -= 1;
          if (users === 0) {
            shared = undefined;
            await db.close();
          }
        },
      };
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

customerStoreContract('PGlite', pgliteFolder);
bundleStoreContract('PGlite', pgliteFolder);
notificationReadStoreContract('PGlite', pgliteFolder);
userDirectoryStoreContract('PGlite', pgliteFolder);
guardTallyStoreContract('PGlite', pgliteFolder);
