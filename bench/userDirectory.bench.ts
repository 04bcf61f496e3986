// Issue 37: the user directory at a real pool's size. A customer's first page, a search and the next page
// at 1,000, 10,000 and 100,000 directory rows on PostgreSQL (filled with generate_series, 400 customers),
// each beside the physical limit (`select 1` over the same connections); and how many users a second the
// reconciliation lists from the local identity provider's emulator, at the default call rate and unpaced.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentSchema } from '../config-service/src/settings/environmentSchema.ts';
import { startLocalIdentityProvider } from '../config-service/src/local/identityProvider/startLocalIdentityProvider.ts';
import type { Database } from '../config-service/src/store/database.ts';
import { DirectorySyncStore } from '../config-service/src/store/directorySyncStore.ts';
import { migrate } from '../config-service/src/store/migrate.ts';
import { openPostgres } from '../config-service/src/store/postgresDatabase.ts';
import { UserDirectoryStore } from '../config-service/src/store/userDirectoryStore.ts';
import { freePort } from '../config-service/src/testing/freePort.ts';
import { freshPostgresDatabase } from '../config-service/src/testing/freshPostgresDatabase.ts';
import { localPoolClient, madeInPool } from '../config-service/src/testing/localPoolClient.ts';
import { DirectoryReconciliation } from '../config-service/src/users/directoryReconciliation.ts';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { fmt, median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;

const SIZES = [1_000, 10_000, 100_000];
const CUSTOMERS = 400;
const PAGE = 50;
/** At 100,000 rows, each query's median within this many times its median at 1,000. */
const TARGET_RATIO = 3;
const DEFAULT_RATE = environmentSchema.properties.USER_DIRECTORY_SYNC_CALLS_PER_SECOND.default;

interface Row {
  rows: number;
  query: string;
  p50: number;
  p99: number;
  ratio: number;
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  return times;
}

/** A directory of `rows` users across the customers, as the scale test fills it. */
async function fill(db: Database, rows: number): Promise<void> {
  await db.query(
    `insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled)
     select 'user-' || i, 'sub-' || i, 'user' || i || '@customer' || (i % $2) || '.example', 'Given' || (i % 997), 'Family' || (i % 991),
            '{"role":"customer","customerId":"customer' || (i % $2) || '"}', 'customer' || (i % $2), 'CONFIRMED', true
     from generate_series(1, $1) as i`,
    [rows, CUSTOMERS],
  );
  await db.query('analyze user_directory');
}

async function queries(url: string, rows: number, runs: number): Promise<Record<string, number[]>> {
  const db = await openPostgres(url);
  try {
    await migrate(db);
    await fill(db, rows);
    const store = new UserDirectoryStore(db);
    const first = await store.page({ customerId: 'customer7', limit: PAGE });
    return {
      'physical limit (select 1)': await timed(runs, () => db.query('select 1')),
      'first page': await timed(runs, () => store.page({ customerId: 'customer7', limit: PAGE })),
      'search (family name)': await timed(runs, () => store.page({ customerId: 'customer7', query: 'family12', limit: PAGE })),
      'next page': await timed(runs, () => store.page({ customerId: 'customer7', limit: PAGE, after: first.next! })),
    };
  } finally {
    await db.close();
  }
}

/** Users a second the reconciliation lists from the emulator holding `users` users more than its seed. */
async function reconciliationThroughput(url: string, users: number, log: (line: string) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-directory-'));
  const idp = await startLocalIdentityProvider({ dataDir, port: await freePort(), lambdaEndpoint: `http://127.0.0.1:${await freePort()}`, webOrigins: [] });
  const client = localPoolClient(idp.upstream);
  try {
    const made = Array.from({ length: users }, (_, i) => ({
      email: `bench${i}@customer${i % CUSTOMERS}.example`,
      customAuth: JSON.stringify({ role: 'customer', customerId: `customer${i % CUSTOMERS}` }),
    }));
    await madeInPool(client, idp.userPoolId, made, 20);
    log(`emulator holds ${users} users more than its seed`);
    const results = [];
    for (const [label, callsPerSecond] of [
      [`default rate (${DEFAULT_RATE} calls/s)`, DEFAULT_RATE],
      ['unpaced (the emulator’s own limit)', 1_000_000],
    ] as const) {
      const database = await freshPostgresDatabase(url);
      const db = await openPostgres(database.url);
      try {
        await migrate(db);
        const sync = new DirectorySyncStore(db);
        const reconciliation = new DirectoryReconciliation({
          client,
          userPoolId: idp.userPoolId,
          directory: new UserDirectoryStore(db),
          sync,
          intervalMs: 60_000,
          callsPerSecond,
        });
        const began = performance.now();
        await reconciliation.attempt('start');
        const seconds = (performance.now() - began) / 1000;
        const run = (await sync.state()).lastRun;
        if (run?.outcome !== 'succeeded') throw new Error(`reconciliation ${run?.outcome}: ${run?.error}`);
        results.push({ label, callsPerSecond, users: run.usersListed, calls: Math.ceil(run.usersListed / 60), seconds, perSecond: run.usersListed / seconds });
        log(`${label}: ${run.usersListed} users in ${seconds.toFixed(2)} s, ${(run.usersListed / seconds).toFixed(0)} users/s`);
      } finally {
        await db.close();
        await database.drop();
      }
    }
    return results;
  } finally {
    client.destroy();
    await idp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default {
  name: 'users',
  title: 'User directory: pages and search at 1,000 to 100,000 users, and reconciliation throughput',
  async run({ quick, log }) {
    const runs = quick ? 50 : 500;
    const postgres = await startTestPostgres();
    try {
      const measured: Row[] = [];
      for (const rows of SIZES) {
        const database = await freshPostgresDatabase(postgres.url);
        try {
          const times = await queries(database.url, rows, runs);
          for (const [query, values] of Object.entries(times)) {
            const base = measured.find((r) => r.rows === SIZES[0] && r.query === query);
            const p50 = median(values);
            measured.push({ rows, query, p50, p99: percentile(values, 99), ratio: base ? p50 / base.p50 : 1 });
          }
          log(
            `${rows} rows: ${Object.entries(times)
              .map(([q, v]) => `${q} p50 ${median(v).toFixed(2)} ms`)
              .join('; ')}`,
          );
        } finally {
          await database.drop();
        }
      }
      const sync = await reconciliationThroughput(postgres.url, quick ? 240 : 1_200, log);
      const worst = Math.max(...measured.filter((r) => r.rows === SIZES[SIZES.length - 1] && !r.query.startsWith('physical')).map((r) => r.ratio));
      return {
        figures: { runs, customers: CUSTOMERS, page: PAGE, rows: measured, reconciliation: sync },
        targets: [target(`slowest query's p50 at ${SIZES[SIZES.length - 1]!.toLocaleString('en')} rows ÷ at 1,000`, worst, 'max', TARGET_RATIO, '×')],
        report: [
          `One customer's users (${CUSTOMERS} customers; 1/${CUSTOMERS} of the rows each) on PostgreSQL, through \`UserDirectoryStore\`, ${runs} runs each after a warm-up; pages of ${PAGE}. The physical limit is \`select 1\` over the same connections.`,
          '',
          ...table(
            ['directory rows', 'query', 'p50', 'p99', 'p50 ÷ at 1,000'],
            measured.map((r) => [r.rows.toLocaleString('en'), r.query, `${fmt(r.p50)} ms`, `${fmt(r.p99)} ms`, `${r.ratio.toFixed(2)}×`]),
          ),
          '',
          `Reconciliation against the local identity provider's emulator (cognito-local, pages of 60 as Cognito's), into an empty directory on PostgreSQL:`,
          '',
          ...table(
            ['pace', 'users listed', 'ListUsers calls', 'seconds', 'users a second'],
            sync.map((s) => [s.label, s.users, s.calls, s.seconds.toFixed(2), s.perSecond.toFixed(0)]),
          ),
        ],
        notes: [
          `At the default rate a reconciliation lists at most ${DEFAULT_RATE * 60} users a second: 100,000 users in about ${Math.ceil(100_000 / (DEFAULT_RATE * 60) / 60)} minutes.`,
        ],
      };
    } finally {
      await postgres.stop();
    }
  },
} satisfies Benchmark;
