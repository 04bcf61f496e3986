// `npm run bench [-- --quick] [name ...]`: runs the benchmarks one after another, prints their figures,
// writes them to bench/results/latest.json and rewrites the figures section of BENCHMARKS.md.
// A missed target is reported, never an exit code: speed does not fail a build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from './support/machine.ts';
import type { Benchmark, BenchOutcome } from './support/types.ts';
import { fmt } from './support/stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** By the name the command line uses, in the order they run. */
const ALL: Record<string, () => Promise<{ default: Benchmark }>> = {
  endpoint: () => import('./manifestEndpoint.bench.ts'),
  growth: () => import('./manifestGrowth.bench.ts'),
  weight: () => import('./webShellWeight.bench.ts'),
  signin: () => import('./signInToLanding.bench.ts'),
  toggles: () => import('./togglePropagation.bench.ts'),
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
const results: Record<string, BenchOutcome & { title: string; seconds: number } | { title: string; error: string }> = {};
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

const record = {
  startedAt: startedAt.toISOString(),
  quick,
  complete: chosen.length === Object.keys(ALL).length,
  machine: describeMachine(root),
  benchmarks: results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
// A quick run's rough figures never replace a real run's.
writeFileSync(join(root, `bench/results/${quick ? 'quick' : 'latest'}.json`), `${JSON.stringify(record, null, 2)}\n`);
if (!quick && record.complete) updateBenchmarksMd(record);

const targets = Object.values(results).flatMap((r) => ('targets' in r ? r.targets : []));
const failed = Object.entries(results).filter(([, r]) => 'error' in r).map(([name]) => name);
console.log(`\n${targets.filter((t) => t.met).length} of ${targets.length} targets met${failed.length ? `; ${failed.join(', ')} could not run` : ''}. Figures: bench/results/${quick ? 'quick' : 'latest'}.json`);
process.exit(failed.length ? 1 : 0);

/** The figures section of BENCHMARKS.md, made from this run: a full, not quick, run only. */
function updateBenchmarksMd(run: typeof record) {
  const path = join(root, 'BENCHMARKS.md');
  const text = readFileSync(path, 'utf8');
  const [start, end] = ['<!-- figures:start -->', '<!-- figures:end -->'];
  const m = run.machine;
  const lines = [
    start,
    `Run of ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC on commit \`${m.commit}\`${m.uncommittedChanges ? ' (with uncommitted changes)' : ''}: ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Linux ${m.kernel}, Node ${m.node}.`,
    '',
    '| benchmark | target | figure | limit | met |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(run.benchmarks).flatMap(([name, r]) =>
      'targets' in r ? r.targets.map((t) => `| ${name} | ${t.name} | ${fmt(t.value)}${t.unit} | ${t.kind === 'max' ? '≤' : '≥'} ${fmt(t.limit)}${t.unit} | ${t.met ? 'yes' : '**no**'} |`) : [`| ${name} | could not run | | | **no** |`],
    ),
    '',
    ...Object.entries(run.benchmarks).flatMap(([name, r]) => ['targets' in r ? [`### ${name}: ${r.title}`, '', ...r.report, ...(r.notes ?? []).map((n) => `- ${n}`), ''] : []].flat()),
    end,
  ];
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`BENCHMARKS.md has no ${start} … ${end} section to write the figures into`);
  writeFileSync(path, text.slice(0, from) + lines.join('\n') + text.slice(to + end.length));
}
