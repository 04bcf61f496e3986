#!/usr/bin/env node
// `npm run build` (its service part): compiles the config service to one JavaScript module,
// config-service/dist/server.js, which the image runs with plain `node` (decision 0025).
//
// esbuild bundles the service's own TypeScript and the schemas workspace (whose package exports
// TypeScript); every package from npm stays an import, resolved from node_modules at run time as
// before. The bundle sits at the same depth as the sources (config-service/dist/ beside
// config-service/src/), so the paths the service computes from its own address (repoPaths.ts) find
// the same files from either.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'config-service/package.json'), 'utf8'));
// Packages stay imports; the workspace is compiled in, since what it exports is TypeScript.
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.devDependencies })
  .filter((name) => !name.startsWith('@platform/'))
  // Deep imports (ajv/dist/2020.js) are external with their package.
  .flatMap((name) => [name, `${name}/*`]);

const started = performance.now();
const result = await build({
  entryPoints: [join(root, 'config-service/src/server.ts')],
  outfile: join(root, 'config-service/dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: [...external, 'cognito-local', 'pino-pretty'],
  sourcemap: 'linked',
  // Stack traces name the TypeScript files and lines (node --enable-source-maps, set by the image).
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
// What it imports from node_modules, for the packaging test and anyone auditing the image.
writeFileSync(join(root, 'config-service/dist/server.meta.json'), JSON.stringify(result.metafile));
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`service: config-service/dist/server.js (${Math.round(bytes / 1024)} KB with its source map) in ${Math.round(performance.now() - started)} ms`);
