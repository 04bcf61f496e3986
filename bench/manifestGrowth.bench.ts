// Benchmark 2: how the cost of building one user's manifest grows with the manifest set, from the real
// files to 1,000 modules and 20,000 routes (generated). Cold: the first user of a role after the set
// is loaded (every module view resolved); warm: the next user of that role (views reused). The
// serialization the endpoint then does once per token is timed apart.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { STAFF_ROLE, type AuthClaim, type ManifestRoute, type ModuleManifest } from '@platform/schemas';
import type { VerifiedUser } from '../config-service/src/claims/verifiedUser.ts';
import { buildUserManifest } from '../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet, type ManifestSet } from '../config-service/src/manifests/loadManifestSet.ts';
import { prepare } from '../config-service/src/manifests/preparedManifests.ts';
import { fmt, linearFit, median, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const MODULES = [17, 50, 100, 250, 500, 1000];
const ROUTES_AT_MOST = 20_000;
const PER_ROUTE_LIMIT_US = 1;

/** A module of 20 routes (21 with `extra`), three levels deep: redirects, names, a role-only route. */
export function generatedModule(key: string, extra: boolean): ModuleManifest {
  const named = (path: string, name?: string, children?: ManifestRoute[]): ManifestRoute => ({
    path,
    ...(name ? { name: `${key}.${name}`, screen: `${key}.${name}`, title: `${name} {id}` } : {}),
    ...(children ? { children } : {}),
  });
  const leaves = (...names: string[]) => names.map((n) => named(n, n));
  const routes: ManifestRoute[] = [
    { path: '', redirect: `${key}.list` },
    named('list', 'list'),
    named('new', 'new'),
    named(':id', 'item', [
      { path: '', redirect: `${key}.overview` },
      ...leaves('overview', 'history', 'documents', 'audit'),
      named('settings', 'settings', leaves('general', 'access', 'alerts')),
      named('reports', 'reports', leaves('daily', 'weekly', 'monthly')),
    ]),
    named('search', 'search'),
    { ...named('import', 'import'), roles: [STAFF_ROLE] },
    named('export', 'export'),
    ...(extra ? [named('archive', 'archive')] : []),
  ];
  return { key, name: `Generated ${key}`, baseUrl: `/${key}`, breadcrumbs: true, routes } as ModuleManifest;
}

/** gaaaa, gaaab, …: module keys and screen ids are letters only. */
export function generatedKey(i: number): string {
  let key = '';
  for (let n = i, digits = 0; digits < 4; digits++, n = Math.floor(n / 26)) key = String.fromCharCode(97 + (n % 26)) + key;
  return `g${key}`;
}

export function countRoutes(routes: readonly ManifestRoute[]): number {
  return routes.reduce((n, r) => n + 1 + countRoutes(r.children ?? []), 0);
}

/** The real set grown to `modules` modules; at 1,000 it holds exactly ROUTES_AT_MOST routes. */
export function grownSet(real: ManifestSet, modules: number): ManifestSet {
  const realRoutes = [...real.modules.values()].reduce((n, m) => n + countRoutes(m.routes), 0);
  const added = modules - real.modules.size;
  const extraAtMost = ROUTES_AT_MOST - realRoutes - 20 * (1000 - real.modules.size);
  const set: ManifestSet = { ...real, release: `grown-${modules}`, registry: [...real.registry], modules: new Map(real.modules), files: new Map(real.files) };
  for (let i = 0; i < added; i++) {
    const key = generatedKey(i);
    set.modules.set(key, generatedModule(key, i < extraAtMost));
    set.registry.push(key);
  }
  return set;
}

const routesIn = (set: ManifestSet) => [...set.modules.values()].reduce((n, m) => n + countRoutes(m.routes), 0);

function users(set: ManifestSet) {
  const person = (sub: string, auth: AuthClaim): VerifiedUser => ({ sub, email: `${sub}@example.com`, givenName: 'G', familyName: 'F', auth });
  // Staff without a module list see every module; the customer claims every other one, and their
  // customer has every tenth of those switched off.
  const claimed = set.registry.filter((_, i) => i % 2 === 0);
  return {
    staff: { user: person('staff', { role: STAFF_ROLE, requireMFA: false }), switches: undefined },
    customer: {
      user: person('customer', { role: 'customer', customerId: 'acme', modules: claimed, requireMFA: false }),
      switches: Object.fromEntries(claimed.map((key, i) => [key, i % 10 !== 9])) as Record<string, boolean>,
    },
  };
}

// A collection before each timed build, so that no build pays for the garbage of the one before it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function micros(work: () => void): number {
  collect();
  const began = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - began) / 1000;
}

const benchmark: Benchmark = {
  name: 'growth',
  title: "How building one user's manifest grows with the manifest set",
  async run({ root, quick, log }) {
    const real = loadManifestSet(join(root, 'route-manifests'));
    const reps = quick ? 5 : 25;
    const rows: Array<{ modules: number; routes: number; kind: 'staff' | 'customer'; coldUs: number; warmUs: number; serializeUs: number; bytes: number }> = [];
    for (const modules of MODULES) {
      const grown = modules <= real.modules.size ? real : grownSet(real, modules);
      const routes = routesIn(grown);
      for (const [kind, { user, switches }] of Object.entries(users(grown)) as Array<['staff' | 'customer', ReturnType<typeof users>['staff']]>) {
        const options = {
          environment: 'local',
          productName: 'Asset Platform',
          requestedCustomerId: undefined,
          customerEnabled: switches && ((key: string) => switches[key]),
        };
        let built: ReturnType<typeof buildUserManifest> | undefined;
        let bytes = 0;
        const build = (set: ManifestSet) => (built = buildUserManifest(set, user, options));
        const serialize = () => (bytes = prepare(built!).body.length);
        // A copy of the set is a set no view was resolved for: each cold build starts from nothing.
        const fresh = () => ({ ...grown });
        for (let i = 0; i < 3; i++) build(fresh());
        const cold: number[] = [];
        const warm: number[] = [];
        const serialized: number[] = [];
        for (let i = 0; i < reps; i++) {
          const set = fresh();
          cold.push(micros(() => build(set)));
          warm.push(micros(() => build(set)));
          serialized.push(micros(serialize));
        }
        const row = { modules: grown.modules.size, routes, kind, coldUs: median(cold), warmUs: median(warm), serializeUs: median(serialized), bytes };
        rows.push(row);
        log(
          `${String(row.modules).padStart(5)} modules ${String(routes).padStart(6)} routes ${kind.padEnd(8)} cold ${fmt(row.coldUs / 1000)} ms, warm ${fmt(row.warmUs / 1000)} ms, serialize ${fmt(row.serializeUs / 1000)} ms (${fmt(bytes / 1024)} KB)`,
        );
      }
    }
    const fits = Object.fromEntries(
      (['staff', 'customer'] as const).map((kind) => {
        const mine = rows.filter((r) => r.kind === kind);
        return [
          kind,
          {
            cold: linearFit(mine.map((r) => [r.routes, r.coldUs])),
            warm: linearFit(mine.map((r) => [r.routes, r.warmUs])),
            serialize: linearFit(mine.map((r) => [r.routes, r.serializeUs])),
          },
        ];
      }),
    );
    for (const [kind, fit] of Object.entries(fits)) {
      log(
        `${kind}: cold ${fmt(fit.cold.slope)} µs a route (r² ${fit.cold.r2.toFixed(3)}), warm ${fmt(fit.warm.slope)} (r² ${fit.warm.r2.toFixed(3)}), serialize ${fmt(fit.serialize.slope)} (r² ${fit.serialize.r2.toFixed(3)})`,
      );
    }
    return {
      figures: { reps, rows, fits },
      targets: (['staff', 'customer'] as const).flatMap((kind) => [
        target(`fitted cost per route, cold build, ${kind}`, fits[kind]!.cold.slope, 'max', PER_ROUTE_LIMIT_US, ' µs'),
        // Linear, not worse: the line explains the curve (a quadratic one would leave much unexplained).
        target(`linearity (r²) of the cold curve, ${kind}`, fits[kind]!.cold.r2, 'min', 0.98),
      ]),
      report: [
        `Median of ${reps} runs a point, a garbage collection before each. Customer: claims every other module, every tenth of those switched off. Serialization (once per token at the endpoint) timed apart.`,
        '',
        ...table(
          ['modules', 'routes', 'user', 'cold build ms', 'cold µs/route', 'warm build ms', 'serialize ms', 'answer KB'],
          rows.map((r) => [r.modules, r.routes, r.kind, r.coldUs / 1000, r.coldUs / r.routes, r.warmUs / 1000, r.serializeUs / 1000, r.bytes / 1024]),
        ),
        '',
        ...table(
          ['user', 'fitted cold µs/route', 'cold r²', 'fitted warm µs/route', 'warm r²', 'fitted serialize µs/route'],
          Object.entries(fits).map(([kind, f]) => [kind, f.cold.slope, f.cold.r2.toFixed(4), f.warm.slope, f.warm.r2.toFixed(4), f.serialize.slope]),
        ),
        '',
      ],
    };
  },
};

export default benchmark;
