import { type Actor, auditEntryHead, type AuditRowHead } from './auditEntryHead.ts';
import type { Sql } from './database.ts';

/** What an audit entry records: a module switched, or the customer itself created or renamed. */
export type AuditAction = 'switch' | 'created' | 'renamed';

export interface AuditEntry {
  id: string;
  at: string;
  actor: Actor;
  customerId: string;
  action: AuditAction;
  /** The switch's module; null for the customer's own entries. */
  moduleKey: string | null;
  before: boolean | null;
  after: boolean | null;
  /** The customer's name before and after; null for a switch. */
  name: { before: string | null; after: string } | null;
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

type AuditRow = AuditRowHead & {
  customer_id: string;
  action: AuditAction;
  module_key: string | null;
  enabled_before: boolean | null;
  enabled_after: boolean | null;
  name_before: string | null;
  name_after: string | null;
  version: number;
  reason: string;
};

/** A customer's audit log, newest first, one page at a time. */
export async function readCustomerAudit(db: Sql, customerId: string, query: AuditQuery): Promise<AuditEntry[]> {
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
  const { rows } = await db.query<AuditRow>(
    `select id::text as id, at, actor_sub, actor_email, customer_id, action, module_key, enabled_before, enabled_after, name_before, name_after,
            version, reason
     from module_audit where ${where.join(' and ')} order by module_audit.id desc limit $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    ...auditEntryHead(r),
    customerId: r.customer_id,
    action: r.action,
    moduleKey: r.module_key,
    before: r.enabled_before,
    after: r.enabled_after,
    name: r.action === 'switch' ? null : { before: r.name_before, after: r.name_after ?? '' },
    version: r.version,
    reason: r.reason,
  }));
}
