import type { Coding } from '../contentCodings.ts';
import { iso } from './auditEntryHead.ts';
import type { Database, Sql } from './database.ts';
import type { Actor } from './customerStore.ts';

/** One file of a bundle as uploaded: its path under the bundle's folder, its bytes and their sha384; its compressed forms where made. */
export interface BundleFile {
  path: string;
  content: Buffer;
  contentType: string;
  integrity: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** How much one module may keep: versions not withdrawn, and their files' bytes as uploaded. */
export interface BundleQuota {
  versions: number;
  bytes: number;
}

/** A file's bytes in one coding (undefined: identity, the file as uploaded), its type and digest. */
export interface CodedFile {
  content: Buffer;
  coding: Coding | undefined;
  contentType: string;
  integrity: string;
}

/** A bundle as listed: everything but the files' bytes. */
export interface StoredBundle {
  module: string;
  version: string;
  sdk: string;
  digest: string;
  files: { path: string; bytes: number; integrity: string }[];
  uploadedBy: Actor;
  uploadedAt: string;
  /** Set once staff withdrew the version: who, when and why. Its files are no longer served. */
  withdrawn?: { by: Actor; at: string; reason: string };
}

/**
 * created: stored now; same: these files were already this version; conflict: the version holds other
 * files (`existing`); withdrawn: the version was withdrawn, and stays taken; over-quota: storing it would
 * pass `limit` of the module's quota (`used` is what the module holds now).
 */
export type PutOutcome =
  | { outcome: 'created' | 'same'; bundle: StoredBundle }
  | { outcome: 'conflict'; existing: StoredBundle }
  | { outcome: 'withdrawn'; existing: StoredBundle }
  | { outcome: 'over-quota'; limit: keyof BundleQuota; used: BundleQuota };

/** withdrawn: now; already: earlier (the first withdrawal's who and why are kept); undefined: no such version. */
export type WithdrawOutcome = { outcome: 'withdrawn' | 'already'; bundle: StoredBundle } | undefined;

type BundleRow = {
  module_key: string;
  version: string;
  sdk_range: string;
  digest: string;
  uploaded_by_sub: string;
  uploaded_by_email: string;
  uploaded_at: Date | string;
  withdrawn_at: Date | string | null;
  withdrawn_by_sub: string | null;
  withdrawn_by_email: string | null;
  withdrawn_reason: string | null;
};
type FileRow = { module_key: string; version: string; path: string; bytes: number; integrity: string };
type ContentRow = { content: Uint8Array; coded: boolean; content_type: string; integrity: string };

const BUNDLE_COLUMNS =
  'module_key, version, sdk_range, digest, uploaded_by_sub, uploaded_by_email, uploaded_at, withdrawn_at, withdrawn_by_sub, withdrawn_by_email, withdrawn_reason';
/** The column holding each coding's bytes: named from this table only, never from a request. */
const CODED_COLUMN: Readonly<Record<Coding, string>> = { br: 'content_br', gzip: 'content_gzip' };
/** Told on commit of a withdrawal, `module/version`: every replica forgets the files it keeps of it. */
const WITHDRAWN_CHANNEL = 'module_bundle_withdrawn';
/** With the module's key hashed, the lock one module's uploads and withdrawals take turns on (apart from migrate's one-key lock). */
const MODULE_LOCK_CLASS = 7_310_246;

/**
 * Module bundles in PostgreSQL (PGlite by default): immutable per module and version, until staff
 * withdraw one (decision 0067). An upload is one transaction, so a failed one leaves nothing; two
 * uploads of one version at once leave one, the other finding it (the module's lock makes the second
 * wait for the first to commit).
 */
export class BundleStore {
  constructor(readonly db: Database) {}

  /**
   * Stores a bundle unless its version exists: then the same files are `same`, other files `conflict`,
   * and a withdrawn version `withdrawn` whatever its files. With a `quota`, a new version that would
   * pass it is `over-quota`, and nothing is stored. One module's uploads and withdrawals take turns,
   * so two at once cannot both fit in the last place.
   */
  async put(
    bundle: { module: string; version: string; sdk: string; digest: string; files: readonly BundleFile[] },
    actor: Actor,
    quota?: BundleQuota,
  ): Promise<PutOutcome> {
    return this.db.transaction(async (tx): Promise<PutOutcome> => {
      await lockModule(tx, bundle.module);
      const existing = await this.#get(tx, bundle.module, bundle.version);
      if (existing) {
        if (existing.withdrawn) return { outcome: 'withdrawn', existing };
        return existing.digest === bundle.digest ? { outcome: 'same', bundle: existing } : { outcome: 'conflict', existing };
      }
      if (quota) {
        const used = await this.#used(tx, bundle.module);
        if (used.versions + 1 > quota.versions) return { outcome: 'over-quota', limit: 'versions', used };
        const bytes = bundle.files.reduce((sum, f) => sum + f.content.length, 0);
        if (used.bytes + bytes > quota.bytes) return { outcome: 'over-quota', limit: 'bytes', used };
      }
      await tx.query(
        `insert into module_bundles (module_key, version, sdk_range, digest, uploaded_by_sub, uploaded_by_email) values ($1, $2, $3, $4, $5, $6)`,
        [bundle.module, bundle.version, bundle.sdk, bundle.digest, actor.sub, actor.email],
      );
      for (const file of bundle.files) {
        await tx.query(
          `insert into module_bundle_files (module_key, version, path, content, content_type, bytes, integrity, content_br, content_gzip)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [bundle.module, bundle.version, file.path, file.content, file.contentType, file.content.length, file.integrity, file.br ?? null, file.gzip ?? null],
        );
      }
      return { outcome: 'created', bundle: (await this.#get(tx, bundle.module, bundle.version))! };
    });
  }

  /**
   * Withdraws a version: who, when and why are written on its row, its files' bytes are dropped (their
   * paths and digests stay, for the listing), and every replica is told on commit to forget them.
   */
  async withdraw(module: string, version: string, actor: Actor, reason: string): Promise<WithdrawOutcome> {
    return this.db.transaction(async (tx): Promise<WithdrawOutcome> => {
      await lockModule(tx, module);
      const existing = await this.#get(tx, module, version);
      if (!existing) return undefined;
      if (existing.withdrawn) return { outcome: 'already', bundle: existing };
      await tx.query(
        `update module_bundles set withdrawn_at = now(), withdrawn_by_sub = $3, withdrawn_by_email = $4, withdrawn_reason = $5
         where module_key = $1 and version = $2`,
        [module, version, actor.sub, actor.email, reason],
      );
      await tx.query('update module_bundle_files set content = null, content_br = null, content_gzip = null where module_key = $1 and version = $2', [
        module,
        version,
      ]);
      await tx.query('select pg_notify($1, $2)', [WITHDRAWN_CHANNEL, `${module}/${version}`]);
      return { outcome: 'withdrawn', bundle: (await this.#get(tx, module, version))! };
    });
  }

  /**
   * Calls `onWithdrawn` with each version withdrawn from now on, through any replica, and `onMissed`
   * when such news may have been lost (the listening connection was down).
   */
  onWithdrawn(onWithdrawn: (module: string, version: string) => void, onMissed: () => void): Promise<() => Promise<void>> {
    return this.db.listen(
      WITHDRAWN_CHANNEL,
      (payload) => {
        const at = payload.indexOf('/');
        onWithdrawn(payload.slice(0, at), payload.slice(at + 1));
      },
      onMissed,
    );
  }

  /** What a module holds towards its quota: versions not withdrawn, and their files' bytes. */
  async #used(sql: Sql, module: string): Promise<BundleQuota> {
    const { rows } = await sql.query<{ versions: number | string; bytes: number | string }>(
      `select count(distinct b.version) as versions, coalesce(sum(f.bytes), 0) as bytes
       from module_bundles b left join module_bundle_files f on f.module_key = b.module_key and f.version = b.version
       where b.module_key = $1 and b.withdrawn_at is null`,
      [module],
    );
    return { versions: Number(rows[0]?.versions ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
  }

  /** A bundle with its files' digests; undefined when that version was never uploaded. */
  get(module: string, version: string): Promise<StoredBundle | undefined> {
    return this.#get(this.db, module, version);
  }

  /** Every version of a module, newest upload first. */
  async list(module: string): Promise<StoredBundle[]> {
    const { rows } = await this.db.query<BundleRow>(
      `select ${BUNDLE_COLUMNS} from module_bundles where module_key = $1 order by uploaded_at desc, version desc`,
      [module],
    );
    const files = await this.#files(this.db, 'module_key = $1', [module]);
    return rows.map((row) => toBundle(row, files));
  }

  /** The bundles named, by `module@version`; those never uploaded are left out. */
  async many(named: readonly { module: string; version: string }[]): Promise<Map<string, StoredBundle>> {
    if (!named.length) return new Map();
    const params = [JSON.stringify(named.map((n) => [n.module, n.version]))];
    const wanted = `(module_key, version) in (select e->>0, e->>1 from json_array_elements($1::json) e)`;
    const { rows } = await this.db.query<BundleRow>(`select ${BUNDLE_COLUMNS} from module_bundles where ${wanted}`, params);
    const files = await this.#files(this.db, wanted, params);
    return new Map(rows.map((row) => [`${row.module_key}@${row.version}`, toBundle(row, files)]));
  }

  /**
   * One file's bytes in `coding` where that form was made at upload, else as uploaded (`coding`
   * undefined); undefined when there is no such file, or its version was withdrawn.
   */
  async file(module: string, version: string, path: string, coding?: Coding): Promise<CodedFile | undefined> {
    const coded = coding ? CODED_COLUMN[coding] : 'null';
    const { rows } = await this.db.query<ContentRow>(
      `select coalesce(${coded}, content) as content, ${coded} is not null as coded, content_type, integrity from module_bundle_files
       where module_key = $1 and version = $2 and path = $3 and content is not null`,
      [module, version, path],
    );
    const row = rows[0];
    // pg reads bytea as a Buffer, PGlite as a Uint8Array: one shape for both, without a copy.
    return (
      row && {
        content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength),
        coding: row.coded ? coding : undefined,
        contentType: row.content_type,
        integrity: row.integrity,
      }
    );
  }

  async #get(sql: Sql, module: string, version: string): Promise<StoredBundle | undefined> {
    const { rows } = await sql.query<BundleRow>(`select ${BUNDLE_COLUMNS} from module_bundles where module_key = $1 and version = $2`, [module, version]);
    if (!rows[0]) return undefined;
    return toBundle(rows[0], await this.#files(sql, 'module_key = $1 and version = $2', [module, version]));
  }

  /** File digests (never the bytes) of the bundles `where` selects, by `module@version`. */
  async #files(sql: Sql, where: string, params: readonly unknown[]): Promise<Map<string, StoredBundle['files']>> {
    const { rows } = await sql.query<FileRow>(
      `select module_key, version, path, bytes, integrity from module_bundle_files where ${where} order by path`,
      params,
    );
    const byBundle = new Map<string, StoredBundle['files']>();
    for (const row of rows) {
      const key = `${row.module_key}@${row.version}`;
      let files = byBundle.get(key);
      if (!files) byBundle.set(key, (files = []));
      files.push({ path: row.path, bytes: Number(row.bytes), integrity: row.integrity });
    }
    return byBundle;
  }
}

function toBundle(row: BundleRow, files: ReadonlyMap<string, StoredBundle['files']>): StoredBundle {
  return {
    module: row.module_key,
    version: row.version,
    sdk: row.sdk_range,
    digest: row.digest,
    files: files.get(`${row.module_key}@${row.version}`) ?? [],
    uploadedBy: { sub: row.uploaded_by_sub, email: row.uploaded_by_email },
    uploadedAt: iso(row.uploaded_at),
    ...(row.withdrawn_at
      ? {
          withdrawn: {
            by: { sub: row.withdrawn_by_sub ?? '', email: row.withdrawn_by_email ?? '' },
            at: iso(row.withdrawn_at),
            reason: row.withdrawn_reason ?? '',
          },
        }
      : {}),
  };
}

/** Holds the module's lock until the transaction ends. */
async function lockModule(tx: Sql, module: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [MODULE_LOCK_CLASS, module]);
}
