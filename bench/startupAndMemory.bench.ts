// Benchmark 7: a replica's start-up time and memory, as the image runs it (the esbuild bundle under
// plain node) next to the same source run through tsx, as the image ran it before decision 0025. Each
// start is a production replica: the image's environment, a Cognito-like issuer serving its keys on
// loopback, and a new, empty database of its own on a throwaway PostgreSQL server, which it migrates
// and seeds with the first release from route-manifests/, as a new deployment's first replica does:
// the same work for every start (4d4f602, whose figures BENCHMARKS.md quotes beside these, could not
// restart on a store that already held a release). Timed from spawning node to the first /readyz 200
// (manifests loaded, the issuer's keys fetched, the database answering); then 1,000 manifest requests
// as staff, with a browser's Accept-Encoding, and the process's resident set from /proc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_ROLE } from '@platform/schemas';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { freshPostgresDatabase } from '../config-service/src/testing/freshPostgresDatabase.ts';
import { startJwksIssuer } from '../config-service/src/testing/jwksIssuer.ts';
import { startAndLoad, type StartCommand, type StartupRun } from './support/serviceStartup.ts';
import { fmt, median, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;

const MANIFEST_REQUESTS = 1_000;
const CONCURRENCY = 4;
/** staff@demo.local's claim (local/demoData/demoAccounts.ts): staff see every module, the largest manifest. */
const STAFF = { sub: 'bench-staff', email: 'staff@demo.local', auth: { role: STAFF_ROLE, requireMFA: false } };

/** The image's command (Dockerfile CMD), and the one it had before (4d4f602): tsx compiling on every start. */
const COMPILED: Omit<StartCommand, 'root'> = { label: 'compiled (node dist/server.js)', args: ['--enable-source-maps', 'config-service/dist/server.js'] };
const TSX_ARGS = ['--import', 'tsx', 'config-service/src/server.ts'];
/** A new container has an empty /tmp, so tsx has no cache of its compiled files: every start compiles. */
const TSX_FRESH: Omit<StartCommand, 'root'> = { label: 'tsx, no cache (a new container)', args: TSX_ARGS, env: { TSX_DISABLE_CACHE: '1' } };
/** A developer's second `npm start`: tsx reads what it compiled last time from its cache in /tmp. */
const TSX_CACHED: Omit<StartCommand, 'root'> = { label: 'tsx, cache warm (a developer machine)', args: TSX_ARGS };

/** `list` turned by `by` places: each round starts with a different command, so none always goes first. */
const rotate = <T>(list: readonly T[], by: number) => list.map((_, i) => list[(i + by) % list.length]!);

const benchmark: Benchmark = {
  name: 'startup',
  title: 'Start-up time and memory: the compiled service next to tsx',
  async run({ root, quick, log }) {
    // From the sources as they are now, as `npm run build` and the packaging test compile them.
    const built = spawnSync(process.execPath, [join(root, 'scripts/buildService.mjs')], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`scripts/buildService.mjs failed:\n${built.stderr}`);
    const runs = quick ? 3 : 7;
    const commands: StartCommand[] = [COMPILED, TSX_FRESH, TSX_CACHED].map((c) => ({ ...c, root }));
    const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    const issuer = await startJwksIssuer();
    const postgres = await startTestPostgres();
    const results = new Map<StartCommand, StartupRun[]>(commands.map((c) => [c, []]));
    const plan = { token: issuer.idToken(STAFF), requests: MANIFEST_REQUESTS, concurrency: CONCURRENCY, logFile: join(dir, 'service.log') };
    const start = async (command: StartCommand) => {
      const database = await freshPostgresDatabase(postgres.url);
      try {
        return await startAndLoad(command, { ...plan, env: { ...issuer.env, DATABASE_URL: database.url, LOG_LEVEL: 'info' } });
      } finally {
        await database.drop();
      }
    };
    try {
      log(
        `${runs} starts each, each on an empty database, after one warm-up (tsx's cache and the page cache filled), in rotating order, unpinned; logs in ${dir}`,
      );
      for (const command of commands) await start(command);
      for (let round = 0; round < runs; round++) {
        for (const command of rotate(commands, round)) {
          const run = await start(command);
          if (run.answers['200 br'] !== MANIFEST_REQUESTS)
            throw new Error(`${command.label}: manifest answers ${JSON.stringify(run.answers)}, not ${MANIFEST_REQUESTS} × 200 br`);
          results.get(command)!.push(run);
        }
      }
    } finally {
      await issuer.close();
      await postgres.stop();
    }

    const summary = commands.map((command) => {
      const list = results.get(command)!;
      return {
        command: `node ${command.args.join(' ')}${
          command.env
            ? ` (${Object.entries(command.env)
                .map(([k, v]) => `${k}=${v}`)
                .join(' ')})`
            : ''
        }`,
        label: command.label,
        readyMedianMs: median(list.map((r) => r.readyMs)),
        readyMinMs: Math.min(...list.map((r) => r.readyMs)),
        readyMaxMs: Math.max(...list.map((r) => r.readyMs)),
        cpuAtReadyMedianMs: median(list.map((r) => r.cpuAtReadyMs)),
        rssReadyMedianMiB: median(list.map((r) => r.rssReadyMiB)),
        rssAfterMedianMiB: median(list.map((r) => r.rssAfterMiB)),
        peakMedianMiB: median(list.map((r) => r.peakMiB)),
        runs: list,
      };
    });
    const [compiled, fresh] = summary as [(typeof summary)[0], (typeof summary)[0]];
    const startRatio = compiled.readyMedianMs / fresh.readyMedianMs;
    const memoryRatio = compiled.rssAfterMedianMiB / fresh.rssAfterMedianMiB;
    log(summary.map((s) => `${s.label}: ready ${fmt(s.readyMedianMs)} ms, ${fmt(s.rssAfterMedianMiB)} MiB after ${MANIFEST_REQUESTS} manifests`).join('; '));

    return {
      figures: { runs, manifestRequests: MANIFEST_REQUESTS, concurrency: CONCURRENCY, commands: summary },
      targets: [
        target('start-up to ready, compiled ÷ tsx without cache', startRatio, 'max', 1, '×'),
        target(`resident memory after ${fmt(MANIFEST_REQUESTS)} manifests, compiled ÷ tsx without cache`, memoryRatio, 'max', 1, '×'),
      ],
      report: [
        `Median of ${runs} starts each, in rotating order, after one warm-up start each; each start on a new, empty database (migrated, first release seeded). Spawn to the first \`/readyz\` 200 (polled every 10 ms), and the CPU time the process had used by then (all threads, /proc/<pid>/stat); resident set (VmRSS) when ready and after ${fmt(MANIFEST_REQUESTS)} staff manifest requests, ${CONCURRENCY} at a time, Brotli-coded; peak is VmHWM. MiB = 2²⁰ bytes.`,
        '',
        ...table(
          [
            'command',
            'ready median ms (min–max)',
            'ratio',
            'CPU to ready ms',
            'ratio',
            'RSS at ready MiB',
            `RSS after ${fmt(MANIFEST_REQUESTS)} manifests MiB`,
            'ratio',
            'peak MiB',
          ],
          summary.map((s) => [
            `${s.label}: \`${s.command}\``,
            `${fmt(s.readyMedianMs)} (${fmt(s.readyMinMs)}–${fmt(s.readyMaxMs)})`,
            `${fmt(s.readyMedianMs / fresh.readyMedianMs)}×`,
            s.cpuAtReadyMedianMs,
            `${fmt(s.cpuAtReadyMedianMs / fresh.cpuAtReadyMedianMs)}×`,
            s.rssReadyMedianMiB,
            s.rssAfterMedianMiB,
            `${fmt(s.rssAfterMedianMiB / fresh.rssAfterMedianMiB)}×`,
            s.peakMedianMiB,
          ]),
        ),
      ],
      notes: [
        'Ratios are to tsx without its cache, which is how the image ran the service before it was compiled: a new container starts with an empty /tmp.',
        'Unpinned: tsx compiles on a thread of its own, and a replica in a container gets what CPUs it is given; on a shared 2-core machine the start-up times move with other work, the ratios less.',
      ],
    };
  },
};

export default benchmark;
