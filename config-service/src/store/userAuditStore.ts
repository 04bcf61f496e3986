import type { UserAuditPage } from '@platform/schemas';
import { type Actor, auditEntryHead, type AuditRowHead } from './auditEntryHead.ts';
import type { Database } from './database.ts';

export type UserAuditEntry = UserAuditPage['entries'][number];
export type UserAction = UserAuditEntry['action'];
export type FieldChange = UserAuditEntry['changes'][number];

/** One change to a user, as it is recorded. */
export interface UserAuditWrite {
  actor: Actor;
  username: string;
  email: string;
  action: UserAction;
  changes: readonly FieldChange[];
  reason: string;
}

type Row = AuditRowHead & { username: string; email: string; action: UserAction; changes: FieldChange[] | string; reason: string };

/** The log of changes made to users through the user-management API; the same SQL on PGlite and on a server. */
export class UserAuditStore {
  constructor(readonly db: Database) {}

  /**
   * Records a change and makes it in one transaction: the entry is written, then `work` runs (the call
   * to the identity provider), and the entry is committed only if it succeeds. A refused change leaves
   * no entry, and a change the database cannot record is never made. `usernameOf` names the user from
   * the answer when the entry could not (an invitation: the identity provider chooses the username).
   */
  async recording<T>(entry: UserAuditWrite, work: () => Promise<T>, usernameOf?: (result: T) => string): Promise<T> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'insert into user_audit (actor_sub, actor_email, username, email, action, changes, reason) values ($1, $2, $3, $4, $5, $6::jsonb, $7) returning id::text as id',
        [entry.actor.sub, entry.actor.email, entry.username, entry.email, entry.action, JSON.stringify(entry.changes), entry.reason],
      );
      const result = await work();
      if (usernameOf) await tx.query('update user_audit set username = $1 where id = $2', [usernameOf(result), rows[0]!.id]);
      return result;
    });
  }

  /** The log newest first, one page at a time; optionally one user's. */
  async audit(query: { limit: number; beforeId?: string; username?: string }): Promise<UserAuditEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.beforeId !== undefined) {
      params.push(query.beforeId);
      where.push(`id < $${params.length}`);
    }
    if (query.username !== undefined) {
      params.push(query.username);
      where.push(`username = $${params.length}`);
    }
    params.push(query.limit);
    // Ordered by the table's id, a number: the select list's `id` is text, and '9' sorts after '10'.
    const { rows } = await this.db.query<Row>(
      `select id::text as id, at, actor_sub, actor_email, username, email, action, changes, reason from user_audit
       ${where.length ? `where ${where.join(' and ')}` : ''} order by user_audit.id desc limit $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      ...auditEntryHead(r),
      username: r.username,
      email: r.email,
      action: r.action,
      changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as FieldChange[]) : r.changes,
      reason: r.reason,
    }));
  }
}
