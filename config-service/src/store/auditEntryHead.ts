/** Who made a change, from their verified claims. */
export interface Actor {
  sub: string;
  email: string;
}

/** A timestamp column as ISO 8601 text: pg reads it as a Date, PGlite may read it as text. */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The columns every audit table has: the entry's id, when it was written and by whom. */
export type AuditRowHead = { id: string; at: Date | string; actor_sub: string; actor_email: string };

/** The fields every audit entry starts with, read from the columns every audit table has. */
export const auditEntryHead = (row: AuditRowHead): { id: string; at: string; actor: Actor } => ({
  id: row.id,
  at: iso(row.at),
  actor: { sub: row.actor_sub, email: row.actor_email },
});
