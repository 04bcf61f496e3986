// The behaviour of the notification read store on every database it runs on; run against PGlite and a PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTarget } from './customerStore.contract.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { NotificationReadStore } from './notificationReadStore.ts';

export function notificationReadStoreContract(name: string, target: () => StoreTarget) {
  describe(`notification read store on ${name}`, () => {
    let t: StoreTarget;
    let db: Database;
    const opened: Database[] = [];

    beforeAll(async () => {
      t = target();
      db = await t.open();
      opened.push(db);
      await migrate(db);
      // PGlite starts and migrates in-process: slow on a busy machine.
    }, 120_000);
    afterAll(async () => {
      for (const d of opened.reverse()) await d.close().catch(() => undefined);
      await t.dispose?.();
    });

    it("keeps each user's marks apart, and shows them from another connection (another replica)", async () => {
      const store = new NotificationReadStore(db);
      await store.markRead('user-a', ['n-1', 'n-2']);
      await store.markRead('user-a', ['n-2']);
      await store.markRead('user-b', ['n-3']);
      const replica = await t.open();
      opened.push(replica);
      const other = new NotificationReadStore(replica);
      expect((await other.readBy('user-a')).sort()).toEqual(['n-1', 'n-2']);
      expect(await other.readBy('user-b')).toEqual(['n-3']);
      expect(await other.readBy('user-c')).toEqual([]);
    });

    it("keeps a user's newest marks only, dropping the oldest first, and leaves other users' alone", async () => {
      const store = new NotificationReadStore(db, 3);
      for (const id of ['c-1', 'c-2', 'c-3', 'c-4']) await store.markRead('user-capped', [id]);
      // Read again: moves up, so it outlives the marks made after it first was.
      await store.markRead('user-capped', ['c-2']);
      await store.markRead('user-capped', ['c-5']);
      expect(await store.readBy('user-capped')).toEqual(['c-5', 'c-2', 'c-4']);
      expect(await store.readBy('user-b')).toEqual(['n-3']);
    });
  });
}
