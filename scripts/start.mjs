#!/usr/bin/env node
// `npm start`: builds the web app, then runs the config service with its embedded defaults
// (environment local, the local identity provider, demo accounts) on one origin.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// A .env may name the environment: `npm start` defaults to local only when neither it nor the real
// environment does (the real environment wins; the service checks the file's lines itself).
if (existsSync('.env')) process.loadEnvFile('.env');
const env = { ...process.env, ENVIRONMENT: process.env.ENVIRONMENT || 'local' };

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const service = spawn(process.execPath, ['--import', 'tsx', join(root, 'config-service/src/server.ts')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
