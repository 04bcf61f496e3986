// Benchmark 10: a multi-megabyte module bundle file (issue 34, decision 0067). The service answers it
// from /modules/… in the br form stored at upload and as it is (identity), next to two references in
// the same run: a bare Fastify route sending the same bytes as they are (the limit), and a bare route
// compressing them with Brotli on every request, as @fastify/compress did before issue 34 (the "before").
// Requests one after another, each on a connection of its own (as a browser's first fetch of the file),
// from this process, in halves ordered service-br, service-identity, bare, before, before, bare,
// service-identity, service-br; the servers on CPU 0. Not autocannon: on a kept-alive connection it
// timed the 1 MB br answer slower than the 7.5 MB identity one (about 3×, where a plain client finds it
// faster), an artefact of its client that would hide what is measured here.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packBundle } from '../config-service/src/bundles/packBundle.ts';
import { ReleasesClient } from '../config-service/src/cli/releasesClient.ts';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { request } from 'node:http';
import { fmt, median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';
import { startChildServer } from './support/childServer.ts';

const SIDES = ['service br', 'service identity', 'bare identity', 'before: br per request'] as const;
type Side = (typeof SIDES)[number];
/** The precompressed answer may cost at most this many times the time of the file sent as it is. */
const BR_TO_IDENTITY_LIMIT = 1.5;

/** A script of about `bytes` that compresses as a real bundle's does: repeated shapes, varying values. */
function bigScript(bytes: number): string {
  const lines: string[] = ['export const rows = ['];
  let size = lines[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const line = `  { id: ${i}, tag: 'asset-${(i * 7919) % 100_003}', cost: ${((i * 31) % 9973) / 7}, label: "Row ${i.toString(36)}" },`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push('];');
  return `${lines.join('\n')}\n`;
}

async function startBareFile(file: string, compress: 'per-request' | 'none', dir: string) {
  const server = await startChildServer({
    script: new URL('./support/bareFileServer.ts', import.meta.url).pathname,
    env: { FILE: file, COMPRESS: compress },
    logFile: join(dir, `bare-${compress}.log`),
  });
  return { url: `${server.base}/file`, stop: server.stop };
}

/** One GET on a connection of its own, read to its end: milliseconds, and the bytes received (as sent, not decoded). */
const timed = (url: string, headers: Record<string, string>) =>
  new Promise<{ ms: number; bytes: number; status: number }>((resolve, reject) => {
    const began = performance.now();
    request(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ms: performance.now() - began, bytes, status: res.statusCode ?? 0 }));
    })
      .on('error', reject)
      .end();
  });

/** Requests one after another for `seconds` (at least 3): each one's time. */
async function timeFor(url: string, headers: Record<string, string>, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || times.length < 3) {
    const answer = await timed(url, headers);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    times.push(answer.ms);
  }
  return times;
}

const p90 = (values: readonly number[]) => percentile(values, 90);

const benchmark: Benchmark = {
  name: 'bundlefile',
  title: 'A multi-megabyte bundle file: stored br and identity next to a bare route and per-request Brotli',
  async run({ quick, log }) {
    const seconds = quick ? 3 : 8;
    const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-file-'));
    const build = join(dir, 'build');
    mkdirSync(build);
    const big = bigScript(7.5 * 1024 * 1024);
    writeFileSync(join(build, 'index.js'), 'export const screens = {};\n');
    writeFileSync(join(build, 'bundle.json'), JSON.stringify({ sdk: '^1.0.0' }));
    writeFileSync(join(build, 'rows.js'), big);
    const file = join(dir, 'rows.js');
    writeFileSync(file, big);

    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'warn' } });
    const bare = await startBareFile(file, 'none', dir);
    const before = await startBareFile(file, 'per-request', dir);
    log(`service and references on CPU 0, requests from this process; ${(big.length / 1024 / 1024).toFixed(1)} MB script; logs in ${dir}`);
    try {
      const staff = new ReleasesClient(service.base, await idToken(service, 'staff@demo.local'));
      const began = performance.now();
      await staff.uploadBundle('lcc', '9.0.0', await packBundle(build));
      const uploadMs = performance.now() - began;
      const url = `${service.base}/modules/lcc/9.0.0/rows.js`;
      const stored = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      // fetch decodes what it receives: the stored form's size is its Content-Length.
      const brBytes = Number(stored.headers.get('content-length'));
      await stored.arrayBuffer();
      if (stored.headers.get('content-encoding') !== 'br') throw new Error('the service did not send the stored br form');
      const sides: Record<Side, { url: string; headers: Record<string, string> }> = {
        'service br': { url, headers: { 'accept-encoding': 'br' } },
        'service identity': { url, headers: { 'accept-encoding': 'identity' } },
        'bare identity': { url: bare.url, headers: { 'accept-encoding': 'identity' } },
        'before: br per request': { url: before.url, headers: { 'accept-encoding': 'br' } },
      };
      // Warm: each side's path taken and the service's cache filled.
      for (const side of SIDES) await timeFor(sides[side].url, sides[side].headers, 1);
      const times = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
      for (const side of [...SIDES, ...[...SIDES].reverse()]) times[side].push(...(await timeFor(sides[side].url, sides[side].headers, seconds / 2)));
      const msPer = (side: Side) => median(times[side]);
      const brToIdentity = msPer('service br') / msPer('service identity');
      const beforeToAfter = msPer('before: br per request') / msPer('service br');
      const r = Object.fromEntries(SIDES.map((side) => [side, { requests: times[side].length, medianMs: msPer(side), p90Ms: p90(times[side]) }]));
      const rows = SIDES.map((side) => [side, times[side].length, msPer(side), p90(times[side])]);
      return {
        figures: { fileBytes: big.length, brBytes, uploadMs, results: r, brToIdentity, beforeToAfter },
        targets: [target('stored br answer ÷ identity answer, median ms per request', brToIdentity, 'max', BR_TO_IDENTITY_LIMIT, '×')],
        report: [
          `A ${fmt(big.length / 1024 / 1024)} MB script (${fmt(brBytes / 1024)} KB as stored br) in an uploaded bundle; the upload, compressing it once, took ${fmt(uploadMs)} ms. Requests one after another, each on a new connection, ${seconds} s a side in two halves. The stored br answer takes **${fmt(brToIdentity)}×** the identity answer's time (target ≤ ${BR_TO_IDENTITY_LIMIT}×); Brotli per request, as before issue 34, took **${fmt(beforeToAfter)}×** the stored br answer's time.`,
          '',
          ...table(['side', 'requests', 'median ms', 'p90 ms'], rows),
        ],
      };
    } finally {
      await Promise.all([service.stop(), bare.stop(), before.stop()]);
    }
  },
};

export default benchmark;
