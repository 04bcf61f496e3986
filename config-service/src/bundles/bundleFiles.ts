import type { Coding } from '../contentCodings.ts';
import type { BundleStore } from '../store/bundleStore.ts';

/** A file as served: its bytes in the coding they are sent in (undefined: as uploaded), type and entity tag. */
export interface ServedFile {
  content: Buffer;
  coding: Coding | undefined;
  contentType: string;
  etag: string;
}

/** Bytes of bundle files kept in memory per replica (decision 0056): today's screens are well under a megabyte a module. */
const BUNDLE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bundle files as this replica serves them: read from the store once per coding asked for, then from
 * memory, least recently used first out past `maxBytes`. What is kept is what is sent (a file's br form
 * for clients taking br), so the bound counts the bytes of every coding held, and a replica whose
 * clients all take br holds no file twice. A version's files never change; a withdrawn version's are
 * forgotten (`forget`), and what is not found is not kept (the version may be uploaded a moment later).
 */
export class BundleFiles {
  readonly #kept = new Map<string, ServedFile>();
  #bytes = 0;
  /** Counts withdrawals: a file read while one happened is served, not kept, since it may be of the version withdrawn. */
  #forgotten = 0;

  constructor(
    private readonly store: BundleStore,
    private readonly maxBytes = BUNDLE_CACHE_BYTES,
  ) {}

  async get(module: string, version: string, path: string, coding?: Coding): Promise<ServedFile | undefined> {
    const key = `${module}/${version}/${path}\0${coding ?? ''}`;
    const kept = this.#kept.get(key);
    if (kept) {
      // Used again: to the back of the queue.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    const forgotten = this.#forgotten;
    const file = await this.store.file(module, version, path, coding);
    if (!file) return undefined;
    // One tag per representation (RFC 9110 8.8.3): the digest of the file, and the coding it is sent in.
    const etag = file.coding ? `"${file.integrity}-${file.coding}"` : `"${file.integrity}"`;
    const served = { content: file.content, coding: file.coding, contentType: file.contentType, etag };
    if (file.content.length <= this.maxBytes && forgotten === this.#forgotten) {
      this.#kept.set(key, served);
      this.#bytes += file.content.length;
      for (const [oldest, value] of this.#kept) {
        if (this.#bytes <= this.maxBytes) break;
        this.#kept.delete(oldest);
        this.#bytes -= value.content.length;
      }
    }
    return served;
  }

  /** Drops every file kept of a version (withdrawn); with no version given, everything (news of withdrawals may have been missed). */
  forget(module?: string, version?: string): void {
    this.#forgotten++;
    const prefix = module === undefined ? '' : `${module}/${version}/`;
    for (const [key, value] of this.#kept) {
      if (!key.startsWith(prefix)) continue;
      this.#kept.delete(key);
      this.#bytes -= value.content.length;
    }
  }

  /** Bytes held now, for tests of the bound. */
  get bytes(): number {
    return this.#bytes;
  }
}
