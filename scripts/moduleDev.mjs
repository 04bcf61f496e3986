#!/usr/bin/env node
// `npm run module:dev -- modules/model-runtime`: one module's working copy on the local platform.
// Its build runs in watch mode (vite build --watch), and the platform `npm start` runs serves that
// build folder (LOCAL_MODULE_FOLDERS): each rebuild is uploaded as a new version and named in the
// folder's release, so reloading the page shows it (decision 0064). Local only: a working copy is
// never served past the review and release of a real deployment.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModule, moduleKeyOf } from './localModules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: npm run module:dev -- modules/<name>  (a folder whose package.json says "platform": { "module": "<key>" })';
const fail = (message, status = 2) => {
  console.error(`module:dev: ${message}`);
  process.exit(status);
};

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const environment = process.env.ENVIRONMENT || 'local';
if (environment !== 'local')
  fail(
    `serves a working copy of a module, which only a local platform may do; ENVIRONMENT is '${environment}'. Publish a build instead: npm run modules:publish`,
  );
if ((process.env.MANIFEST_SOURCE ?? 'files') !== 'files') fail("needs MANIFEST_SOURCE=files: the module's build is named in the folder's release");

const [given] = process.argv.slice(2);
if (!given) fail(usage);
const dir = resolve(given);
const module = moduleKeyOf(dir);
if (!module) fail(`${dir} has no package.json naming its module ("platform": { "module": "<key>" })\n${usage}`);

// Built once before the platform starts, so it starts with this copy rather than an older build.
if (buildModule(root, { dir }, ['--logLevel', 'warn']) !== 0) process.exit(1);
const env = {
  ...process.env,
  ENVIRONMENT: 'local',
  LOCAL_MODULE_FOLDERS: [`${module}=${join(dir, 'dist')}`, process.env.LOCAL_MODULE_FOLDERS].filter(Boolean).join(','),
};
const children = [
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--watch', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' }),
  spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env }),
];
console.log(`module:dev: rebuilding ${module} from ${dir} on every save; reload the page to see a rebuild`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
// One ending ends the other: a platform without its rebuilds, or rebuilds nobody serves, is no use.
for (const child of children)
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 1);
  });
