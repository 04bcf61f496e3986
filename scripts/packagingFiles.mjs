// What the packaging tests read (Dockerfile, compose.yaml, deploy/nginx.conf), parsed once for the three
// files that check it: packagingImage (the Dockerfile), packagingDeploy (compose and nginx) and
// packagingStart (the image's start command, run).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parse as parseYaml } from 'yaml';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const read = (path) => readFileSync(join(root, path), 'utf8');
export const NGINX = '/usr/sbin/nginx';

/** The Dockerfile as stages of instructions: continuation lines joined, comments dropped. */
export function dockerfileStages(text) {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), args: rest };
    });
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1).instructions.push(instruction);
  }
  return stages;
}

/** ENV lines, both `ENV A=1 B=2` and `ENV A 1`, as one object. */
export function envOf(stage) {
  const env = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    if (!args.includes('=')) {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const [, name, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) env[name] = value.replace(/^"|"$/g, '');
  }
  return env;
}

/** The exec form's argument list; the shell form would put a shell between the signal and the service. */
export function execForm(args) {
  expect(args, `${args} should be in exec form ["node", ...]`).toMatch(/^\[/);
  return JSON.parse(args);
}

/** Whether a path (with `*` in its last part) names something in the repository. */
export function existsInRepo(path) {
  const clean = path.replace(/\/$/, '');
  if (!clean.includes('*')) return existsSync(join(root, clean));
  const pattern = new RegExp(
    `^${clean
      .split('/')
      .at(-1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return readdirSync(join(root, dirname(clean))).some((name) => pattern.test(name));
}

export const stages = dockerfileStages(read('Dockerfile'));
export const runtime = stages.at(-1);
export const runtimeOf = (keyword) => runtime.instructions.filter((i) => i.keyword === keyword);
export const command = execForm(runtimeOf('CMD').at(-1).args);
export const runtimeEnv = envOf(runtime);
/** What the stages before the runtime one run, one RUN a line. */
export const buildRuns = stages
  .slice(0, -1)
  .flatMap((s) => s.instructions)
  .filter((i) => i.keyword === 'RUN')
  .map((i) => i.args)
  .join('\n');

export const compose = parseYaml(read('compose.yaml'), { merge: true });
/** The services that run the platform's image (built from this directory). */
export const replicas = Object.entries(compose.services).filter(([, service]) => service.build === '.' || service.build?.context === '.');
export const nginxConf = read('deploy/nginx.conf');

/** Compiles the service as `npm run build` does (once a run), from the sources as they are now. */
let compiled = false;
export function buildService() {
  if (compiled) return;
  const built = spawnSync(process.execPath, [join(root, 'scripts/buildService.mjs')], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`scripts/buildService.mjs failed:\n${built.stderr}`);
  compiled = true;
}

/**
 * The configuration as nginx can test and run it here: the replicas' names (resolved only inside compose's
 * network) replaced by an address, the port, the logs and the temporary files moved to a folder of the test's own.
 */
export function localNginxConf(folder, { upstream, listen }) {
  let text = nginxConf;
  for (const [name] of replicas) text = text.replaceAll(`${name}:8080`, upstream);
  text = text.replace(/listen 80;/, `listen ${listen};`).replaceAll('/var/log/nginx/', `${folder}/`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(folder, kind)};`).join('\n');
  text = text.replace(/^http \{$/m, `http {\n${temp}`);
  const file = join(folder, 'nginx.conf');
  writeFileSync(file, text);
  return file;
}

export const nginxArgs = (folder, file) => ['-c', file, '-p', folder, '-e', join(folder, 'error.log'), '-g', `pid ${join(folder, 'nginx.pid')};`];
