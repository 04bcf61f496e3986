import type { ModuleView } from '@platform/schemas';
import { satisfiesSdkRange } from '@platform/schemas/sdkRange';
import type { BundleExports } from '@platform/module-sdk';
import { version as shellSdkVersion } from '@platform/module-sdk/package.json';
import { bundleOnPage } from './bundleReload.ts';
import type { BundleSource } from './bundleSource.ts';

export type Bundle = NonNullable<ModuleView['bundle']>;
export type Screens = BundleExports['screens'];

/** Why a bundle could not be used; the error panel says it in the user's words. */
export type BundleFailure = 'not-on-page' | 'not-loaded' | 'not-a-bundle' | 'sdk-mismatch';

class BundleLoadError extends Error {
  constructor(
    readonly failure: BundleFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BundleLoadError';
  }
}

export function isBundleLoadError(value: unknown): value is BundleLoadError {
  return value instanceof BundleLoadError;
}

/** bundle.json, beside index.js. */
const declarationOf = (entry: string) => entry.replace(/[^/]*$/, 'bundle.json');

/** What a JSON module or a bundle's entry gave, narrowed; undefined when it is not what the contract says. */
function sdkRangeIn(declaration: unknown): string | undefined {
  const sdk = (declaration as { default?: { sdk?: unknown } } | undefined)?.default?.sdk;
  return typeof sdk === 'string' ? sdk : undefined;
}

function screensIn(exported: unknown): Screens | undefined {
  const screens = (exported as { screens?: unknown } | undefined)?.screens;
  return typeof screens === 'object' && screens !== null ? (screens as Screens) : undefined;
}

async function load(bundle: Bundle, source: BundleSource): Promise<Screens> {
  const onPage = bundleOnPage(bundle, { integrity: source.integrity(), storage: source.storage(), reload: source.reload });
  // The page is on its way out; nothing to show meanwhile but the loading state.
  if (onPage === 'reloading') return new Promise<never>(() => {});
  if (onPage === 'unknown') throw new BundleLoadError('not-on-page', `this page holds no integrity for ${bundle.entry}`);
  // Side by side: the declaration is small, and waiting for it would add a round trip to every first open.
  const [declaration, exported] = await Promise.allSettled([source.importModule(declarationOf(bundle.entry), 'json'), source.importModule(bundle.entry)]);
  // The version is judged first: a bundle built for another SDK often fails to link (a name the shell's
  // SDK lacks), and "built for another version" is the useful thing to say then.
  const range = declaration.status === 'fulfilled' ? sdkRangeIn(declaration.value) : undefined;
  if (range === undefined) {
    throw new BundleLoadError('sdk-mismatch', `${declarationOf(bundle.entry)} names no SDK range`, {
      cause: declaration.status === 'rejected' ? declaration.reason : undefined,
    });
  }
  if (!satisfiesSdkRange(shellSdkVersion, range)) {
    throw new BundleLoadError('sdk-mismatch', `built for module SDK ${range}; this shell provides ${shellSdkVersion}`);
  }
  if (exported.status === 'rejected') throw new BundleLoadError('not-loaded', `${bundle.entry} could not be imported`, { cause: exported.reason });
  const screens = screensIn(exported.value);
  if (!screens) throw new BundleLoadError('not-a-bundle', `${bundle.entry} exports no screens`);
  return screens;
}

/** What an opening came to: its screens, or why it failed. */
export type Opened = { screens: Screens } | { failed: unknown };

const opened = new WeakMap<BundleSource, Map<string, Promise<Screens>>>();
/** What each opening came to, once it has: read while rendering, so a screen never suspends for it. */
const settled = new WeakMap<Promise<Screens>, Opened>();

/** What an opening came to, if it has; undefined while it loads. */
export const openedAs = (opening: Promise<Screens>): Opened | undefined => settled.get(opening);

/**
 * A bundle's screens, imported once per entry (an entry's bytes never change: versions are
 * immutable) and kept for the life of the page, so opening the module again renders at once.
 */
export function openBundle(bundle: Bundle, source: BundleSource): Promise<Screens> {
  const cache = opened.get(source) ?? new Map<string, Promise<Screens>>();
  opened.set(source, cache);
  let promise = cache.get(bundle.entry);
  if (!promise) {
    const opening = load(bundle, source);
    opening.then(
      (screens) => settled.set(opening, { screens }),
      (failed: unknown) => settled.set(opening, { failed }),
    );
    promise = opening;
    cache.set(bundle.entry, promise);
  }
  return promise;
}

/** Drops what opening a bundle gave, so the next open imports it again ("Try again"). */
export function forgetBundle(bundle: Bundle, source: BundleSource): void {
  opened.get(source)?.delete(bundle.entry);
}

/**
 * Opens, ahead of the user, a bundle this page may import, so the first visit to its module renders
 * at once instead of fetching its files one after another. Never one the page would reload for: that
 * is for a user who opens the module. A failure is forgotten, so the user's own open tries afresh.
 */
export async function prefetchBundle(bundle: Bundle, source: BundleSource): Promise<void> {
  if (source.integrity()[bundle.entry] !== bundle.integrity) return;
  await openBundle(bundle, source).then(
    () => undefined,
    () => forgetBundle(bundle, source),
  );
}
