// What every benchmark in bench/ is: a name, a title and a run that answers figures and the targets
// they are held to. The runner (bench/run.ts) prints them, writes bench/results/latest.json and
// rewrites the figures in BENCHMARKS.md. No benchmark fails a build: a missed target is reported.

export interface Target {
  /** What is held to a limit, in words: "throughput ratio at 100 connections (staff)". */
  name: string;
  value: number;
  limit: number;
  /** 'max': value must be at most limit; 'min': at least. */
  kind: 'max' | 'min';
  unit: string;
  met: boolean;
}

export interface BenchOutcome {
  /** The measurements, as plain JSON: written to latest.json as they are. */
  figures: Record<string, unknown>;
  targets: Target[];
  /** Markdown lines for BENCHMARKS.md: the figures as a reader wants them (tables). */
  report: string[];
  /** What a reader should know about this run's figures (a skipped part, a caveat). */
  notes?: string[];
}

export interface BenchContext {
  root: string;
  /** `npm run bench -- --quick`: fewer repetitions, to try a change out; figures are rougher. */
  quick: boolean;
  log(line: string): void;
}

export interface Benchmark {
  /** Short, used on the command line: `npm run bench -- endpoint`. */
  name: string;
  title: string;
  run(context: BenchContext): Promise<BenchOutcome>;
}

export function target(name: string, value: number, kind: 'max' | 'min', limit: number, unit = ''): Target {
  return { name, value, limit, kind, unit, met: kind === 'max' ? value <= limit : value >= limit };
}
