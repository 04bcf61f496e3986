import { iso } from './auditEntryHead.ts';
import type { Database, Sql } from './database.ts';
import type { Actor } from './customerStore.ts';

/** One file of a bundle as uploaded: its path under the bundle's folder, its bytes and their sha384. */
export interface BundleFile {
  path: string;
  content: Buffer;
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
}

/** created: stored now; same: these files were already this version; conflict: the version holds other files (`existing`). */
export type PutOutcome = { outcome: 'created' | 'same'; bundle: StoredBundle } | { outcome: 'conflict'; existing: StoredBundle };

type BundleRow = {
  module_key: string;
  version: string;
  sdk_range: string;
  digest: string;
  uploaded_by_sub: string;
  uploaded_by_email: string;
  uploaded_at: Date | string;
};
type FileRow = { module_key: string; version: string; path: string; bytes: number; integrity: string };
type ContentRow = { content: Uint8Array; content_type: string; integrity: string };

const BUNDLE_COLUMNS = 'module_key, version, sdk_range, digest, uploaded_by_sub, uploaded_by_email, uploaded_at';

/**
 * Module bundles in PostgreSQL (PGlite by default): immutable per module and version. An upload is one
 * transaction, so a failed one leaves nothing; two uploads of one version at once leave one, the other
 * finding it (the primary key makes the second wait for the first to commit).
 */
export class BundleStore {
  constructor(readonly db: Database) {}

  /** Stores a bundle unless its version exists: then the same files are `same`, other files `conflict`. */
  async put(bundle: { module: string; version: string; sdk: string; digest: string; files: readonly BundleFile[] }, actor: Actor): Promise<PutOutcome> {
    return this.db.transaction(async (tx): Promise<PutOutcome> => {
      const { rows } = await tx.query<{ module_key: string }>(
        `insert into module_bundles (module_key, version, sdk_range, digest, uploaded_by_sub, uploaded_by_email)
         values ($1, $2, $3, $4, $5, $6) on conflict (module_key, version) do nothing returning module_key`,
        [bundle.module, bundle.version, bundle.sdk, bundle.digest, actor.sub, actor.email],
      );
      if (!rows.length) {
        const existing = (await this.#get(tx, bundle.module, bundle.version))!;
        return existing.digest === bundle.digest ? { outcome: 'same', bundle: existing } : { outcome: 'conflict', existing };
      }
      for (const file of bundle.files) {
        await tx.query(
          `insert into module_bundle_files (module_key, version, path, content, content_type, bytes, integrity) values ($1, $2, $3, $4, $5, $6, $7)`,
          [bundle.module, bundle.version, file.path, file.content, file.contentType, file.content.length, file.integrity],
        );
      }
      return { outcome: 'created', bundle: (await this.#get(tx, bundle.module, bundle.version))! };
    });
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

  /** One file's bytes, type and digest; undefined when there is no such file. */
  async file(module: string, version: string, path: string): Promise<{ content: Buffer; contentType: string; integrity: string } | undefined> {
    const { rows } = await this.db.query<ContentRow>(
      'select content, content_type, integrity from module_bundle_files where module_key = $1 and version = $2 and path = $3',
      [module, version, path],
    );
    const row = rows[0];
    // pg reads bytea as a Buffer, PGlite as a Uint8Array: one shape for both, without a copy.
    return (
      row && {
        content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength),
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
  };
}
