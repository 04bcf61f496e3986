import { readCustomerAudit, type AuditEntry, type AuditQuery } from './customerAudit.ts';
import type { Actor } from './auditEntryHead.ts';
import type { Database, Sql } from './database.ts';

// Where the store's callers have always found it; it lives with the other fields every audit entry has.
export type { Actor } from './auditEntryHead.ts';

/** The channel every replica listens on; the payload names the customer whose switches changed. */
const SWITCH_CHANNEL = 'customer_module_switches';

export interface Customer {
  id: string;
  name: string;
}

/** A customer as stored: its name's version counts the renames, for If-Match as the switches have it. */
export interface CustomerRecord extends Customer {
  version: number;
}

/** A module's switch for one customer. Version 0: never set, so it follows the manifest's default. */
export interface ModuleSwitch {
  enabled: boolean;
  version: number;
}

export interface SwitchWrite {
  customerId: string;
  moduleKey: string;
  enabled: boolean;
  reason: string;
  /** The version the writer last read; the write is refused if the switch has moved on since. */
  expectedVersion: number;
  /** What the module is for this customer while it has never been set (the "before" of the first write). */
  defaultEnabled: boolean;
  actor: Actor;
}

export type CustomerWriteResult = { outcome: 'written'; customer: CustomerRecord } | { outcome: 'conflict'; current: CustomerRecord } | { outcome: 'missing' };

export type SwitchWriteResult = { outcome: 'written'; before: boolean; switch: ModuleSwitch } | { outcome: 'conflict'; current: ModuleSwitch };

/** What every replica is told of a write: a switch (its module), or the customer added or renamed (no module). */
export interface SwitchChange {
  customerId: string;
  moduleKey: string | null;
  version: number;
}

type SwitchRow = { module_key: string; enabled: boolean; version: number };
/** Customers and their module switches in PostgreSQL; the same SQL on PGlite and on a server. */
export class CustomerStore {
  constructor(readonly db: Database) {}

  async listCustomers(): Promise<CustomerRecord[]> {
    return (await this.db.query<CustomerRecord>('select id, name, version from customers order by name, id')).rows;
  }

  async getCustomer(id: string): Promise<CustomerRecord | undefined> {
    return (await this.db.query<CustomerRecord>('select id, name, version from customers where id = $1', [id])).rows[0];
  }

  /**
   * One page of customers in name order (then id), after the previous page's last; with `query`, only
   * those whose id or name holds it, ignoring case. `strpos` rather than `like`: the text an operator
   * types is matched as it is, `%` and `_` included.
   */
  async pageCustomers(page: {
    query?: string;
    ids?: readonly string[];
    after?: readonly [name: string, id: string];
    limit: number;
  }): Promise<CustomerRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (page.ids) {
      params.push(page.ids);
      where.push(`id = any($${params.length}::text[])`);
    }
    if (page.query) {
      params.push(page.query.toLowerCase());
      where.push(`(strpos(id, $${params.length}) > 0 or strpos(lower(name), $${params.length}) > 0)`);
    }
    if (page.after) {
      params.push(page.after[0], page.after[1]);
      where.push(`(name, id) > ($${params.length - 1}::text, $${params.length}::text)`);
    }
    params.push(page.limit);
    const sql = `select id, name, version from customers ${where.length ? `where ${where.join(' and ')}` : ''} order by name, id limit $${params.length}`;
    return (await this.db.query<CustomerRecord>(sql, params)).rows;
  }

  /**
   * Adds a customer with the given switches (version 1 each), unless it exists: seeding twice, or two
   * replicas seeding at once, changes nothing. Returns whether it was created. With a reason (an
   * operator's addition, not the demo data) the addition is audited and every replica told.
   */
  async createCustomer(customer: Customer, switches: Readonly<Record<string, boolean>>, actor: Actor, reason?: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query('insert into customers (id, name) values ($1, $2) on conflict (id) do nothing returning id', [
        customer.id,
        customer.name,
      ]);
      if (!rows.length) return false;
      for (const [key, enabled] of Object.entries(switches)) {
        await tx.query('insert into customer_modules (customer_id, module_key, enabled, version, updated_by) values ($1, $2, $3, 1, $4)', [
          customer.id,
          key,
          enabled,
          actor.email || actor.sub,
        ]);
      }
      if (reason !== undefined) {
        await tx.query(
          `insert into module_audit (actor_sub, actor_email, customer_id, action, name_after, version, reason) values ($1, $2, $3, 'created', $4, 1, $5)`,
          [actor.sub, actor.email, customer.id, customer.name, reason],
        );
        await this.#notify(tx, { customerId: customer.id, moduleKey: null, version: 1 });
      }
      return true;
    });
  }

  /**
   * Renames a customer if its name is still at the version the writer read, audited and told to every
   * replica in the same transaction; otherwise the current record, or nothing when there is no such customer.
   */
  async renameCustomer(write: { customerId: string; name: string; reason: string; expectedVersion: number; actor: Actor }): Promise<CustomerWriteResult> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<CustomerRecord>('select id, name, version from customers where id = $1 for update', [write.customerId]);
      const current = rows[0];
      if (!current) return { outcome: 'missing' };
      if (current.version !== write.expectedVersion) return { outcome: 'conflict', current };
      const version = current.version + 1;
      await tx.query('update customers set name = $2, version = $3 where id = $1', [write.customerId, write.name, version]);
      await tx.query(
        `insert into module_audit (actor_sub, actor_email, customer_id, action, name_before, name_after, version, reason)
         values ($1, $2, $3, 'renamed', $4, $5, $6, $7)`,
        [write.actor.sub, write.actor.email, write.customerId, current.name, write.name, version, write.reason],
      );
      await this.#notify(tx, { customerId: write.customerId, moduleKey: null, version });
      return { outcome: 'written', customer: { id: write.customerId, name: write.name, version } };
    });
  }

  async #notify(tx: Sql, change: SwitchChange): Promise<void> {
    await tx.query('select pg_notify($1, $2)', [SWITCH_CHANNEL, JSON.stringify(change)]);
  }

  /** The switches that have been set for a customer, by module key. */
  async switchesOf(customerId: string): Promise<Map<string, ModuleSwitch>> {
    const { rows } = await this.db.query<SwitchRow>('select module_key, enabled, version from customer_modules where customer_id = $1', [customerId]);
    return new Map(rows.map((r) => [r.module_key, { enabled: r.enabled, version: r.version }]));
  }

  /** Which of these ids are customers. */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ id: string }>('select id from customers where id = any($1::text[])', [ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** The switches set for each of several customers (a page of the operators' list), in one read. */
  async switchesOfMany(customerIds: readonly string[]): Promise<Map<string, Map<string, ModuleSwitch>>> {
    const { rows } = await this.db.query<SwitchRow & { customer_id: string }>(
      'select customer_id, module_key, enabled, version from customer_modules where customer_id = any($1::text[])',
      [customerIds],
    );
    const switches = new Map(customerIds.map((id) => [id, new Map<string, ModuleSwitch>()]));
    for (const r of rows) switches.get(r.customer_id)?.set(r.module_key, { enabled: r.enabled, version: r.version });
    return switches;
  }

  /**
   * Sets one switch if it is still at the version the writer read, and records the change in the
   * audit log, atomically; the commit also notifies every replica. A writer holding an old version
   * gets the current state back instead, never a silent overwrite.
   */
  async setSwitch(write: SwitchWrite): Promise<SwitchWriteResult> {
    const version = write.expectedVersion + 1;
    const change: SwitchChange = { customerId: write.customerId, moduleKey: write.moduleKey, version };
    // One statement, so one round trip to the server instead of six (begin, lock, write, audit, notify,
    // commit): a toggle reaches the other replicas sooner, and on a busy machine each round trip is a
    // wait for the scheduler. It keeps the transaction's guarantees: a statement is atomic, and the
    // row lock still makes concurrent writers take turns (the lock waits, then reads the row as the
    // writer before left it).
    const { rows } = await this.db.query<{ before_enabled: boolean; before_version: number; written: number | null }>(
      `with locked as (
         select enabled, version from customer_modules where customer_id = $1 and module_key = $2 for update
       ),
       current_switch as (
         select coalesce((select enabled from locked), $4::boolean) as enabled, coalesce((select version from locked), 0) as version
       ),
       updated as (
         update customer_modules m set enabled = $3::boolean, version = $5::integer + 1, updated_at = now(), updated_by = $6::text
         from current_switch c
         where m.customer_id = $1 and m.module_key = $2 and c.version > 0 and c.version = $5::integer
         returning m.version
       ),
       -- Two first writers can both see no row; the primary key lets one insert and the other conflict.
       inserted as (
         insert into customer_modules (customer_id, module_key, enabled, version, updated_by)
         select $1::text, $2::text, $3::boolean, 1, $6::text from current_switch c where c.version = 0 and $5::integer = 0
         on conflict do nothing
         returning version
       ),
       audited as (
         insert into module_audit (actor_sub, actor_email, customer_id, module_key, enabled_before, enabled_after, version, reason)
         select $7::text, $8::text, $1::text, $2::text, c.enabled, $3::boolean, w.version, $9::text
         from current_switch c, (select version from updated union all select version from inserted) w
         returning version
       )
       select c.enabled as before_enabled, c.version as before_version,
              (select version from audited) as written,
              (select pg_notify($10, $11) from audited) as notified
       from current_switch c`,
      [
        write.customerId,
        write.moduleKey,
        write.enabled,
        write.defaultEnabled,
        write.expectedVersion,
        write.actor.email || write.actor.sub,
        write.actor.sub,
        write.actor.email,
        write.reason,
        SWITCH_CHANNEL,
        JSON.stringify(change),
      ],
    );
    const row = rows[0]!;
    const current: ModuleSwitch = { enabled: row.before_enabled, version: row.before_version };
    if (row.written !== null) return { outcome: 'written', before: current.enabled, switch: { enabled: write.enabled, version } };
    // A first write that lost to a concurrent one saw no row, though there is one now: read it.
    if (current.version === write.expectedVersion) return { outcome: 'conflict', current: (await this.#switchIn(this.db, write)) ?? current };
    return { outcome: 'conflict', current };
  }

  async #switchIn(tx: Sql, write: Pick<SwitchWrite, 'customerId' | 'moduleKey'>): Promise<ModuleSwitch | undefined> {
    const { rows } = await tx.query<SwitchRow>('select module_key, enabled, version from customer_modules where customer_id = $1 and module_key = $2', [
      write.customerId,
      write.moduleKey,
    ]);
    return rows[0] && { enabled: rows[0].enabled, version: rows[0].version };
  }

  /** A customer's audit log, newest first, one page at a time. */
  audit(customerId: string, query: AuditQuery): Promise<AuditEntry[]> {
    return readCustomerAudit(this.db, customerId, query);
  }

  /** Calls `onChange` for every switch written through any replica (including this one). */
  async onChange(onChange: (change: SwitchChange) => void, onMissed: () => void): Promise<() => Promise<void>> {
    return this.db.listen(
      SWITCH_CHANNEL,
      (payload) => {
        try {
          onChange(JSON.parse(payload) as SwitchChange);
        } catch {
          onMissed();
        }
      },
      onMissed,
    );
  }
}
