import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Actor } from './auditEntryHead.ts';
import { iso } from './auditEntryHead.ts';
import type { Database } from './database.ts';

/** A trusted publisher as registered (issue 38): whose CI tokens may be exchanged, and for which modules. */
export interface Publisher {
  id: string;
  issuer: string;
  audience: string;
  subject: string;
  modules: string[];
  createdBy: Actor;
  createdAt: string;
}

/** What registering a publisher needs. */
export interface PublisherWrite {
  issuer: string;
  audience: string;
  subject: string;
  modules: readonly string[];
  reason: string;
}

/** A publish token's holder, as a request made with it acts. */
export interface PublishTokenHolder {
  publisher: { id: string; subject: string };
  modules: string[];
}

/** What a publish token starts with, so the service tells it from a JWT without parsing either. */
export const PUBLISH_TOKEN_PREFIX = 'pt_';

type Row = {
  id: string;
  issuer: string;
  audience: string;
  subject: string;
  modules: string[];
  created_by_sub: string;
  created_by_email: string;
  created_at: Date | string;
};

const COLUMNS = 'id::text as id, issuer, audience, subject, modules, created_by_sub, created_by_email, created_at';
const publisherOf = (row: Row): Publisher => ({
  id: row.id,
  issuer: row.issuer,
  audience: row.audience,
  subject: row.subject,
  modules: row.modules,
  createdBy: { sub: row.created_by_sub, email: row.created_by_email },
  createdAt: iso(row.created_at),
});
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Trusted publishers and the publish tokens issued to them; the same SQL on PGlite and on a server. */
export class PublisherStore {
  constructor(readonly db: Database) {}

  /**
   * Registers a publisher, or answers the one not revoked that has its issuer and subject already, whatever
   * its audience (decision 0098): one publisher per issuer and subject, so a token names one publisher.
   */
  async register(write: PublisherWrite, actor: Actor): Promise<{ created: Publisher } | { existing: Publisher }> {
    // A conflict whose row is gone by the read was revoked meanwhile: the next insert takes its place.
    for (;;) {
      const { rows } = await this.db.query<Row>(
        `insert into trusted_publishers (id, issuer, audience, subject, modules, reason, created_by_sub, created_by_email)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (issuer, subject) where revoked_at is null do nothing
         returning ${COLUMNS}`,
        [randomUUID(), write.issuer, write.audience, write.subject, [...write.modules], write.reason, actor.sub, actor.email],
      );
      if (rows[0]) return { created: publisherOf(rows[0]) };
      const existing = await this.db.query<Row>(`select ${COLUMNS} from trusted_publishers where revoked_at is null and issuer = $1 and subject = $2`, [
        write.issuer,
        write.subject,
      ]);
      if (existing.rows[0]) return { existing: publisherOf(existing.rows[0]) };
    }
  }

  /** The publishers not revoked, oldest first. */
  async list(): Promise<Publisher[]> {
    const { rows } = await this.db.query<Row>(`select ${COLUMNS} from trusted_publishers where revoked_at is null order by created_at, id`);
    return rows.map(publisherOf);
  }

  /** The publishers not revoked whose tokens come from `issuer`: what the exchange checks a token against. */
  async ofIssuer(issuer: string): Promise<Publisher[]> {
    const { rows } = await this.db.query<Row>(`select ${COLUMNS} from trusted_publishers where revoked_at is null and issuer = $1`, [issuer]);
    return rows.map(publisherOf);
  }

  /** Revokes a publisher, and with it every publish token it holds; undefined when no such publisher is registered. */
  async revoke(id: string, actor: Actor, reason: string): Promise<Publisher | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await this.db.query<Row>(
      `update trusted_publishers set revoked_at = now(), revoked_by_sub = $2, revoked_by_email = $3, revoked_reason = $4
       where id = $1 and revoked_at is null returning ${COLUMNS}`,
      [id, actor.sub, actor.email, reason],
    );
    return rows[0] && publisherOf(rows[0]);
  }

  /** Issues a publish token of `publisher` living `lifetimeMs`; only its hash is stored. */
  async issueToken(publisher: Publisher, lifetimeMs: number, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
    const token = `${PUBLISH_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now + lifetimeMs).toISOString();
    // Expired tokens serve nobody: pruned here, where tokens are made, so the table stays small.
    await this.db.query('delete from publish_tokens where expires_at < $1', [new Date(now).toISOString()]);
    await this.db.query('insert into publish_tokens (token_hash, publisher_id, expires_at) values ($1, $2, $3)', [hashOf(token), publisher.id, expiresAt]);
    return { token, expiresAt };
  }

  /** Who holds `token`: undefined when it was never issued, has expired, or its publisher was revoked. */
  async holderOf(token: string, now = Date.now()): Promise<PublishTokenHolder | undefined> {
    const { rows } = await this.db.query<{ id: string; subject: string; modules: string[] }>(
      `select p.id::text as id, p.subject, p.modules from publish_tokens t join trusted_publishers p on p.id = t.publisher_id
       where t.token_hash = $1 and t.expires_at > $2 and p.revoked_at is null`,
      [hashOf(token), new Date(now).toISOString()],
    );
    const row = rows[0];
    return row && { publisher: { id: row.id, subject: row.subject }, modules: row.modules };
  }
}
