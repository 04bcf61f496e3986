// `npm run bench [-- --quick] [name ...]`: runs the benchmarks one after another, prints their figures,
// writes them to bench/results/latest.json and rewrites the figures section of BENCHMARKS.md.
// A missed target is reported, never an exit code: speed does not fail a build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from './support/machine.ts';
import type { Benchmark } from './support/types.ts';
import { figuresSection, withFigures, type Result, type RunRecord } from './support/figuresSection.ts';
import { fmt } from './support/stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** By the name the command line uses, in the order they run. */
const ALL: Record<string, () => Promise<{ default: Benchmark }>> = {
  endpoint: () => import('./manifestEndpoint.bench.ts'),
  growth: () => import('./manifestGrowth.bench.ts'),
  weight: () => import('./webShellWeight.bench.ts'),
  signin: () => import('./signInToLanding.bench.ts'),
  toggles: () => import('./togglePropagation.bench.ts'),
  releases: () => import('./releasePropagation.bench.ts'),
  startup: () => import('./startupAndMemory.bench.ts'),
  validation: () => import('./manifestValidation.bench.ts'),
  moduleopen: () => import('./moduleOpen.bench.ts'),
  previews: () => import('./previewFlood.bench.ts'),
  bundlefile: () => import('./bundleFile.bench.ts'),
  telemetry: () => import('./telemetry.bench.ts'),
  users: () => import('./userDirectory.bench.ts'),
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const wanted = args.filter((a) => !a.startsWith('--'));

const unknown = wanted.filter((name) => !(name in ALL));
if (unknown.length) {
  console.error(`no benchmark named ${unknown.join(', ')}; there are: ${Object.keys(ALL).join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? Object.keys(ALL).filter((name) => wanted.includes(name)) : Object.keys(ALL);
const chosen: Benchmark[] = [];
for (const name of names) chosen.push((await ALL[name]!()).default);

const startedAt = new Date();
const results: Record<string, Result> = {};
for (const bench of chosen) {
  console.log(`\n=== ${bench.name}: ${bench.title}`);
  const began = performance.now();
  try {
    const outcome = await bench.run({ root, quick, log: (line) => console.log(`  ${line}`) });
    results[bench.name] = { title: bench.title, ...outcome, seconds: Math.round((performance.now() - began) / 1000) };
    for (const t of outcome.targets) {
      console.log(`  ${t.met ? 'MET   ' : 'MISSED'} ${t.name}: ${fmt(t.value)}${t.unit} (${t.kind === 'max' ? '≤' : '≥'} ${fmt(t.limit)}${t.unit})`);
    }
    for (const note of outcome.notes ?? []) console.log(`  note: ${note}`);
  } catch (error) {
    // One broken benchmark does not cost the figures of the others.
    console.error(`  ${bench.name} failed:`, error);
    results[bench.name] = { title: bench.title, error: String((error as Error).stack ?? error) };
  }
}

const machine = describeMachine(root);
// Each benchmark's figures carry the run they came from: a partial run replaces only its own.
for (const result of Object.values(results)) Object.assign(result, { ranAt: startedAt.toISOString(), commit: machine.commit });
const file = join(root, `bench/results/${quick ? 'quick' : 'latest'}.json`);
const previous = !quick && !wanted.length ? undefined : readPrevious(file);
const record = {
  startedAt: startedAt.toISOString(),
  quick,
  machine,
  benchmarks: { ...stamped(previous), ...results },
};
const complete = Object.keys(ALL).every((name) => name in record.benchmarks);
mkdirSync(join(root, 'bench/results'), { recursive: true });
// A quick run's rough figures never replace a real run's.
writeFileSync(file, `${JSON.stringify({ ...record, complete }, null, 2)}\n`);
// A partial run rewrites the figures too: the others keep their earlier figures, and one never run says so.
if (!quick) updateBenchmarksMd(record);

const targets = Object.values(results).flatMap((r) => ('targets' in r ? r.targets : []));
const failed = Object.entries(results)
  .filter(([, r]) => 'error' in r)
  .map(([name]) => name);
console.log(
  `\n${targets.filter((t) => t.met).length} of ${targets.length} targets met${failed.length ? `; ${failed.join(', ')} could not run` : ''}. Figures: ${file.slice(root.length)}`,
);
process.exit(failed.length ? 1 : 0);

/** The previous record's benchmarks, each marked with the run it came from (older files lack the mark). */
function stamped(previous: ReturnType<typeof readPrevious>): Record<string, unknown> {
  if (!previous) return {};
  return Object.fromEntries(
    Object.entries(previous.benchmarks).map(([name, r]) => [name, { ranAt: previous.startedAt, commit: previous.machine?.commit, ...(r as object) }]),
  );
}

function readPrevious(path: string): { startedAt: string; machine?: { commit?: string }; benchmarks: Record<string, unknown> } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { startedAt: string; machine?: { commit?: string }; benchmarks: Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** The figures section of BENCHMARKS.md, from every benchmark's latest real (not quick) figures. */
function updateBenchmarksMd(run: typeof record) {
  const path = join(root, 'BENCHMARKS.md');
  writeFileSync(path, withFigures(readFileSync(path, 'utf8'), figuresSection(run as RunRecord, Object.keys(ALL))));
}
