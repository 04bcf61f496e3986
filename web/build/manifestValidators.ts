import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';

/** The module the release editor imports its schema checks from. */
export const VALIDATORS_ID = 'virtual:manifest-validators';
const RESOLVED_ID = `\0${VALIDATORS_ID}`;

const schema = (name: string) => JSON.parse(readFileSync(new URL(`../../schemas/${name}.schema.json`, import.meta.url), 'utf8')) as { $id: string };

/**
 * Ajv compiles a schema into a function with `new Function`, which the page's Content-Security-Policy
 * (script-src without 'unsafe-eval') forbids. So the manifest schemas are compiled here, at build
 * time, into plain code: the browser checks a draft with the very rules and messages the service
 * uses (config-service/src/validation/schemaValidator.ts has the same options), without eval.
 */
export function validatorSource(): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, code: { source: true, esm: true } });
  const [manifest, registry] = [schema('module-manifest'), schema('module-registry')];
  ajv.addSchema(manifest).addSchema(registry);
  const code = standaloneCode(ajv, { moduleManifest: manifest.$id, moduleRegistry: registry.$id });
  // Even as ESM, Ajv refers to its runtime helpers with require(); the bundle (and Node, which wants
  // the extension) needs imports.
  const helpers = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))];
  // Node hands a CommonJS module's exports as the default import, Rollup its `default` export: take either.
  const imports = helpers
    .map(
      (path, i) => `import h${i} from ${JSON.stringify(path.endsWith('.js') ? path : `${path}.js`)};\nconst helper${i} = { default: h${i}.default ?? h${i} };`,
    )
    .join('\n');
  return `${imports}\n${code.replace(/require\("([^"]+)"\)/g, (_whole, path: string) => `helper${helpers.indexOf(path)}`)}`;
}

/** Serves `virtual:manifest-validators`: the module manifest and registry schemas as eval-free validators. */
export function manifestValidators(): Plugin {
  return {
    name: 'platform:manifest-validators',
    resolveId: (id) => (id === VALIDATORS_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? validatorSource() : undefined),
  };
}
