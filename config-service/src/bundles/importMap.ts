import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';

/** An import map as the page carries it: bare names to addresses, and the sha384 of each address the page may load. */
export interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

/** What the web build writes beside index.html: the shell's shared modules (react, react/jsx-runtime, the module SDK). */
export const SHARED_IMPORT_MAP = 'importmap.json';

const stringRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

/**
 * The shell's shared imports from the built web app's importmap.json; none when the build wrote none
 * (an older build, or the API alone). `onInvalid` hears of a file that is not JSON.
 */
export function readSharedImportMap(webRoot: string | undefined, onInvalid: (error: unknown) => void): ImportMap {
  const file = webRoot && join(webRoot, SHARED_IMPORT_MAP);
  if (!file || !existsSync(file)) return { imports: {}, integrity: {} };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { imports?: unknown; integrity?: unknown };
    return { imports: stringRecord(parsed.imports), integrity: stringRecord(parsed.integrity) };
  } catch (error) {
    onInvalid(error);
    return { imports: {}, integrity: {} };
  }
}

/**
 * The page's import map (decision 0057): the shell's shared imports, and the integrity of every file of
 * every bundle a served release names (the active one and a pilot's: the page is served before anyone
 * signs in, so it cannot know which the user gets). Built once per served state, when the first page
 * after a change asks, never per page; the text is ready to go between <script> tags.
 */
export class PageImportMap {
  #for: readonly ManifestSet[] = [];
  #text: string | undefined;

  constructor(
    private readonly shared: ImportMap,
    /** The sets served now; the same objects until the releases change. */
    private readonly served: () => readonly ManifestSet[],
  ) {}

  /** The map as JSON safe inside a script element; undefined when it would be empty. */
  text(): string | undefined {
    const sets = this.served();
    if (this.#text !== undefined && sets.length === this.#for.length && sets.every((set, i) => set === this.#for[i])) return this.#text;
    this.#for = sets;
    this.#text = serialize(this.build(sets));
    return this.#text;
  }

  /** The map for these sets. */
  build(sets: readonly ManifestSet[]): ImportMap {
    const integrity = { ...this.shared.integrity };
    for (const set of sets) for (const bundle of set.bundles?.values() ?? []) for (const [url, digest] of bundle.files) integrity[url] = digest;
    return { imports: { ...this.shared.imports }, integrity };
  }
}

/** JSON that cannot end the script element it sits in; '' when there is nothing to map. */
function serialize(map: ImportMap): string {
  if (!Object.keys(map.imports).length && !Object.keys(map.integrity).length) return '';
  return JSON.stringify(map).replaceAll('<', '\\u003c');
}
