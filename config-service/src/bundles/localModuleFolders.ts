import { createHash } from 'node:crypto';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isPlatformError } from '../errors.ts';
import { manifestSetFromFiles, type LoadOptions, type ManifestSet } from '../manifests/loadManifestSet.ts';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import type { BundleStore } from '../store/bundleStore.ts';
import type { Actor } from '../store/customerStore.ts';
import { compressBundleFiles } from './compressBundleFiles.ts';
import { packBundle } from './packBundle.ts';
import { ENTRY, readBundle } from './readBundle.ts';

/** A module whose screens a folder on this machine holds: a build's output folder (LOCAL_MODULE_FOLDERS). */
export interface LocalModuleFolder {
  module: string;
  dir: string;
}

/** Who uploads a local folder's files: no person, the folder. */
const FOLDER_UPLOADER: Actor = { sub: 'local-module-folder', email: '' };

/** The version a folder's files are uploaded as: the same files, the same version; other files, another. */
const localVersion = (digest: string) => `0.0.0-local-${createHash('sha256').update(digest).digest('hex').slice(0, 12)}`;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
const consoleLog: Log = {
  info: ((detail: object, message?: string) => console.log(message ?? detail)) as Log['info'],
  warn: ((detail: object, message?: string) => console.warn(`warning: ${message ?? ''}`, detail)) as Log['warn'],
};

/**
 * The route-manifests folder as `npm start` publishes it (files mode, local only; decision 0064), with
 * each module of LOCAL_MODULE_FOLDERS naming the bundle its folder holds now. The folder's files are
 * uploaded as a version of their own (`localVersion`), so a rebuild is a new immutable version with the
 * integrity of the files as they are, served, cached and checked exactly as an uploaded bundle is.
 * Naming it here, in the set the folder gives, makes the folder's release name it: an edit of
 * route-manifests/ keeps the module's screens, and route-manifests/ itself never names a bundle
 * production would not hold.
 */
export class FolderWithLocalBundles extends ManifestFolder {
  readonly #versions = new Map<string, string>();
  #named: { raw: ManifestSet; versions: string; set: ManifestSet } | undefined;
  #watchers: FSWatcher[] = [];
  #timers = new Map<string, NodeJS.Timeout>();
  #bundles: BundleStore | undefined;

  constructor(
    dir: string,
    private readonly load: LoadOptions,
    private readonly folders: readonly LocalModuleFolder[],
    private readonly log: Log = consoleLog,
  ) {
    super(dir, load);
  }

  /** Uploads every folder's files as they are; a folder that cannot be read keeps its module's generic screens, and says why. */
  async upload(bundles: BundleStore): Promise<void> {
    this.#bundles = bundles;
    for (const folder of this.folders) await this.#sync(folder);
  }

  override current(): ManifestSet {
    const raw = super.current();
    if (!this.#versions.size) return raw;
    const versions = JSON.stringify([...this.#versions]);
    if (this.#named?.raw === raw && this.#named.versions === versions) return this.#named.set;
    const files: Record<string, unknown> = { ...raw.contents };
    for (const [module, version] of this.#versions) {
      const file = raw.files.get(module);
      if (file && files[file]) files[file] = { ...(files[file] as object), bundle: { version } };
    }
    const set = manifestSetFromFiles(files, this.load);
    this.#named = { raw, versions, set };
    return set;
  }

  /** Watches route-manifests/ and each module folder: a rebuild is uploaded and published as an edit of the folder would be. */
  override watch(debounceMs = 150): void {
    super.watch(debounceMs);
    if (this.#watchers.length) return;
    for (const folder of this.folders) {
      if (!existsSync(folder.dir)) {
        this.log.warn({ module: folder.module, dir: folder.dir }, `local module folder ${folder.dir} does not exist: not watched`);
        continue;
      }
      // A build rewrites the folder in a burst of events: the files are read once it is quiet.
      this.#watchers.push(
        watch(folder.dir, { recursive: true }, () => {
          clearTimeout(this.#timers.get(folder.module));
          this.#timers.set(
            folder.module,
            setTimeout(() => void this.#rebuilt(folder), debounceMs * 2),
          );
        }),
      );
    }
  }

  override close(): void {
    super.close();
    for (const timer of this.#timers.values()) clearTimeout(timer);
    for (const watcher of this.#watchers) watcher.close();
    this.#watchers = [];
  }

  async #rebuilt(folder: LocalModuleFolder): Promise<void> {
    const previous = this.current().release;
    if (!(await this.#sync(folder))) return;
    // Told as an edit of the folder: the releases publish and activate what current() now gives.
    this.emit('reload', { kind: 'loaded', release: this.current().release, previous, at: new Date().toISOString() });
  }

  /** Uploads the folder's files; whether the version its module names changed. */
  async #sync({ module, dir }: LocalModuleFolder): Promise<boolean> {
    if (!this.#bundles) return false;
    if (!existsSync(join(dir, ENTRY))) {
      this.log.warn({ module, dir }, `local module folder ${dir} has no ${ENTRY} (not built yet?): ${module} keeps the screens it has`);
      return false;
    }
    try {
      const read = await readBundle(await packBundle(dir));
      const version = localVersion(read.digest);
      if (this.#versions.get(module) === version) return false;
      // Compressed once here, as an upload is: nothing is compressed per request (issue 34). No quota: a
      // developer's rebuilds are versions of their own, and the machine is theirs.
      await this.#bundles.put({ module, version, ...read, files: await compressBundleFiles(read.files) }, FOLDER_UPLOADER);
      this.#versions.set(module, version);
      this.log.info({ module, version, dir }, `module ${module}: the screens in ${dir} are served as ${version}`);
      return true;
    } catch (error) {
      // Mid-build, or a build the service would refuse: the last good version stays named.
      if (!isPlatformError(error)) throw error;
      this.log.warn({ module, dir }, `local module folder ${dir}: ${error.detail ?? error.title}; ${module} keeps the screens it has`);
      return false;
    }
  }
}
