// Issue 37, and its follow-up: the user directory at a real pool's size, as staff meet it. The HTTP route
// GET /api/user-management/users (a staff token) at 1,000, 10,000 and 100,000 directory rows on
// PostgreSQL: a customer's first page, two searches and the next page, each beside a bare Fastify route with
// the service's logger answering the same bytes and doing no work (the physical limit of an answer of that
// size). Every row's MFA state is known, so a page asks the identity provider nothing: what is timed is
// the service and its database. Then how many users a second the reconciliation lists from the local
// identity provider's emulator, at the default call rate and unpaced.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { DirectoryReconciliation } from '../config-service/src/users/directoryReconciliation.ts';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { startChildServer } from './support/childServer.ts';
import { combine, load, type LoadResult } from './support/load.ts';
import { table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;

const SIZES = [1_000, 10_000, 100_000];
const CUSTOMERS = 400;
/**
 * The customer whose pages are timed holds every eighth row (125 users at 1,000 rows, 12,500 at
 * 100,000), the other rows spread over the other customers: a full first and next page at every size,
 * so the answers weigh alike and what grows is the directory, not the body.
 */
const MEASURED = 'customer0';
const MEASURED_SHARE = 8;
const PAGE = 50;
/**
 * A common name: half the customer's users are given a name starting so, a full page at every size (the
 * answers weigh alike). A narrow search, a family-name prefix of about 1 in 90 users, answers more users
 * as the directory grows (a few at 1,000 rows, a full page at 100,000): it is reported, not held to the
 * target, whose ratio would count a bigger answer as a slower directory.
 */
const SEARCH = 'marie';
const NARROW_SEARCH = 'family12';
const CONNECTIONS = 10;
/** At 100,000 rows, the route's p50 within this many times its p50 at 1,000, for each query. */
const TARGET_RATIO = 3;
const DEFAULT_RATE = environmentSchema.properties.USER_DIRECTORY_SYNC_CALLS_PER_SECOND.default;
const QUERIES = ['first page', 'search', 'narrow search', 'next page'] as const;
type Query = (typeof QUERIES)[number];
/** The queries whose answers are a full page at every size. */
const HELD: readonly Query[] = ['first page', 'search', 'next page'];
const SIDES = ['route', 'bare'] as const;
type Side = (typeof SIDES)[number];

interface Row {
  rows: number;
  query: Query;
  /** Users in the answer (the bare route answers the same bytes). */
  users: number;
  bodyBytes: number;
  results: Record<Side, LoadResult>;
  /** The route's p50 over its p50 at 1,000 rows. */
  ratio: number;
}

/**
 * Grows the directory from `from` to `to` rows: every eighth the measured customer's, the rest across the
 * others, every other one of them given a name starting with Marie, every MFA state known (a third set
 * up), as a reconciliation and the pages' reads leave them.
 */
async function grow(db: Database, from: number, to: number): Promise<void> {
  await db.query(
    `insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled, mfa_set_up)
     select 'user-' || i, 'sub-' || i, 'user' || i || '@' || c || '.example', case when (i / $3) % 2 = 0 then 'Marie' else 'Given' end || (i % 997), 'Family' || (i % 991),
            '{"role":"customer","customerId":"' || c || '"}', c, 'CONFIRMED', true, i % 3 = 0
     from generate_series($1::int + 1, $2::int) as i,
          lateral (select case when i % $3 = 0 then $4 else 'customer' || (1 + i % ($5 - 1)) end as c) as owner`,
    [from, to, MEASURED_SHARE, MEASURED, CUSTOMERS],
  );
  await db.query('analyze user_directory');
}

/** Until the reconciliation the service ran at its start has ended: from then on no sweep can remove the bench's rows. */
async function startReconciliationEnded(db: Database): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const { rows } = await db.query<{ outcome: string | null }>('select outcome from user_directory_sync where id = 1');
    if (rows[0]?.outcome === 'succeeded') return;
    if (rows[0]?.outcome === 'failed') throw new Error("the service's start reconciliation failed");
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the service's start reconciliation did not end within 60 s");
}

/** Where the bare route answers a query's bytes. */
const barePath = (query: Query) => `/bare/${query.replaceAll(' ', '-')}`;

/** The route's URLs for the measured customer: the next page's cursor is the first page's. */
async function routePaths(base: string, token: string): Promise<Record<Query, string>> {
  const path = '/api/user-management/users';
  const first = `${path}?customerId=${MEASURED}&limit=${PAGE}`;
  const answer = await fetch(`${base}${first}`, { headers: { authorization: `Bearer ${token}` } });
  if (answer.status !== 200) throw new Error(`first page answered ${answer.status}: ${await answer.text()}`);
  const { nextCursor } = (await answer.json()) as { nextCursor: string | null };
  if (!nextCursor) throw new Error('the first page has no next page');
  return {
    'first page': first,
    search: `${path}?customerId=${MEASURED}&query=${SEARCH}&limit=${PAGE}`,
    'narrow search': `${path}?customerId=${MEASURED}&query=${NARROW_SEARCH}&limit=${PAGE}`,
    'next page': `${first}&cursor=${encodeURIComponent(nextCursor)}`,
  };
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

/** The bare route, with the service's logger and access line, answering `bodies` as they are. */
function startBare(dir: string, rows: number, bodies: Record<string, { body: string; etag: string }>) {
  const file = join(dir, `bodies-${rows}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  return startChildServer({
    script: new URL('./support/bareServer.ts', import.meta.url).pathname,
    env: { BODIES: file, LOGGER: 'json', LOG_LEVEL: 'info' },
    logFile: join(dir, 'bare.log'),
    cpu: 0,
  });
}

/** The route at each size beside the bare route: one service, one database, the directory grown between sizes. */
async function routeAtSizes(serverUrl: string, quick: boolean, log: (line: string) => void): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-users-'));
  const seconds = quick ? 2 : 6;
  const database = await freshPostgresDatabase(serverUrl);
  // Production's logging; no scheduled reconciliation during the run (its sweep would remove the bench's rows).
  const service = await startService({
    cpu: 0,
    databaseUrl: database.url,
    dataDir: join(dir, 'data'),
    logFile: join(dir, 'service.log'),
    env: { NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_FORMAT: 'json', USER_DIRECTORY_SYNC_MINUTES: '1440' },
  });
  const db = await openPostgres(database.url);
  try {
    await startReconciliationEnded(db);
    const token = await idToken(service, 'staff@demo.local');
    log(
      `service (sources through tsx, production's JSON logging, PostgreSQL) and the bare route on CPU 0, load on CPU 1; ${seconds} s a side, ${CONNECTIONS} connections; logs in ${dir}`,
    );
    const rows: Row[] = [];
    let held = 0;
    for (const size of SIZES) {
      await grow(db, held, size);
      held = size;
      const paths = await routePaths(service.base, token);
      const bodies: Record<string, { body: string; etag: string }> = {};
      const users: Partial<Record<Query, number>> = {};
      for (const query of QUERIES) {
        // Uncompressed, as the load generator asks for it.
        const answer = await fetch(`${service.base}${paths[query]}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
        const body = await answer.text();
        if (answer.status !== 200) throw new Error(`${query} answered ${answer.status}: ${body}`);
        users[query] = (JSON.parse(body) as { users: unknown[] }).users.length;
        bodies[barePath(query)] = { body, etag: answer.headers.get('etag') ?? '"bench"' };
      }
      const bare = await startBare(dir, size, bodies);
      try {
        const requestOf = (side: Side, query: Query) => ({
          url: side === 'route' ? `${service.base}${paths[query]}` : `${bare.base}/bare/${query.replace(' ', '-')}`,
          headers: { authorization: `Bearer ${token}` },
          connections: CONNECTIONS,
          cpu: 1,
        });
        // Both sides warmed on every query before anything is recorded: JIT, heaps, the database's buffers.
        for (const query of QUERIES) for (const side of SIDES) await load({ ...requestOf(side, query), seconds: 1 });
        for (const query of QUERIES) {
          const run = async (side: Side) => {
            const result = await load({ ...requestOf(side, query), seconds: seconds / 2 });
            const wrong = Object.keys(result.statuses).filter((code) => code !== '200');
            if (wrong.length || result.errors || result.timeouts) throw new Error(`${side} ${query} at ${size} rows: ${JSON.stringify(result)}`);
            return result;
          };
          // In halves, route bare then bare route: whatever drifts during the row falls on both alike.
          const firstRoute = await run('route');
          const bareResult = combine(await run('bare'), await run('bare'));
          const results = { route: combine(firstRoute, await run('route')), bare: bareResult };
          const base = rows.find((r) => r.rows === SIZES[0] && r.query === query);
          rows.push({
            rows: size,
            query,
            users: users[query]!,
            bodyBytes: Buffer.byteLength(bodies[barePath(query)]!.body),
            results,
            ratio: base ? results.route.p50 / base.results.route.p50 : 1,
          });
          log(
            `${size} rows, ${query}: route ${Math.round(results.route.requestsPerSecond)}/s (${results.route.p50} / ${results.route.p99} ms) | bare ${Math.round(results.bare.requestsPerSecond)}/s (${results.bare.p50} / ${results.bare.p99} ms)`,
          );
        }
      } finally {
        await bare.stop();
      }
    }
    return rows;
  } finally {
    await db.close();
    await service.stop();
    await database.drop();
  }
}

export default {
  name: 'users',
  title: 'User directory: the users route at 1,000 to 100,000 users beside a bare route, and reconciliation throughput',
  async run({ quick, log }) {
    const seconds = quick ? 2 : 6;
    const postgres = await startTestPostgres();
    try {
      const measured = await routeAtSizes(postgres.url, quick, log);
      const sync = await reconciliationThroughput(postgres.url, quick ? 240 : 1_200, log);
      const largest = SIZES[SIZES.length - 1]!;
      const side = (r: LoadResult) => `${Math.round(r.requestsPerSecond)} (${r.p50} / ${r.p99})`;
      return {
        figures: { seconds, connections: CONNECTIONS, customers: CUSTOMERS, measuredShare: MEASURED_SHARE, page: PAGE, rows: measured, reconciliation: sync },
        targets: HELD.map((query) =>
          target(
            `route's p50 at ${largest.toLocaleString('en')} rows ÷ at 1,000, ${query}`,
            measured.find((r) => r.rows === largest && r.query === query)!.ratio,
            'max',
            TARGET_RATIO,
            '×',
          ),
        ),
        report: [
          `GET /api/user-management/users with a staff token, on PostgreSQL, for one customer holding every ${MEASURED_SHARE}th row (the rest across ${CUSTOMERS - 1} others), pages of ${PAGE}; **search** \`${SEARCH}\` (a given name half the customer's users have), **narrow search** \`${NARROW_SEARCH}\` (a family-name prefix of about 1 in 90: its answer grows with the directory, so it is not held to the target); every row's MFA state known, so no page asks the identity provider. ${seconds} s a side at ${CONNECTIONS} connections, in halves run route, bare, bare, route (rates and latencies the mean of the halves), after a warm-up of both on every query. **route**: the service (sources through tsx, production's JSON logging); **bare**: a Fastify route with the same logger and access line answering the same bytes, doing no work. Requests/s, then p50 / p99 in ms (autocannon counts whole milliseconds).`,
          '',
          ...table(
            ['directory rows', 'query', 'users', 'body bytes', 'route', 'bare', 'of bare', 'route p50 ÷ at 1,000'],
            measured.map((r) => [
              r.rows.toLocaleString('en'),
              r.query,
              r.users,
              r.bodyBytes,
              side(r.results.route),
              side(r.results.bare),
              (r.results.route.requestsPerSecond / r.results.bare.requestsPerSecond).toFixed(3),
              `${r.ratio.toFixed(2)}×`,
            ]),
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
