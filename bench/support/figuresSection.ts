// The figures section of BENCHMARKS.md, made from a run's record: what bench/run.ts writes between the
// section's two markers. Pure, so that what a reader is told about old, failed and never-run
// benchmarks can be tested without running any.
import { fmt } from './stats.ts';
import type { BenchOutcome } from './types.ts';

export const FIGURES_START = '<!-- figures:start -->';
export const FIGURES_END = '<!-- figures:end -->';

/** A benchmark's latest figures, or why there are none; with the run they came from. */
export type Result = ((BenchOutcome & { title: string; seconds: number }) | { title: string; error: string }) & { ranAt?: string; commit?: string };

export interface RunRecord {
  startedAt: string;
  machine: { commit: string; uncommittedChanges?: boolean; cores: number; cpu: string; memoryGiB: number; kernel: string; node: string };
  benchmarks: Record<string, Result>;
}

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The section, markers included, for a run; `names` are every benchmark there is, in running order. */
export function figuresSection(run: RunRecord, names: readonly string[]): string {
  const m = run.machine;
  const older = Object.entries(run.benchmarks).filter(([, r]) => r.ranAt && r.ranAt !== run.startedAt);
  const lines = [
    FIGURES_START,
    `Latest run ${minute(run.startedAt)} UTC on commit \`${m.commit}\`${m.uncommittedChanges ? ' (with uncommitted changes)' : ''}: ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Linux ${m.kernel}, Node ${m.node}. ${
      older.length
        ? `Figures of ${older.map(([name, r]) => `${name} (${minute(r.ranAt!)}, \`${r.commit}\`)`).join(', ')} are from earlier runs.`
        : 'All figures from this run.'
    }`,
    '',
    '| benchmark | target | figure | limit | met |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(run.benchmarks).flatMap(([name, r]) =>
      'targets' in r
        ? r.targets.map(
            (t) =>
              `| ${name} | ${t.name} | ${fmt(t.value)}${t.unit} | ${t.kind === 'max' ? '≤' : '≥'} ${fmt(t.limit)}${t.unit} | ${t.met ? 'yes' : '**no**'} |`,
          )
        : [`| ${name} | could not run | | | **no** |`],
    ),
    ...names.filter((name) => !(name in run.benchmarks)).map((name) => `| ${name} | not run yet: \`npm run bench -- ${name}\` | | | |`),
    '',
    ...Object.entries(run.benchmarks).flatMap(([name, r]) =>
      'targets' in r ? [`### ${name}: ${r.title}`, '', ...r.report, ...(r.notes ?? []).map((n) => `- ${n}`), ''] : [],
    ),
    FIGURES_END,
  ];
  return lines.join('\n');
}

/** The document with its figures section replaced; an error naming the markers when it has none. */
export function withFigures(document: string, section: string): string {
  const from = document.indexOf(FIGURES_START);
  const to = document.indexOf(FIGURES_END);
  if (from < 0 || to < 0) throw new Error(`BENCHMARKS.md has no ${FIGURES_START} … ${FIGURES_END} section to write the figures into`);
  return document.slice(0, from) + section + document.slice(to + FIGURES_END.length);
}
