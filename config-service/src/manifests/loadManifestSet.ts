import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleManifestSchema, moduleRegistrySchema, type ModuleManifest, type ModuleRegistry } from '@platform/schemas';
import { locateProblem, ManifestSetError, type ManifestProblem } from './manifestProblem.ts';
import { ajv } from './schemaValidator.ts';
import { validateManifestSet, type ManifestDoc, type ScreenCatalogue } from './validateManifestSet.ts';

/** A validated, versioned set of manifests: what the service serves from. */
export interface ManifestSet {
  version: string;
  /** Module keys in the specification's table order. */
  registry: string[];
  /** Every manifest by key, including 'shell' and 'dash'. */
  modules: Map<string, ModuleManifest>;
  /** The file in the folder each module came from, by key. */
  files: Map<string, string>;
}

const REGISTRY_FILE = 'registry.json';

function parse(file: string, text: string, problems: ManifestProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push({ file, pointer: '', rule: 'json-syntax', message: (error as Error).message });
    return undefined;
  }
}

function schemaProblems(file: string, schemaId: string, value: unknown): ManifestProblem[] {
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`schema ${schemaId} is not registered`);
  if (validate(value)) return [];
  return (validate.errors ?? [])
    // if/then/else reports the branch and the keyword that failed inside it; the latter says more.
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({
      file,
      pointer: e.instancePath,
      rule: `schema:${e.keyword}`,
      message: `${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` ('${String(e.params.additionalProperty)}')` : ''}${e.keyword === 'enum' ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
    }));
}

/**
 * Reads every manifest in `dir`, checks each against its schema and the set as a whole, and
 * returns it with a version that changes whenever any file does. Throws ManifestSetError with
 * all problems; nothing half-valid is returned.
 */
export function loadManifestSet(dir: string, options: { screens?: ScreenCatalogue } = {}): ManifestSet {
  const problems: ManifestProblem[] = [];
  const texts = new Map<string, string>();
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const hash = createHash('sha256');
  let registry: ModuleRegistry | undefined;
  const docs: ManifestDoc[] = [];

  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    texts.set(file, text);
    hash.update(file).update('\0').update(text).update('\0');
    const value = parse(file, text, problems);
    if (value === undefined) continue;
    if (file === REGISTRY_FILE) {
      const found = schemaProblems(file, moduleRegistrySchema.$id, value);
      problems.push(...found);
      if (!found.length) registry = value as ModuleRegistry;
    } else {
      const found = schemaProblems(file, moduleManifestSchema.$id, value);
      problems.push(...found);
      if (!found.length) docs.push({ file, manifest: value as ModuleManifest });
    }
  }
  if (!files.includes(REGISTRY_FILE)) {
    problems.push({ file: REGISTRY_FILE, pointer: '', rule: 'registry-missing', message: `${dir} has no ${REGISTRY_FILE}` });
  }
  // Cross-file rules only make sense once each file is well-formed.
  if (!problems.length && registry) problems.push(...validateManifestSet(docs, registry.modules, options.screens));
  if (problems.length || !registry) throw new ManifestSetError(problems.map((p) => locateProblem(p, texts)));

  return {
    version: hash.digest('hex').slice(0, 12),
    registry: [...registry.modules],
    modules: new Map(docs.map((d) => [d.manifest.key, d.manifest])),
    files: new Map(docs.map((d) => [d.manifest.key, d.file])),
  };
}
