import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addSchemaProblems,
  depthExceededAt,
  moduleManifestSchema,
  moduleRegistrySchema,
  nestsDeeperThan,
  ProblemList,
  TOO_DEEP_MESSAGE,
  type ModuleManifest,
  type ModuleRegistry,
} from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { locateProblems, ManifestSetError, type ManifestProblem } from './manifestProblem.ts';
import { ajv } from '../validation/schemaValidator.ts';
import { validateManifestSet, type ManifestDoc, type ScreenCatalogue } from './validateManifestSet.ts';
import { releaseId } from '../releases/releaseId.ts';
import type { ServedBundle } from '../bundles/servedBundle.ts';

/** A validated set of manifests: what a release holds, and what is served. */
export interface ManifestSet {
  /** Its release id: the hash of its content (releases/releaseId.ts), so the same files are always the same release. */
  release: string;
  /** Module keys in the specification's table order. */
  registry: string[];
  /** Every manifest by key, including 'shell' and 'dash'. */
  modules: Map<string, ModuleManifest>;
  /** The file in the folder each module came from, by key. */
  files: Map<string, string>;
  /** Every file's JSON content by file name: what a release stores. */
  contents: Readonly<Record<string, unknown>>;
  /** The module bundles the set names, by module key, once read from the store (a served release; issue 28). */
  bundles?: ReadonlyMap<string, ServedBundle>;
}

export interface LoadOptions {
  screens?: ScreenCatalogue;
}

const REGISTRY_FILE = 'registry.json';

const tooDeep = (file: string, offset?: number) => ({
  file,
  pointer: '',
  rule: 'json-depth' as const,
  message: TOO_DEEP_MESSAGE,
  ...(offset === undefined ? {} : { offset }),
});

function parse(file: string, text: string, problems: ProblemList<ManifestProblem>): unknown {
  // Checked on the text, before anything that recurses (the parse tree that locates problems, the schema, the route walks) reads it.
  const deep = depthExceededAt(text);
  if (deep !== undefined) {
    problems.add(tooDeep(file, deep));
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.add({ file, pointer: '', rule: 'json-syntax', message: (error as Error).message });
    return undefined;
  }
}

/** Checks a value against its schema; whether it passed. Problems past the cap are counted, not built. */
function checkAgainstSchema(file: string, schemaId: string, value: unknown, problems: ProblemList<ManifestProblem>): boolean {
  const validate = ajv.getSchema(schemaId);
  // Registered when the validator loads: missing, the service is broken, whoever asked (a draft sent to be published included).
  if (!validate) throw new PlatformError('CFG_ERR_INTERNAL', `schema ${schemaId} is not registered`);
  if (validate(value)) return true;
  addSchemaProblems(file, validate.errors ?? [], problems, (problem) => ({ file, ...problem }));
  return false;
}

/** The `.json` files of a folder, by name, as text. */
function readManifestFolder(dir: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    texts.set(file, readFileSync(join(dir, file), 'utf8'));
  return texts;
}

/**
 * Reads every manifest in `dir`, checks each against its schema and the set as a whole, and
 * returns it with a version that changes whenever any file's content does. Throws ManifestSetError
 * with all problems; nothing half-valid is returned.
 */
export function loadManifestSet(dir: string, options: LoadOptions = {}): ManifestSet {
  return manifestSetFromTexts(readManifestFolder(dir), options, dir);
}

/**
 * A manifest set from files given as JSON values (a release, a draft from the browser): validated
 * exactly as a folder is. Problems' lines and columns refer to each file as JSON.stringify(value,
 * null, 2) writes it, which is how the editor and `GET /api/v1/admin/releases/{id}` show it.
 */
export function manifestSetFromFiles(files: Readonly<Record<string, unknown>>, options: LoadOptions = {}): ManifestSet {
  const names = Object.keys(files).sort();
  // JSON.stringify recurses: a value nested too deeply is refused before it is written out.
  const deep = new ProblemList<ManifestProblem>();
  for (const name of names) if (nestsDeeperThan(files[name])) deep.add(tooDeep(name));
  if (deep.size) throw new ManifestSetError(locateProblems(deep.kept, new Map()), deep);
  const texts = new Map(names.map((name) => [name, JSON.stringify(files[name], null, 2)]));
  return manifestSetFromTexts(texts, options);
}

/** Validates a set of files given as text, by file name; `dir` only names the folder in a problem. */
function manifestSetFromTexts(texts: ReadonlyMap<string, string>, options: LoadOptions = {}, dir = 'the manifest set'): ManifestSet {
  const problems = new ProblemList<ManifestProblem>();
  const files = [...texts.keys()].sort();
  let registry: ModuleRegistry | undefined;
  const docs: ManifestDoc[] = [];
  const contents: Record<string, unknown> = {};

  for (const file of files) {
    const text = texts.get(file)!;
    const value = parse(file, text, problems);
    if (value === undefined) continue;
    contents[file] = value;
    if (file === REGISTRY_FILE) {
      if (checkAgainstSchema(file, moduleRegistrySchema.$id, value, problems)) registry = value as ModuleRegistry;
    } else if (checkAgainstSchema(file, moduleManifestSchema.$id, value, problems)) {
      docs.push({ file, manifest: value as ModuleManifest });
    }
  }
  if (!texts.has(REGISTRY_FILE)) {
    problems.add({ file: REGISTRY_FILE, pointer: '', rule: 'registry-missing', message: `${dir} has no ${REGISTRY_FILE}` });
  }
  // Cross-file rules only make sense once each file is well-formed.
  if (!problems.size && registry) validateManifestSet(docs, registry.modules, options.screens, problems);
  // Only the problems kept are located: each file is parsed once, and at most PROBLEM_CAP lookups are made.
  if (problems.size || !registry) throw new ManifestSetError(locateProblems(problems.kept, texts), problems);

  return {
    release: releaseId(contents),
    registry: [...registry.modules],
    modules: new Map(docs.map((d) => [d.manifest.key, d.manifest])),
    files: new Map(docs.map((d) => [d.manifest.key, d.file])),
    contents,
  };
}
