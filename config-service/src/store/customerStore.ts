import { auditEntryHead, type AuditRowHead } from './auditEntryHead.ts';
import type { Database, Sql } from './database.ts';

/** The channel every replica listens on; the payload names the customer whose switches changed. */
const SWITCH_CHANNEL = 'customer_module_switches';

export interface Customer {
  id: string;
  name: string;
}

/** A module's switch for one customer. Version 0: never set, so it follows the manifest's default. */
export interface ModuleSwitch {
  enabled: boolean;
  version: number;
}

/** Who made a change, from their verified claims. */
export interface Actor {
  sub: string;
  email: string;
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

export type SwitchWriteResult = { outcome: 'written'; before: boolean; switch: ModuleSwitch } | { outcome: 'conflict'; current: ModuleSwitch };

export interface AuditEntry {
  id: string;
  at: string;
  actor: Actor;
  customerId: string;
  moduleKey: string;
  before: boolean;
  after: boolean;
  version: number;
  reason: string;
}

export interface AuditQuery {
  limit: number;
  /** Entries older than this id (the previous page's last). */
  beforeId?: string;
  moduleKey?: string;
  /** Actor's email or sub, exactly. */
  actor?: string;
  /** ISO 8601 bounds on the time of the change. */
  since?: string;
  until?: string;
}

export interface SwitchChange {
  customerId: string;
  moduleKey: string;
  version: number;
}

type SwitchRow = { module_key: string; enabled: boolean; version: number };
type AuditRow = AuditRowHead & {
  customer_id: string;
  module_key: string;
  enabled_before: boolean;
  enabled_after: boolean;
  version: number;
  reason: string;
};

/** Customers and their module switches in PostgreSQL; the same SQL on PGlite and on a server. */
export class CustomerStore {
  constructor(readonly db: Database) {}

  async listCustomers(): Promise<Customer[]> {
    return (await this.db.query<Customer>('select id, name from customers order by name, id')).rows;
  }

  async getCustomer(id: string): Promise<Customer | undefined> {
    return (await this.db.query<Customer>('select id, name from customers where id = $1', [id])).rows[0];
  }

  /**
   * Adds a customer with the given switches (version 1 each), unless it exists: seeding twice, or two
   * replicas seeding at once, changes nothing. Returns whether it was created.
   */
  async createCustomer(customer: Customer, switches: Readonly<Record<string, boolean>>, actor: Actor): Promise<boolean> {
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
      return true;
    });
  }

  /** The switches that have been set for a customer, by module key. */
  async switchesOf(customerId: string): Promise<Map<string, ModuleSwitch>> {
    const { rows } = await this.db.query<SwitchRow>('select module_key, enabled, version from customer_modules where customer_id = $1', [customerId]);
    return new Map(rows.map((r) => [r.module_key, { enabled: r.enabled, version: r.version }]));
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
  async audit(customerId: string, query: AuditQuery): Promise<AuditEntry[]> {
    const where = ['customer_id = $1'];
    const params: unknown[] = [customerId];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (query.beforeId !== undefined) add('id < ?', query.beforeId);
    if (query.moduleKey !== undefined) add('module_key = ?', query.moduleKey);
    if (query.actor !== undefined) {
      params.push(query.actor);
      where.push(`(actor_email = $${params.length} or actor_sub = $${params.length})`);
    }
    if (query.since !== undefined) add('at >= ?', query.since);
    if (query.until !== undefined) add('at < ?', query.until);
    params.push(query.limit);
    // Ordered by the table's id, a number: a bare `id` would be the text column of the select list,
    // and '9' sorts after '10'.
    const { rows } = await this.db.query<AuditRow>(
      `select id::text as id, at, actor_sub, actor_email, customer_id, module_key, enabled_before, enabled_after, version, reason
       from module_audit where ${where.join(' and ')} order by module_audit.id desc limit $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      ...auditEntryHead(r),
      customerId: r.customer_id,
      moduleKey: r.module_key,
      before: r.enabled_before,
      after: r.enabled_after,
      version: r.version,
      reason: r.reason,
    }));
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
