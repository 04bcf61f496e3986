import type { Database } from './database.ts';

/** How many read marks a user keeps; marking more drops their oldest, so no user grows the table without end. */
const READS_KEPT_PER_USER = 1000;

/**
 * Which notifications each user has read, keyed by the verified token's sub: every device of the user
 * sees the same, and nobody else's. The same SQL on PGlite and on a server (decision 0075).
 */
export class NotificationReadStore {
  constructor(
    readonly db: Database,
    private readonly kept = READS_KEPT_PER_USER,
  ) {}

  /** The ids the user has read, the most recently read first. */
  async readBy(sub: string): Promise<string[]> {
    const { rows } = await this.db.query<{ notification_id: string }>(
      'select notification_id from notification_reads where sub = $1 order by read_at desc, notification_id limit $2',
      [sub, this.kept],
    );
    return rows.map((r) => r.notification_id);
  }

  /** Marks the ids read now (again: their mark moves up), then drops the user's marks beyond the newest `kept`. */
  async markRead(sub: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into notification_reads (sub, notification_id) select $1, id from unnest($2::text[]) as id
         on conflict (sub, notification_id) do update set read_at = now()`,
        [sub, ids],
      );
      await tx.query(
        `delete from notification_reads where sub = $1 and notification_id not in (
           select notification_id from notification_reads where sub = $1 order by read_at desc, notification_id limit $2)`,
        [sub, this.kept],
      );
    });
  }
}
