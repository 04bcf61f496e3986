import type { BundleStore } from '../store/bundleStore.ts';

/** A file as served: its bytes, type and entity tag. */
export interface ServedFile {
  content: Buffer;
  contentType: string;
  etag: string;
}

/** Bytes of bundle files kept in memory per replica (decision 0056): today's screens are well under a megabyte a module. */
const BUNDLE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bundle files as this replica serves them: read from the store once, then from memory, least
 * recently used first out past `maxBytes`. A version's files never change, so nothing kept can go
 * stale; what is not found is not kept (the version may be uploaded a moment later).
 */
export class BundleFiles {
  readonly #kept = new Map<string, ServedFile>();
  #bytes = 0;

  constructor(
    private readonly store: BundleStore,
    private readonly maxBytes = BUNDLE_CACHE_BYTES,
  ) {}

  async get(module: string, version: string, path: string): Promise<ServedFile | undefined> {
    const key = `${module}/${version}/${path}`;
    const kept = this.#kept.get(key);
    if (kept) {
      // Used again: to the back of the queue.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    const file = await this.store.file(module, version, path);
    if (!file) return undefined;
    const served = { content: file.content, contentType: file.contentType, etag: `"${file.integrity}"` };
    if (file.content.length <= this.maxBytes) {
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

  /** Bytes held now, for tests of the bound. */
  get bytes(): number {
    return this.#bytes;
  }
}
