// The behaviour of the user directory on every database it runs on; run against PGlite and a PostgreSQL server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreTarget } from './customerStore.contract.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { type DirectoryEntry, UserDirectoryStore } from './userDirectoryStore.ts';

const user = (username: string, fields: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  username,
  sub: `sub-${username}`,
  email: `${username}@example.com`,
  givenName: 'Given',
  familyName: 'Family',
  customAuth: null,
  status: 'CONFIRMED',
  enabled: true,
  mfaSetUp: null,
  ...fields,
});
const claim = (customerId: string, extra: Record<string, unknown> = {}) => JSON.stringify({ role: 'Engineer', customerId, ...extra });
const emails = (entries: readonly DirectoryEntry[]) => entries.map((e) => e.email);
const past = (ms: number) => new Date(Date.now() - ms);

export function userDirectoryStoreContract(name: string, target: () => StoreTarget) {
  describe(`user directory on ${name}`, () => {
    let t: StoreTarget;
    let db: Database;
    let store: UserDirectoryStore;
    const opened: Database[] = [];

    beforeAll(async () => {
      t = target();
      db = await t.open();
      opened.push(db);
      await migrate(db);
    }, 120_000);
    beforeEach(async () => {
      await db.query('delete from user_directory');
      await db.query('delete from user_directory_removed');
      store = new UserDirectoryStore(db);
    });
    afterAll(async () => {
      for (const d of opened.reverse()) await d.close().catch(() => undefined);
      await t.dispose?.();
    });

    it("finds one customer's users by the claim as the platform reads it, and keeps the claim as written", async () => {
      await store.written([
        user('pat', { email: 'pat@acme.example', customAuth: '{"role":"Engineer","customerId":"ACME","modules":["HS"],"team":"blue"}' }),
        user('bob', { email: 'bob@globex.example', customAuth: claim('globex') }),
        user('staff', { email: 'staff@provider.example', customAuth: '{"role":"Admin"}' }),
      ]);
      const acme = await store.page({ customerId: 'acme', limit: 50 });
      expect(emails(acme.entries)).toEqual(['pat@acme.example']);
      expect(acme.entries[0]!.customAuth).toBe('{"role":"Engineer","customerId":"ACME","modules":["HS"],"team":"blue"}');
      expect(acme.next).toBeNull();
      expect(emails((await store.page({ limit: 50 })).entries)).toEqual(['bob@globex.example', 'pat@acme.example', 'staff@provider.example']);
      expect(await store.customerCounts()).toEqual(
        new Map([
          ['acme', 1],
          ['globex', 1],
        ]),
      );
    });

    it('pages in e-mail order without skipping or repeating a user, and searches the start of e-mail and names in any case', async () => {
      await store.written(
        Array.from({ length: 7 }, (_, i) =>
          user(`u${i}`, {
            email: `user${i}@acme.example`,
            givenName: i === 3 ? 'Zoë' : 'Ann',
            familyName: i === 5 ? "O'Brien_x" : 'Smith',
            customAuth: claim('acme'),
          }),
        ),
      );
      const seen: string[] = [];
      let after: readonly [string, string] | undefined;
      do {
        const page = await store.page({ customerId: 'acme', limit: 3, after });
        seen.push(...emails(page.entries));
        after = page.next ?? undefined;
      } while (after);
      expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `user${i}@acme.example`));
      expect(emails((await store.page({ query: 'ZO', limit: 50 })).entries)).toEqual(['user3@acme.example']);
      expect(emails((await store.page({ query: 'USER6', limit: 50 })).entries)).toEqual(['user6@acme.example']);
      // LIKE's own characters are taken literally.
      expect(emails((await store.page({ query: "o'brien_", limit: 50 })).entries)).toEqual(['user5@acme.example']);
      expect((await store.page({ query: 'o%', limit: 50 })).entries).toEqual([]);
      expect((await store.page({ query: 'mith', limit: 50 })).entries).toEqual([]);
    });

    it('lets no older word overwrite a newer one: a listing read before a change, a token issued before it', async () => {
      const readBefore = past(60_000);
      await store.written([user('pat', { customAuth: claim('acme', { modules: ['hs'] }), mfaSetUp: true })]);
      await store.listed([user('pat', { customAuth: claim('acme'), enabled: false })], readBefore);
      await store.signedIn({ ...user('pat'), customAuth: claim('globex') }, Math.floor(readBefore.getTime() / 1000));
      expect(await store.get('pat')).toMatchObject({ customAuth: claim('acme', { modules: ['hs'] }), enabled: true, mfaSetUp: true });

      // Newer words win, and a listing keeps the MFA state it cannot see.
      await store.listed([user('pat', { givenName: 'Patricia', customAuth: claim('acme') })], new Date(Date.now() + 1000));
      expect(await store.get('pat')).toMatchObject({ givenName: 'Patricia', mfaSetUp: true });
      await store.signedIn({ ...user('pat'), givenName: 'Pat' }, Math.floor(Date.now() / 1000) + 5);
      // A sign-in may follow setting MFA up: the state is asked again (decision 0091).
      expect(await store.get('pat')).toMatchObject({ givenName: 'Pat', status: 'CONFIRMED', enabled: true, mfaSetUp: null });
    });

    it('adds a user first seen at sign-in, and sweeps only those neither listed nor written since the reconciliation began', async () => {
      await store.written([user('gone'), user('kept'), user('invited-meanwhile')]);
      await db.query("update user_directory set updated_at = now() - interval '1 hour'");
      const startedAt = new Date();
      await store.listed([user('kept')], new Date(startedAt.getTime() - 1000));
      await store.written([user('invited-meanwhile')]);
      await store.signedIn(user('self-signed-up'), Math.floor(Date.now() / 1000) + 1);
      expect(await store.sweep(startedAt)).toBe(1);
      expect((await store.page({ limit: 50 })).entries.map((e) => e.username).sort()).toEqual(['invited-meanwhile', 'kept', 'self-signed-up']);
    });

    it('shows a change from another replica at once', async () => {
      const replica = await t.open();
      opened.push(replica);
      await new UserDirectoryStore(replica).written([user('pat', { customAuth: claim('acme') })]);
      expect(emails((await store.page({ customerId: 'acme', limit: 1 })).entries)).toEqual(['pat@example.com']);
      await store.removed('pat');
      expect(await new UserDirectoryStore(replica).get('pat')).toBeUndefined();
    });

    it('tells by sub whether a user is disabled, writing a disable at once over the row or as a new one (decision 0093)', async () => {
      await store.written([user('pat', { customAuth: claim('acme') })]);
      expect((await store.statusOf('sub-pat'))?.enabled).toBe(true);
      await store.setEnabled(user('pat'), false);
      expect((await store.statusOf('sub-pat'))?.enabled).toBe(false);
      // The rest of the row is kept: only the account's state changed.
      expect(await store.get('pat')).toMatchObject({ enabled: false, customAuth: claim('acme') });
      await store.setEnabled(user('pat'), true);
      expect((await store.statusOf('sub-pat'))?.enabled).toBe(true);
      // Not in the directory: nothing to say. A disable still takes.
      expect(await store.statusOf('sub-new')).toBeUndefined();
      await store.setEnabled(user('new', { sub: 'sub-new' }), false);
      expect((await store.statusOf('sub-new'))?.enabled).toBe(false);
    });

    it('records when a disabled user is enabled again, not when an enabled one is (decision 0098)', async () => {
      await store.written([user('pat')]);
      expect(await store.statusOf('sub-pat')).toEqual({ enabled: true, enabledAt: null, removed: false });
      await store.setEnabled(user('pat'), false);
      const before = Date.now() / 1000;
      await store.setEnabled(user('pat'), true);
      const enabledAt = (await store.statusOf('sub-pat'))?.enabledAt ?? 0;
      expect(enabledAt).toBeGreaterThan(before - 60);
      expect(enabledAt).toBeLessThan(before + 60);
      await store.setEnabled(user('pat'), true);
      await store.written([user('pat')]);
      expect((await store.statusOf('sub-pat'))?.enabledAt).toBe(enabledAt);
      // Enabled again at the pool's console: the listing that sees it says when.
      await store.written([user('pat', { enabled: false })]);
      await store.listed([user('pat')], new Date(Date.now() + 60_000));
      expect((await store.statusOf('sub-pat'))?.enabledAt).toBeGreaterThanOrEqual(enabledAt);
      expect((await store.statusOf('sub-pat'))?.enabled).toBe(true);
    });

    it('remembers who the pool removed, keeps a sign-in from bringing them back, and forgets it when the pool has them again (decision 0098)', async () => {
      await store.written([user('pat'), user('sam')]);
      await store.removed('pat');
      expect(await store.statusOf('sub-pat')).toMatchObject({ removed: true });
      await store.signedIn(user('pat'), Math.floor(Date.now() / 1000) + 5);
      expect(await store.get('pat')).toBeUndefined();
      await db.query("update user_directory set updated_at = now() - interval '1 hour'");
      expect(await store.sweep(new Date())).toBe(1);
      expect(await store.statusOf('sub-sam')).toMatchObject({ removed: true });
      await store.listed([user('pat')], new Date(Date.now() + 60_000));
      expect(await store.statusOf('sub-pat')).toEqual({ enabled: true, enabledAt: null, removed: false });
    });

    it('takes a username made again under a new sub as the removal of the old sub, whoever writes it (decision 0098)', async () => {
      await store.written([user('pat'), user('sam')]);
      await store.listed([user('pat', { sub: 'sub-pat-again' })], new Date(Date.now() + 60_000));
      await store.written([user('sam', { sub: 'sub-sam-again' })]);
      for (const old of ['sub-pat', 'sub-sam']) expect(await store.statusOf(old)).toMatchObject({ removed: true });
      expect(await store.statusOf('sub-pat-again')).toEqual({ enabled: true, enabledAt: null, removed: false });
      expect(await store.statusOf('sub-sam-again')).toEqual({ enabled: true, enabledAt: null, removed: false });
    });

    it("keeps a sign-in from changing which account a username is, and a listing's word from an older token (decision 0098)", async () => {
      await store.written([user('pat', { sub: 'sub-pat-again' })]);
      // The deleted account's token, issued after the row was written: its name, not its sub, may refresh.
      await store.signedIn({ ...user('pat'), givenName: 'Old' }, Math.floor(Date.now() / 1000) + 5);
      expect(await store.get('pat')).toMatchObject({ sub: 'sub-pat-again', givenName: 'Given' });
      expect(await store.statusOf('sub-pat-again')).toEqual({ enabled: true, enabledAt: null, removed: false });

      await store.written([user('sam', { customAuth: claim('acme') })]);
      await db.query("update user_directory set updated_at = now() - interval '1 hour'");
      const readAt = new Date();
      await store.listed([user('sam', { customAuth: claim('globex') })], readAt);
      await store.signedIn({ ...user('sam'), customAuth: claim('acme') }, Math.floor(readAt.getTime() / 1000) - 60);
      expect((await store.get('sam'))?.customAuth).toBe(claim('globex'));
    });

    it('keeps a removal that a listing page read before it cannot undo (decision 0098)', async () => {
      await store.written([user('pat')]);
      const readBefore = past(60_000);
      await store.removed('pat');
      await store.listed([user('pat')], readBefore);
      expect(await store.get('pat')).toBeUndefined();
      expect(await store.statusOf('sub-pat')).toMatchObject({ removed: true });
    });

    it('dates an enable when it took: before the pool was asked, or as the pool says of a console enable (decision 0098)', async () => {
      await store.written([user('pat', { enabled: false }), user('sam', { enabled: false })]);
      const asked = past(30_000);
      await store.setEnabled(user('pat'), true, asked);
      expect((await store.statusOf('sub-pat'))?.enabledAt).toBeCloseTo(asked.getTime() / 1000, 0);
      // Noticed by a listing minutes after the pool enabled them: the pool's date, not the listing's.
      const atConsole = past(600_000);
      await store.listed([user('sam', { modifiedAt: atConsole })], new Date(Date.now() + 60_000));
      expect((await store.statusOf('sub-sam'))?.enabledAt).toBeCloseTo(atConsole.getTime() / 1000, 0);
      // A pool whose clock runs ahead: never later than now.
      await store.written([user('sam', { enabled: false })]);
      await store.listed([user('sam', { modifiedAt: new Date(Date.now() + 3_600_000) })], new Date(Date.now() + 120_000));
      expect((await store.statusOf('sub-sam'))?.enabledAt).toBeLessThan(Date.now() / 1000 + 60);
    });
  });
}
