// The behaviour every database the store runs on must show; run against PGlite and a PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { CustomerStore, type SwitchChange } from './customerStore.ts';
import { migrate, MigrationError, readMigrations } from './migrate.ts';

export interface StoreTarget {
  /** Opens a connection to the same database; each call is another replica's connection. */
  open(): Promise<Database>;
  /** Removes the database after the suite. */
  dispose?(): Promise<void>;
}

const operator = { sub: 'op-1', email: 'olivia@provider.example' };
const other = { sub: 'op-2', email: 'oscar@provider.example' };

export function customerStoreContract(name: string, target: () => StoreTarget) {
  describe(`customer store on ${name}`, () => {
    let t: StoreTarget;
    let db: Database;
    let store: CustomerStore;
    const opened: Database[] = [];
    const open = async () => {
      const next = await t.open();
      opened.push(next);
      return next;
    };

    beforeAll(async () => {
      t = target();
      db = await open();
      await migrate(db);
      store = new CustomerStore(db);
      await store.createCustomer({ id: 'acme', name: 'Acme Industrial' }, { mr: true, lb: false }, operator);
      await store.createCustomer({ id: 'globex', name: 'Globex Energy' }, { mr: true }, operator);
    });
    afterAll(async () => {
      for (const d of opened.reverse()) await d.close().catch(() => undefined);
      await t.dispose?.();
    });

    const read = async (customerId: string, key: string) => (await store.switchesOf(customerId)).get(key);
    const auditCount = async (customerId: string, moduleKey: string) => (await store.audit(customerId, { limit: 1000, moduleKey })).length;

    it('migrates once: a second run applies nothing, and an edited migration is refused', async () => {
      expect((await migrate(db)).applied).toEqual([]);
      const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
      await expect(migrate(db, edited)).rejects.toThrow(MigrationError);
    });

    it('seeds a customer once; seeding again changes nothing', async () => {
      expect(await store.createCustomer({ id: 'acme', name: 'Renamed' }, { mr: false }, operator)).toBe(false);
      expect(await store.getCustomer('acme')).toEqual({ id: 'acme', name: 'Acme Industrial', version: 1 });
      expect(await read('acme', 'mr')).toEqual({ enabled: true, version: 1 });
      expect((await store.listCustomers()).map((c) => c.id)).toEqual(['acme', 'globex']);
    });

    it("adds an operator's customer with its audit entry, and tells every connection", async () => {
      const replicaDb = await open();
      const seen: SwitchChange[] = [];
      const stop = await new CustomerStore(replicaDb).onChange(
        (c) => seen.push(c),
        () => undefined,
      );
      expect(await store.createCustomer({ id: 'initech', name: 'Initech' }, { mr: false }, operator, 'contract signed')).toBe(true);
      expect(await store.createCustomer({ id: 'initech', name: 'Twin' }, { mr: true }, other, 'again')).toBe(false);
      expect(await read('initech', 'mr')).toEqual({ enabled: false, version: 1 });
      const entries = await store.audit('initech', { limit: 10 });
      expect(entries).toEqual([
        expect.objectContaining({ action: 'created', actor: operator, moduleKey: null, before: null, after: null, name: { before: null, after: 'Initech' } }),
      ]);
      // A switch filter shows switches only.
      expect(await store.audit('initech', { limit: 10, moduleKey: 'mr' })).toEqual([]);
      await expect.poll(() => seen, { timeout: 2_000 }).toEqual([{ customerId: 'initech', moduleKey: null, version: 1 }]);
      await stop();
    });

    it('renames a customer at the version read only, audited; a stale version gets the current record', async () => {
      const renamed = await store.renameCustomer({ customerId: 'initech', name: 'Initech Rail', reason: 'rebranded', expectedVersion: 1, actor: operator });
      expect(renamed).toEqual({ outcome: 'written', customer: { id: 'initech', name: 'Initech Rail', version: 2 } });
      const stale = await store.renameCustomer({ customerId: 'initech', name: 'Old', reason: 'late', expectedVersion: 1, actor: other });
      expect(stale).toEqual({ outcome: 'conflict', current: { id: 'initech', name: 'Initech Rail', version: 2 } });
      expect(await store.renameCustomer({ customerId: 'nobody', name: 'X', reason: 'x', expectedVersion: 1, actor: other })).toEqual({ outcome: 'missing' });
      const [entry] = await store.audit('initech', { limit: 1 });
      expect(entry).toMatchObject({ action: 'renamed', name: { before: 'Initech', after: 'Initech Rail' }, version: 2, reason: 'rebranded', actor: operator });
      // A failed audit insert (a reason over its limit) leaves the name as it was.
      await expect(
        store.renameCustomer({ customerId: 'initech', name: 'Lost', reason: 'x'.repeat(501), expectedVersion: 2, actor: operator }),
      ).rejects.toThrow();
      expect(await store.getCustomer('initech')).toEqual({ id: 'initech', name: 'Initech Rail', version: 2 });
    });

    it('pages 5,000 customers by name in limit-sized pages and searches ids and names', async () => {
      await db.query(`insert into customers (id, name) select 'p' || lpad(i::text, 4, '0'), 'Plant ' || lpad(i::text, 4, '0') from generate_series(1, 5000) i`);
      const all = (await store.listCustomers()).map((c) => c.id);
      const paged: string[] = [];
      for (let page = await store.pageCustomers({ limit: 500 }); page.length; ) {
        expect(page.length).toBeLessThanOrEqual(500);
        paged.push(...page.map((c) => c.id));
        const last = page.at(-1)!;
        page = await store.pageCustomers({ limit: 500, after: [last.name, last.id] });
      }
      expect(paged).toEqual(all);
      expect((await store.pageCustomers({ query: 'p123', limit: 100 })).map((c) => c.id)).toEqual(Array.from({ length: 10 }, (_, i) => `p123${i}`));
      expect((await store.pageCustomers({ query: 'PLANT 4999', limit: 10 })).map((c) => c.id)).toEqual(['p4999']);
      expect((await store.pageCustomers({ query: 'rail', limit: 10 })).map((c) => c.name)).toEqual(['Initech Rail']);
      expect(await store.pageCustomers({ query: '_', limit: 10 })).toEqual([]);
      expect((await store.existingIds(['p0001', 'nobody', 'acme'])).size).toBe(2);
    });

    it('writes a switch at the version read, bumps the version and audits who, what and why', async () => {
      const result = await store.setSwitch({
        customerId: 'acme',
        moduleKey: 'lb',
        enabled: true,
        reason: 'pilot starts',
        expectedVersion: 1,
        defaultEnabled: true,
        actor: operator,
      });
      expect(result).toEqual({ outcome: 'written', before: false, switch: { enabled: true, version: 2 } });
      expect(await read('acme', 'lb')).toEqual({ enabled: true, version: 2 });
      const [entry] = await store.audit('acme', { limit: 1, moduleKey: 'lb' });
      expect(entry).toMatchObject({ actor: operator, customerId: 'acme', moduleKey: 'lb', before: false, after: true, version: 2, reason: 'pilot starts' });
      expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
    });

    it('refuses a write at a stale version, returning the current state and writing nothing', async () => {
      const before = await auditCount('acme', 'lb');
      const result = await store.setSwitch({
        customerId: 'acme',
        moduleKey: 'lb',
        enabled: false,
        reason: 'late',
        expectedVersion: 1,
        defaultEnabled: true,
        actor: other,
      });
      expect(result).toEqual({ outcome: 'conflict', current: { enabled: true, version: 2 } });
      expect(await read('acme', 'lb')).toEqual({ enabled: true, version: 2 });
      expect(await auditCount('acme', 'lb')).toBe(before);
    });

    it('writes a never-set switch from version 0, its before being the default', async () => {
      const result = await store.setSwitch({
        customerId: 'globex',
        moduleKey: 'td',
        enabled: false,
        reason: 'not licensed',
        expectedVersion: 0,
        defaultEnabled: true,
        actor: operator,
      });
      expect(result).toEqual({ outcome: 'written', before: true, switch: { enabled: false, version: 1 } });
      const again = await store.setSwitch({
        customerId: 'globex',
        moduleKey: 'td',
        enabled: true,
        reason: 'stale',
        expectedVersion: 0,
        defaultEnabled: true,
        actor: other,
      });
      expect(again).toEqual({ outcome: 'conflict', current: { enabled: false, version: 1 } });
    });

    it('leaves the previous state whole when a write fails part-way', async () => {
      const before = await read('acme', 'mr');
      const audits = await auditCount('acme', 'mr');
      // The audit insert fails (reason over the column's limit) after the switch row was updated.
      await expect(
        store.setSwitch({
          customerId: 'acme',
          moduleKey: 'mr',
          enabled: false,
          reason: 'x'.repeat(501),
          expectedVersion: before!.version,
          defaultEnabled: true,
          actor: operator,
        }),
      ).rejects.toThrow();
      expect(await read('acme', 'mr')).toEqual(before);
      expect(await auditCount('acme', 'mr')).toBe(audits);
    });

    it('loses no update with 100 concurrent writers on one switch, and audits each accepted write', async () => {
      const start = (await read('globex', 'mr'))!;
      const auditsBefore = await auditCount('globex', 'mr');
      // Writers on connections of their own where the database has them (several replicas' worth).
      const writerDbs = db.kind === 'postgres' ? await Promise.all([open(), open()]) : [db];
      const writers = Array.from({ length: 100 }, (_, i) => async () => {
        const own = new CustomerStore(writerDbs[i % writerDbs.length]!);
        const actor = { sub: `writer-${i}`, email: `writer-${i}@provider.example` };
        // Each writer reads, writes at what it read, and on a conflict reads again: no write is blind.
        for (let attempt = 0; ; attempt++) {
          const seen = (await own.switchesOf('globex')).get('mr')!;
          const result = await own.setSwitch({
            customerId: 'globex',
            moduleKey: 'mr',
            enabled: i % 2 === 0,
            reason: `writer ${i}`,
            expectedVersion: seen.version,
            defaultEnabled: true,
            actor,
          });
          if (result.outcome === 'written') return { version: result.switch.version, attempts: attempt + 1 };
        }
      });
      const results = await Promise.all(writers.map((w) => w()));
      const versions = results.map((r) => r.version).sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 100 }, (_, i) => start.version + 1 + i));
      expect((await read('globex', 'mr'))!.version).toBe(start.version + 100);
      const audits = await store.audit('globex', { limit: 1000, moduleKey: 'mr' });
      expect(audits.length - auditsBefore).toBe(100);
      expect(new Set(audits.slice(0, 100).map((a) => a.actor.sub)).size).toBe(100);
    });

    it('lets exactly one of many concurrent first writers of a never-set switch through', async () => {
      const writerDbs = db.kind === 'postgres' ? await Promise.all([open(), open(), open()]) : [db];
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          new CustomerStore(writerDbs[i % writerDbs.length]!).setSwitch({
            customerId: 'globex',
            moduleKey: 'pi',
            enabled: i % 2 === 0,
            reason: `first ${i}`,
            expectedVersion: 0,
            defaultEnabled: true,
            actor: operator,
          }),
        ),
      );
      expect(results.filter((r) => r.outcome === 'written')).toHaveLength(1);
      expect(await read('globex', 'pi')).toMatchObject({ version: 1 });
      expect(await auditCount('globex', 'pi')).toBe(1);
    });

    it('pages the audit log newest first and filters it by module, actor and time', async () => {
      // Entries whose ids cross into one more digit, where text order ('999' after '1000') is wrong.
      await db.query(`select setval('module_audit_id_seq', (power(10, length(last_value::text)) - 5)::bigint) from module_audit_id_seq`);
      for (let i = 0; i < 12; i++) {
        const lx = (await read('acme', 'lx')) ?? { enabled: true, version: 0 };
        await store.setSwitch({
          customerId: 'acme',
          moduleKey: 'lx',
          enabled: !lx.enabled,
          reason: `paging ${i}`,
          expectedVersion: lx.version,
          defaultEnabled: true,
          actor: operator,
        });
      }
      const mr = (await read('acme', 'mr'))!;
      await store.setSwitch({
        customerId: 'acme',
        moduleKey: 'mr',
        enabled: !mr.enabled,
        reason: 'by the other operator',
        expectedVersion: mr.version,
        defaultEnabled: true,
        actor: other,
      });
      const all = await store.audit('acme', { limit: 1000 });
      expect(all.map((e) => Number(e.id))).toEqual([...all.map((e) => Number(e.id))].sort((a, b) => b - a));
      expect(new Set(all.map((e) => e.id.length)).size).toBeGreaterThan(1);
      // Page by page, five at a time, the same entries in the same order.
      const paged = [];
      for (let page = await store.audit('acme', { limit: 5 }); page.length; page = await store.audit('acme', { limit: 5, beforeId: page.at(-1)!.id }))
        paged.push(...page);
      expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
      const first = await store.audit('acme', { limit: 1 });
      const second = await store.audit('acme', { limit: 1, beforeId: first[0]!.id });
      expect(second[0]!.id).toBe(all[1]!.id);
      expect((await store.audit('acme', { limit: 100, actor: other.email })).map((e) => e.reason)).toEqual(['by the other operator']);
      expect((await store.audit('acme', { limit: 100, actor: operator.sub })).length).toBeGreaterThan(0);
      expect(await store.audit('acme', { limit: 100, since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
      expect((await store.audit('acme', { limit: 100, until: new Date(Date.now() + 60_000).toISOString() })).length).toBe(all.length);
      expect(await store.audit('globex', { limit: 100, moduleKey: 'lb' })).toEqual([]);
    });

    it('notifies listeners on every connection of each committed write, and of nothing rolled back', async () => {
      const replicaDb = await open();
      const replica = new CustomerStore(replicaDb);
      const seen: SwitchChange[] = [];
      const stop = await replica.onChange(
        (c) => seen.push(c),
        () => undefined,
      );
      const current = (await read('acme', 'lb'))!;
      await store.setSwitch({
        customerId: 'acme',
        moduleKey: 'lb',
        enabled: !current.enabled,
        reason: 'notify',
        expectedVersion: current.version,
        defaultEnabled: true,
        actor: operator,
      });
      await store
        .setSwitch({
          customerId: 'acme',
          moduleKey: 'lb',
          enabled: true,
          reason: 'x'.repeat(501),
          expectedVersion: current.version + 1,
          defaultEnabled: true,
          actor: operator,
        })
        .catch(() => undefined);
      await expect.poll(() => seen, { timeout: 2_000 }).toEqual([{ customerId: 'acme', moduleKey: 'lb', version: current.version + 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toHaveLength(1);
      await stop();
      await replicaDb.close();
    });

    it('keeps every change across a restart', async () => {
      const before = await store.switchesOf('acme');
      const audits = await store.audit('acme', { limit: 1000 });
      await db.close();
      opened.splice(opened.indexOf(db), 1);
      db = await open();
      store = new CustomerStore(db);
      expect((await migrate(db)).applied).toEqual([]);
      expect(await store.switchesOf('acme')).toEqual(before);
      expect(await store.audit('acme', { limit: 1000 })).toEqual(audits);
    });
  });
}
