// The modules built outside the shell (modules/*, issue 28): each folder whose package.json says
// which module it draws ("platform": { "module": "mr" }) is built once, and again only when a source
// is newer than its build, so `npm start` stays quick.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The module key a folder's package.json names; undefined when it names none. */
export function moduleKeyOf(dir) {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')).platform?.module;
}

/** Every module folder under `root`/modules: its key, folder and build folder. */
export function localModules(root) {
  const parent = join(root, 'modules');
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .map((name) => join(parent, name))
    .filter((dir) => moduleKeyOf(dir))
    .map((dir) => ({ module: moduleKeyOf(dir), dir, dist: join(dir, 'dist') }));
}

const newest = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

/** Whether the build is older than any of its sources (src/, package.json, vite.config.ts). */
export function stale({ dir, dist }) {
  const entry = join(dist, 'index.js');
  if (!existsSync(entry)) return true;
  const sources = ['src', 'package.json', 'vite.config.ts'].map((name) => join(dir, name)).filter(existsSync);
  return Math.max(...sources.map(newest)) > statSync(entry).mtimeMs;
}

/** Builds the module (vite build in its folder); the exit status. */
export function buildModule(root, { dir }, args = []) {
  return spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], { cwd: dir, stdio: 'inherit' }).status ?? 1;
}

/** LOCAL_MODULE_FOLDERS for these modules, the given value's pairs first (a pair it names wins). */
export function folderSetting(given, modules) {
  const pairs = (given ?? '').split(',').filter(Boolean);
  const named = new Set(pairs.map((pair) => pair.split('=')[0]));
  return [...pairs, ...modules.filter((m) => !named.has(m.module)).map((m) => `${m.module}=${m.dist}`)].join(',');
}
