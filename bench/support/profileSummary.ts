// Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: self time by function and by
// package or source file. `npx tsx bench/support/profileSummary.ts <file.cpuprofile> [rows]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** Where a source file belongs: its package under node_modules, node's own code, or our file. */
export function owner(url: string): string {
  if (!url) return '(native or idle)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = url.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*?\/(config-service|bench|schemas)\//, '$1/');
}

/** `skipMs`: samples taken in the first milliseconds are left out (start-up: loading code, migrating the embedded database). */
export function summarize(profile: Profile, skipMs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed >= skipMs * 1000) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    const where = owner(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOwner.set(where, (byOwner.get(where) ?? 0) + micros);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ name: k, share: v / total, ms: v / 1000 }));
  return { totalMs: total / 1000, top, byFunction, byOwner };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rows = '25'] = process.argv.slice(2);
  const { totalMs, top, byFunction, byOwner } = summarize(JSON.parse(readFileSync(file!, 'utf8')) as Profile);
  const idle = byOwner.get('(native or idle)') ?? 0;
  console.log(
    `${Math.round(totalMs)} ms sampled, ${Math.round(totalMs - (byFunction.get('(idle) (native or idle)') ?? 0) / 1000)} ms busy (${Math.round(idle / 1000)} ms native, idle included)\n\nby package or file:`,
  );
  for (const r of top(byOwner, Number(rows))) console.log(`${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`);
  console.log('\nby function (self time):');
  for (const r of top(byFunction, Number(rows))) console.log(`${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`);
}
