#!/usr/bin/env node
// `npm start`: builds the web app, then runs the config service with its embedded defaults
// (environment local, the local identity provider, demo accounts) on one origin. In local with the
// folder published (MANIFEST_SOURCE=files), the modules built outside the shell (modules/*) are
// built when their sources changed and served from their build folders (LOCAL_MODULE_FOLDERS,
// decision 0064): a fresh clone shows Model Runtime's own screens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModule, folderSetting, localModules, stale } from './localModules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// A .env may name the environment: `npm start` defaults to local only when neither it nor the real
// environment does (the real environment wins; the service checks the file's lines itself).
if (existsSync('.env')) process.loadEnvFile('.env');
const env = { ...process.env, ENVIRONMENT: process.env.ENVIRONMENT || 'local' };

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (env.ENVIRONMENT === 'local' && (env.MANIFEST_SOURCE ?? 'files') === 'files') {
  const modules = localModules(root);
  for (const module of modules.filter(stale)) {
    const status = buildModule(root, module, ['--logLevel', 'warn']);
    if (status !== 0) process.exit(status);
  }
  env.LOCAL_MODULE_FOLDERS = folderSetting(env.LOCAL_MODULE_FOLDERS, modules);
}

const service = spawn(process.execPath, ['--import', 'tsx', join(root, 'config-service/src/server.ts')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
