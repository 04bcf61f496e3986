// A throwaway PostgreSQL server on loopback for the tests, built from Debian's server binaries:
// a fresh data directory, trust auth, durability switched off for speed, gone again after stop().
// TEST_DATABASE_URL skips all of it and points the tests at a server someone else runs.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// Loaded through vitest or tsx only (global setup, benchmarks), which read TypeScript.
import { freePort } from '../config-service/src/testing/freePort.ts';

const run = promisify(execFile);
const serverBinaries = ['initdb', 'pg_ctl', 'postgres'];
// Overridable only so the "nothing installed" path can be tried on a machine that has PostgreSQL.
const serverRoot = process.env.TEST_POSTGRES_LIB_DIR ?? '/usr/lib/postgresql';

/** Starts a server (or takes TEST_DATABASE_URL) and answers its URL and a stop() that removes it. */
export async function startTestPostgres({ log = () => {} } = {}) {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };

  const bin = findServerBin(serverRoot) ?? (await installServer(log));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root, so root hands the server to Debian's postgres user.
  const owner = asRoot ? postgresUser() : undefined;
  const asOwner = (tool, args) => (owner ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]);

  // Root's TMPDIR may be private to root; /tmp is reachable by the postgres user.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'test-postgres-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const serverLog = join(dir, 'server.log');
  const stopArgs = asOwner('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
  let watchdog;
  try {
    await run(...asOwner('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']));
    const port = await freePort();
    const settings = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      // Durability is worthless for a server thrown away after the run, and costs time.
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    ].join(' ');
    // pg_ctl puts the server in its own session, so it would survive our death; the watchdog prevents that.
    watchdog = startWatchdog(stopArgs, dir);
    await run(...asOwner('pg_ctl', ['-D', dir, '-w', '-t', '60', '-l', serverLog, '-o', settings, 'start']));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    log(`test PostgreSQL ${bin} started at ${url}`);
    return { url, stop: async () => removeServer(watchdog, stopArgs, dir) };
  } catch (error) {
    const tail = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').split('\n').slice(-20).join('\n') : '';
    removeServer(watchdog, stopArgs, dir);
    throw new Error(`test PostgreSQL did not start: ${error.stderr || error.message}\n${tail}`, { cause: error });
  }
}

/** The highest-versioned `<root>/<version>/bin` holding initdb, pg_ctl and postgres, if any. */
export function findServerBin(root) {
  const versions = existsSync(root) ? readdirSync(root) : [];
  return versions
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    .map((version) => join(root, version, 'bin'))
    .find((bin) => serverBinaries.every((tool) => existsSync(join(bin, tool))));
}

async function installServer(log) {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No PostgreSQL server binaries in ${serverRoot}/*/bin. Install them with ` +
        '`sudo apt-get install --no-install-recommends postgresql`, or set TEST_DATABASE_URL ' +
        '(e.g. postgres://postgres@127.0.0.1:5432/postgres) to a server the tests may use.',
    );
  }
  log("installing Debian's postgresql for the tests' throwaway server (apt-get)");
  // Only the binaries are wanted; without this Debian also creates and starts a cluster on port 5432.
  mkdirSync('/etc/postgresql-common/createcluster.d', { recursive: true });
  writeFileSync('/etc/postgresql-common/createcluster.d/no-main-cluster.conf', 'create_main_cluster = false\n');
  const install = () =>
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    await install();
  } catch {
    // A fresh machine has no package lists yet; anything else fails again below with apt's own message.
    await run('apt-get', ['update', '-qq']);
    await install();
  }
  const bin = findServerBin(serverRoot);
  if (!bin) throw new Error(`apt-get installed postgresql, yet ${serverRoot}/*/bin lacks initdb, pg_ctl or postgres`);
  return bin;
}

function postgresUser() {
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // The Debian package creates this user; binaries that came another way may not have.
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

// A detached process that stops the server and removes its directory once its stdin closes, which
// happens however we end, SIGKILL included. stop() kills it first, so it only acts when we could not.
const watchdogSource = `
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const [command, dir, ...args] = process.argv.slice(1);
process.stdin.on('close', () => {
  try { execFileSync(command, args, { stdio: 'ignore' }); } catch {}
  rmSync(dir, { recursive: true, force: true });
}).resume();
`;

function startWatchdog([command, args], dir) {
  const watchdog = spawn(process.execPath, ['-e', watchdogSource, command, dir, ...args], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the process nor the pipe may keep our event loop alive.
  watchdog.unref();
  watchdog.stdin.unref();
  return watchdog;
}

function removeServer(watchdog, [command, args], dir) {
  watchdog?.kill();
  try {
    execFileSync(command, args, { stdio: 'ignore' });
  } catch {
    // Not running (it never started, or is already gone): nothing to stop.
  }
  rmSync(dir, { recursive: true, force: true });
}
