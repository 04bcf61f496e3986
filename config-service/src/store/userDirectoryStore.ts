import { readAuthClaimText } from '@platform/schemas';
import type { Database } from './database.ts';

/** One user of the identity provider as the directory holds it: the account, and its claim as the pool wrote it. */
export interface DirectoryEntry {
  username: string;
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** custom:auth as the pool holds it (null: none). */
  customAuth: string | null;
  status: string;
  enabled: boolean;
  /** Whether a second factor is set up; null: not known (the pool's listing does not say). */
  mfaSetUp: boolean | null;
  /** When the pool last changed the user (its UserLastModifiedDate), where it says: when a console enable took. */
  modifiedAt?: Date | null;
}

/** What a verified ID token says of its user: the freshest word on their name and claim, not on their account. */
export type TokenEntry = Pick<DirectoryEntry, 'username' | 'sub' | 'email' | 'givenName' | 'familyName' | 'customAuth'>;

export interface DirectoryPageQuery {
  /** One customer's users; left out, everyone's. */
  customerId?: string;
  /** Matches the start of the e-mail address, given name or family name, in any case. */
  query?: string;
  limit: number;
  /** The (email key, username) of the last row of the previous page. */
  after?: readonly [string, string];
}

export interface DirectoryPage {
  entries: DirectoryEntry[];
  /** Where the next page starts, or null on the last one. */
  next: [string, string] | null;
}

interface Row {
  username: string;
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  custom_auth: string | null;
  status: string;
  enabled: boolean;
  mfa_set_up: boolean | null;
  email_key: string;
}

const COLUMNS = 'username, sub, email, given_name, family_name, custom_auth, status, enabled, mfa_set_up, email_key';

const toEntry = (row: Row): DirectoryEntry => ({
  username: row.username,
  sub: row.sub,
  email: row.email,
  givenName: row.given_name,
  familyName: row.family_name,
  customAuth: row.custom_auth,
  status: row.status,
  enabled: row.enabled,
  mfaSetUp: row.mfa_set_up,
});

/** The customer a claim names as the platform reads it (decision 0082), the key one customer's users are found by. */
function customerOf(customAuth: string | null): string | null {
  const reading = readAuthClaimText(customAuth ?? undefined);
  return reading.kind === 'read' ? (reading.claim.customerId ?? null) : null;
}

/** A LIKE pattern matching text that starts with `prefix`, taken literally. */
const startsWith = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The parameters of one multi-row write, column by column (one statement, however many rows). */
function columnsOf(entries: readonly DirectoryEntry[]) {
  return [
    entries.map((e) => e.username),
    entries.map((e) => e.sub),
    entries.map((e) => e.email),
    entries.map((e) => e.givenName),
    entries.map((e) => e.familyName),
    entries.map((e) => e.customAuth),
    entries.map((e) => customerOf(e.customAuth)),
    entries.map((e) => e.status),
    entries.map((e) => e.enabled),
    entries.map((e) => e.mfaSetUp),
    entries.map((e) => e.modifiedAt ?? null),
  ];
}

/** What a user's word in the directory is (decisions 0093, 0098). */
export interface DirectoryStatus {
  /** False when the directory holds them as disabled (or holds them only as removed). */
  enabled: boolean;
  /** When they were last enabled again after a disable, in seconds since the epoch; null: never. */
  enabledAt: number | null;
  /** The pool no longer has them: a reconciliation swept them out, or a read of the pool found them gone. */
  removed: boolean;
}

/** enabled_at in an upsert: `at` when the row goes from disabled to enabled, as it was otherwise. */
const enabledAtOn = (at: string) => `case when excluded.enabled and not user_directory.enabled then ${at} else user_directory.enabled_at end`;

/**
 * When the pool enabled a user a write or listing carries: when the pool last changed them, where it says,
 * and never later than now. Taken from the input, not the row: the pool's date is no column of its own.
 */
const POOL_ENABLED_AT = enabledAtOn('(select least(now(), coalesce(u.modified_at, now())) from u where u.username = excluded.username)');

/** The rows of one multi-row write as `u`, one parameter per column. */
const INPUT = `with u as (select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $10::boolean[], $11::timestamptz[])
  as u(username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled, mfa_set_up, modified_at))`;
const INPUT_COLUMNS = 'u.username, u.sub, u.email, u.given_name, u.family_name, u.custom_auth, u.customer_id, u.status, u.enabled, u.mfa_set_up';

/**
 * The platform's index of the identity provider's users (issue 37, decision 0085): one customer's users
 * and a search are an index range, whatever the size of the pool. The pool stays the truth; this store
 * only follows it, and never lets an older word overwrite a newer one. The same SQL on PGlite and on a
 * PostgreSQL server.
 */
export class UserDirectoryStore {
  constructor(readonly db: Database) {}

  /** Writes what the platform itself just did to these users at the pool (invite, change, disable, ...). */
  async written(entries: readonly DirectoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.query(
      `${INPUT} insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled, mfa_set_up, updated_at)
       select ${INPUT_COLUMNS}, now() from u
       on conflict (username) do update set sub = excluded.sub, email = excluded.email, given_name = excluded.given_name,
         family_name = excluded.family_name, custom_auth = excluded.custom_auth, customer_id = excluded.customer_id,
         status = excluded.status, enabled = excluded.enabled, enabled_at = ${POOL_ENABLED_AT},
         mfa_set_up = coalesce(excluded.mfa_set_up, user_directory.mfa_set_up), updated_at = now()`,
      columnsOf(entries),
    );
    await this.#inPool(entries);
  }

  /**
   * Writes a page of the pool's listing, read at `readAt`: a row changed since then (by the platform
   * or a sign-in) keeps its newer word. The MFA state, which a listing does not give, is kept. A row it
   * writes is as new as `readAt`, so a token issued before the read does not undo it.
   */
  async listed(entries: readonly DirectoryEntry[], readAt: Date): Promise<void> {
    if (entries.length === 0) return;
    await this.db.query(
      `${INPUT} insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled, mfa_set_up, updated_at, listed_at)
       select ${INPUT_COLUMNS}, $12::timestamptz, now() from u
       where not exists (select 1 from user_directory_removed r where r.sub = u.sub and r.removed_at >= $12)
       on conflict (username) do update set sub = excluded.sub, email = excluded.email, given_name = excluded.given_name,
         family_name = excluded.family_name, custom_auth = excluded.custom_auth, customer_id = excluded.customer_id,
         status = excluded.status, enabled = excluded.enabled, enabled_at = ${POOL_ENABLED_AT},
         mfa_set_up = coalesce(excluded.mfa_set_up, user_directory.mfa_set_up), updated_at = excluded.updated_at, listed_at = now()
       where user_directory.updated_at < $12
       `,
      [...columnsOf(entries), readAt],
    );
    // Rows it did not overwrite were still seen in the pool.
    await this.db.query('update user_directory set listed_at = now() where username = any($1::text[]) and updated_at >= $2', [
      entries.map((e) => e.username),
      readAt,
    ]);
    await this.#inPool(entries, readAt);
  }

  /**
   * The pool has these users (again) as of `seenAt` (now, left out): a removal recorded before that is
   * void; one recorded after it is newer than what was seen and stays.
   */
  async #inPool(entries: readonly DirectoryEntry[], seenAt?: Date): Promise<void> {
    await this.db.query('delete from user_directory_removed where sub = any($1::text[]) and removed_at < coalesce($2, now())', [
      entries.map((e) => e.sub),
      seenAt ?? null,
    ]);
  }

  /**
   * Refreshes a user from their verified ID token, issued at `issuedAt` (seconds): their name and claim,
   * unless the row changed after the token was issued (an administrator's change the token predates). A
   * user the directory does not hold yet (made outside the platform) is added as the token shows them,
   * unless the pool removed them (decision 0098): an unexpired token must not bring a deleted user back.
   * A token never changes which account (sub) a username is: an older account of the same name may hold one.
   * Their MFA state becomes unknown: a user sets MFA up signed in, and the web app then fetches a fresh
   * token (decision 0042), so the next list that shows them asks the pool (decision 0091).
   */
  async signedIn(entry: TokenEntry, issuedAt: number): Promise<void> {
    await this.db.query(
      `insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled, updated_at)
       select $1, $2, $3, $4, $5, $6, $7, 'CONFIRMED', true, to_timestamp($8)
       where not exists (select 1 from user_directory_removed where sub = $2)
       on conflict (username) do update set sub = excluded.sub, email = excluded.email, given_name = excluded.given_name,
         family_name = excluded.family_name, custom_auth = excluded.custom_auth, customer_id = excluded.customer_id,
         mfa_set_up = null, updated_at = excluded.updated_at
       where user_directory.updated_at < excluded.updated_at and user_directory.sub = excluded.sub`,
      [entry.username, entry.sub, entry.email, entry.givenName, entry.familyName, entry.customAuth, customerOf(entry.customAuth), issuedAt],
    );
  }

  /**
   * What decides whether the user with this sub may be served (decisions 0093, 0098): whether the
   * directory holds them as disabled, when they were last enabled again, and whether the pool removed
   * them; undefined when it neither holds them nor recorded their removal. Lookups on primary keys and
   * the sub's index.
   */
  async statusOf(sub: string): Promise<DirectoryStatus | undefined> {
    const { rows } = await this.db.query<{ enabled: boolean | null; enabled_at: number | string | null; removed: boolean }>(
      `select bool_and(enabled) as enabled, extract(epoch from max(enabled_at))::float8 as enabled_at,
         exists (select 1 from user_directory_removed where sub = $1) as removed
       from user_directory where sub = $1`,
      [sub],
    );
    const row = rows[0];
    if (!row || (row.enabled === null && !row.removed)) return undefined;
    return { enabled: row.enabled ?? false, enabledAt: row.enabled_at === null ? null : Number(row.enabled_at), removed: row.removed };
  }

  /**
   * Writes at once that the platform just disabled or enabled this user at the pool: the one word every
   * replica reads before serving the user's tokens (decision 0093). A user the directory does not hold
   * yet is added with what is known of them; the rest follows with the next write or listing. An enable
   * is dated `enabledAt`, taken before the pool was asked (decision 0098), now when left out.
   */
  async setEnabled(
    user: Pick<DirectoryEntry, 'username' | 'sub' | 'email' | 'givenName' | 'familyName' | 'status'>,
    enabled: boolean,
    enabledAt?: Date,
  ): Promise<void> {
    await this.db.query(
      `insert into user_directory (username, sub, email, given_name, family_name, status, enabled, enabled_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, case when $7 then coalesce($8, now()) end, now())
       on conflict (username) do update set enabled = excluded.enabled, enabled_at = ${enabledAtOn('excluded.enabled_at')}, updated_at = now()`,
      [user.username, user.sub, user.email, user.givenName, user.familyName, user.status, enabled, enabledAt ?? null],
    );
  }

  /** Records whether the user has a second factor set up, as the pool just said. */
  async mfaRead(username: string, mfaSetUp: boolean): Promise<void> {
    await this.db.query('update user_directory set mfa_set_up = $2 where username = $1', [username, mfaSetUp]);
  }

  /** Forgets a user the pool no longer has, remembering their sub as removed (decision 0098). */
  async removed(username: string): Promise<void> {
    await this.db.query(
      `with gone as (delete from user_directory where username = $1 returning sub)
       insert into user_directory_removed (sub) select sub from gone on conflict (sub) do nothing`,
      [username],
    );
  }

  /**
   * Ends a reconciliation that listed the whole pool from `startedAt`: drops the users neither listed nor
   * written since (deleted from the pool). Returns how many went.
   */
  async sweep(startedAt: Date): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `with gone as (delete from user_directory where updated_at < $1 and (listed_at is null or listed_at < $1) returning sub),
         marked as (insert into user_directory_removed (sub) select sub from gone on conflict (sub) do nothing)
       select count(*)::int as n from gone`,
      [startedAt],
    );
    // A removal outlives every token issued before it (a day at most): older ones guard nothing.
    await this.db.query(`delete from user_directory_removed where removed_at < now() - interval '25 hours'`);
    return rows[0]?.n ?? 0;
  }

  async get(username: string): Promise<DirectoryEntry | undefined> {
    const { rows } = await this.db.query<Row>(`select ${COLUMNS} from user_directory where username = $1`, [username]);
    return rows[0] && toEntry(rows[0]);
  }

  /**
   * A page of users ordered by e-mail address, after `after`: one index range, however many users the
   * pool holds. Asks for one row more than the page to tell whether another follows.
   */
  async page({ customerId, query, limit, after }: DirectoryPageQuery): Promise<DirectoryPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (customerId !== undefined) where.push(`customer_id = ${param(customerId)}`);
    if (query?.trim()) {
      const pattern = param(startsWith(query.trim()));
      where.push(`(email_key like ${pattern} or given_key like ${pattern} or family_key like ${pattern})`);
    }
    if (after) where.push(`(email_key, username) > (${param(after[0])}, ${param(after[1])})`);
    const { rows } = await this.db.query<Row>(
      `select ${COLUMNS} from user_directory ${where.length ? `where ${where.join(' and ')}` : ''}
       order by email_key, username limit ${param(limit + 1)}`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { entries: page.map(toEntry), next: rows.length > limit && last ? [last.email_key, last.username] : null };
  }

  /** How many users each customer id their claims name has (the operators' list of customers not added yet). */
  async customerCounts(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ customer_id: string; n: number }>(
      'select customer_id, count(*)::int as n from user_directory where customer_id is not null group by customer_id',
    );
    return new Map(rows.map((r) => [r.customer_id, r.n]));
  }

  /** How many users the directory holds. */
  async size(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('select count(*)::int as n from user_directory');
    return rows[0]?.n ?? 0;
  }
}
