#!/usr/bin/env node
// CI's copy of the image's Node: the line the Dockerfile's FROM names (node:26-…), newest release, from the
// npm registry's node-linux-<arch> package (the registry is the only internet CI has; those packages carry
// the official binaries). `npm test` runs the packaging test under it when IMAGE_NODE names it, so the
// compiled service is started on the Node the image runs, not only on the machine's (docs/security.md,
// "Dependencies and audit"). Prints the binary's path; where it cannot be had, prints NOT CHECKED and nothing on stdout.
//
// The binary is kept under ~/.cache/asset-platform/node/ (IMAGE_NODE_CACHE to move it), one folder per
// release, so a CI machine that keeps its home downloads a release once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node major the image runs: the runtime stage's (last) `FROM node:<major>…`. */
export function imageNodeLine(dockerfile) {
  const froms = [...dockerfile.matchAll(/^FROM\s+(\S+)/gim)].map((m) => m[1]);
  const line = /^node:(\d+)\b/.exec(froms.at(-1) ?? '')?.[1];
  if (!line) throw new Error(`the Dockerfile's runtime stage is not FROM node:<major>… (${froms.at(-1) ?? 'no FROM'})`);
  return line;
}

const parts = (version) => version.replace(/^v/, '').split('.').map(Number);
/** The newest of plain `major.minor.patch` versions (npm lists a range's matches in publishing order). */
export function newestVersion(versions) {
  return [...versions]
    .sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .at(-1);
}

const say = (text) => console.error(`image node: ${text}`);
const notChecked = (why) => {
  console.error(`image node: NOT CHECKED: the packaging test runs on this machine's Node only (${why})`);
  process.exit(0);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = imageNodeLine(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  if (process.platform !== 'linux') notChecked(`the registry's Node packages used here are Linux ones, not ${process.platform}'s`);
  const name = `node-linux-${process.arch}`;
  const cache = process.env.IMAGE_NODE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'asset-platform', 'node');
  const binary = (version) => join(cache, `${name}-${version}`, 'node');

  const asked = spawnSync('npm', ['view', `${name}@${line}`, 'version', '--json'], { encoding: 'utf8', timeout: 60_000 });
  let answer;
  try {
    answer = JSON.parse(asked.stdout);
  } catch {
    answer = { error: { summary: asked.error?.message ?? asked.stderr } };
  }
  // One match is a string, several an array; a failure is an object with `error`.
  let version = asked.status === 0 ? newestVersion([answer].flat().filter((v) => typeof v === 'string')) : undefined;
  if (!version) {
    // No answer: a release of the line fetched before will do, and says so.
    const cached = existsSync(cache)
      ? readdirSync(cache).filter((folder) => folder.startsWith(`${name}-${line}.`) && existsSync(join(cache, folder, 'node')))
      : [];
    const why =
      asked.status === 0
        ? `the npm registry has no ${name}@${line}`
        : `the npm registry gave no ${name}@${line}: ${(answer.error?.summary || 'no answer').split('\n').find(Boolean)}`;
    if (!cached.length) notChecked(why);
    version = newestVersion(cached.map((folder) => folder.slice(name.length + 1)));
    say(`${why}; using Node ${version}, fetched before`);
  }

  if (!existsSync(binary(version))) {
    mkdirSync(cache, { recursive: true });
    // Unpacked beside its final place, so the move is a rename on one file system.
    const work = mkdtempSync(join(cache, '.fetching-'));
    try {
      const packed = spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', work, '--json'], { encoding: 'utf8', timeout: 300_000 });
      if (packed.status !== 0) {
        rmSync(work, { recursive: true, force: true });
        notChecked(`npm pack ${name}@${version} failed: ${(packed.stderr || 'no answer').split('\n').find(Boolean)}`);
      }
      const [{ filename }] = JSON.parse(packed.stdout);
      // Only the binary: the package's headers and docs are four fifths of it.
      const untar = spawnSync('tar', ['-xzf', join(work, filename), '-C', work, 'package/bin/node'], { encoding: 'utf8' });
      if (untar.status !== 0) throw new Error(`tar could not unpack ${filename}: ${untar.stderr}`);
      mkdirSync(dirname(binary(version)), { recursive: true });
      renameSync(join(work, 'package/bin/node'), binary(version));
      say(`fetched Node ${version} (${name} from the npm registry) to ${dirname(binary(version))}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const ran = spawnSync(binary(version), ['-p', 'process.version'], { encoding: 'utf8' });
  if (ran.stdout.trim() !== `v${version}`)
    throw new Error(`${binary(version)} does not run as Node ${version}: ${ran.stderr || ran.stdout || ran.error?.message}`);
  say(`Node ${version}, the image's line ${line}`);
  console.log(binary(version));
}
