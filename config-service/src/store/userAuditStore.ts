import type { UserAuditPage } from '@platform/schemas';
import { type Actor, auditEntryHead, type AuditRowHead } from './auditEntryHead.ts';
import type { Database } from './database.ts';

export type UserAuditEntry = UserAuditPage['entries'][number];
export type UserAction = UserAuditEntry['action'];
export type FieldChange = UserAuditEntry['changes'][number];
export type UserAuditOutcome = NonNullable<UserAuditEntry['outcome']>;

/** One change to a user, as it is recorded. */
export interface UserAuditWrite {
  actor: Actor;
  username: string;
  email: string;
  action: UserAction;
  changes: readonly FieldChange[];
  reason: string;
}

type Row = AuditRowHead & { username: string; email: string; action: UserAction; changes: FieldChange[] | string; reason: string; outcome: UserAuditOutcome };

/** The log of changes made to users through the user-management API; the same SQL on PGlite and on a server. */
export class UserAuditStore {
  constructor(readonly db: Database) {}

  /**
   * Records a change and makes it, with no transaction open while `work` (the call to the identity
   * provider) runs: the entry is written as pending, then settled as done, or as failed when `work`
   * throws. A change the database cannot record is never made; an entry left pending is a call whose
   * end the service did not see. `usernameOf` names the user from the answer when the entry could not
   * (an invitation: the identity provider chooses the username).
   */
  async recording<T>(entry: UserAuditWrite, work: () => Promise<T>, usernameOf?: (result: T) => string): Promise<T> {
    const id = await this.write(entry, 'pending');
    let result: T;
    try {
      result = await work();
    } catch (error) {
      // The provider's refusal is what the administrator needs to see; a database that cannot settle the
      // entry now leaves it pending, which says as much.
      await this.settle(id, 'failed').catch(() => undefined);
      throw error;
    }
    await this.settle(id, 'done', usernameOf?.(result));
    return result;
  }

  /** Records a change the platform refused itself, so it was never asked of the identity provider. */
  async refused(entry: UserAuditWrite): Promise<void> {
    await this.write(entry, 'refused');
  }

  private async write(entry: UserAuditWrite, outcome: UserAuditOutcome): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'insert into user_audit (actor_sub, actor_email, username, email, action, changes, reason, outcome) values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning id::text as id',
      [entry.actor.sub, entry.actor.email, entry.username, entry.email, entry.action, JSON.stringify(entry.changes), entry.reason, outcome],
    );
    return rows[0]!.id;
  }

  private async settle(id: string, outcome: 'done' | 'failed', username?: string): Promise<void> {
    await this.db.query("update user_audit set outcome = $1, username = coalesce($2, username) where id = $3 and outcome = 'pending'", [
      outcome,
      username ?? null,
      id,
    ]);
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
      `select id::text as id, at, actor_sub, actor_email, username, email, action, changes, reason, outcome from user_audit
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
      outcome: r.outcome,
    }));
  }
}
