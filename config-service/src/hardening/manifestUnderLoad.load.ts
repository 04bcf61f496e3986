// @module-tag hardening/load
// 200 connections ask for the manifest for 60 seconds, with a real RS256 ID token from
// the local identity provider, against the service as `npm start` runs it (its own process). No
// error, no answer other than 2xx, and memory that does not climb. Run by `npm test` on its own
// (vitest.load.config.ts), after the unit tests, so it neither slows them nor is slowed by them.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';
import { bearer } from '../testing/signedRequest.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

let service: ServiceProcess;
beforeAll(async () => {
  service = await startService();
}, 120_000);
afterAll(() => service?.stop());

/** Resident memory of the service process, in MB. */
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${service.process.pid}/status`, 'utf8'))![1]) / 1024;

const load = (token: string, seconds: number) =>
  autocannon({
    url: `${service.base}/api/v1/manifest`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: bearer(token),
  });

describe(`the manifest endpoint under ${CONNECTIONS} connections for ${SECONDS} s`, () => {
  it(
    'answers every request with 2xx, and its memory stays steady',
    async () => {
      const token = await idToken(service, 'engineer@acme.example');
      // Warm-up: compiled code, caches and pools in place, so the start figure is the service at work.
      await load(token, 5);
      const start = rssMb();
      const result = await load(token, SECONDS);
      const end = rssMb();
      const summary = {
        requests: result.requests.total,
        perSecond: Math.round(result.requests.average),
        p50ms: result.latency.p50,
        p99ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        rssStartMb: Math.round(start),
        rssEndMb: Math.round(end),
      };
      console.log(
        `load: ${summary.requests} requests (${summary.perSecond}/s, p50 ${summary.p50ms} ms, p99 ${summary.p99ms} ms), ${summary.errors} errors, ${summary.timeouts} timeouts, ${summary.non2xx} non-2xx; RSS ${summary.rssStartMb} MB at start, ${summary.rssEndMb} MB at end`,
      );
      expect(summary.requests).toBeGreaterThan(CONNECTIONS);
      expect({ errors: summary.errors, timeouts: summary.timeouts, non2xx: summary.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
      // Steady: a leak of even a few hundred bytes a request would add far more than this over the run.
      expect(end).toBeLessThan(Math.max(start * 1.5, start + 64));
    },
    (SECONDS + 60) * 1000,
  );
});
