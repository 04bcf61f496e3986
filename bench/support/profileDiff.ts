// Where one server spends more than another per request: self time per request in profile A minus
// profile B, by package and by function. Used with the endpoint benchmark's two profiles (the service
// and the bare route) to see the endpoint's own work:
//   npx tsx bench/support/profileDiff.ts <service.cpuprofile> <bare.cpuprofile> <service requests> <bare requests> [skip seconds]
// Start-up work (loading code, opening the embedded database) is in the service's profile too; the
// optional last argument leaves out each profile's first seconds, so that only serving is compared.
import { readFileSync } from 'node:fs';
import { summarize } from './profileSummary.ts';

const [a, b, requestsA, requestsB, skipSeconds = '0'] = process.argv.slice(2);
if (!a || !b || !requestsA || !requestsB) {
  console.error('usage: profileDiff.ts <a.cpuprofile> <b.cpuprofile> <requests in a> <requests in b> [skip seconds]');
  process.exit(2);
}
const read = (file: string) => summarize(JSON.parse(readFileSync(file, 'utf8')), Number(skipSeconds) * 1000);
const [A, B] = [read(a), read(b)];
// Line numbers differ between the two processes' copies of a package; the name is what to compare.
const perRequest = (m: Map<string, number>, n: number) => {
  const out = new Map<string, number>();
  for (const [name, micros] of m) {
    const key = name.replace(/:\d+$/, '');
    out.set(key, (out.get(key) ?? 0) + micros / n);
  }
  return out;
};
for (const [label, key] of [
  ['package or file', 'byOwner'],
  ['function', 'byFunction'],
] as const) {
  const x = perRequest(A[key], Number(requestsA));
  const y = perRequest(B[key], Number(requestsB));
  const rows = [...new Set([...x.keys(), ...y.keys()])]
    .filter((name) => !name.startsWith('(idle)') && name !== '(native or idle)')
    .map((name) => ({ name, a: x.get(name) ?? 0, b: y.get(name) ?? 0 }))
    .sort((p, q) => q.a - q.b - (p.a - p.b))
    .slice(0, 25);
  console.log(`\nby ${label}: µs a request, A − B (A, B)`);
  for (const r of rows) console.log(`${(r.a - r.b).toFixed(1).padStart(7)}  (${r.a.toFixed(1)}, ${r.b.toFixed(1)})  ${r.name}`);
}
