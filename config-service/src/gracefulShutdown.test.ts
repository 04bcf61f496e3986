// Graceful shutdown: SIGTERM under load. The service stops taking connections, finishes
// every request in flight, ends push streams with a retry hint and exits within 10 s, cleanly.
import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { idToken, startService, type ServiceProcess } from './testing/serviceProcess.ts';
import { bearer } from './testing/signedRequest.ts';

let service: ServiceProcess | undefined;
afterAll(async () => {
  if (service && service.process.exitCode === null && service.process.signalCode === null) service.process.kill('SIGKILL');
  // Waits for the exit and removes the data folder startService made.
  await service?.stop();
});

/** Answers before the signal: a few rounds of every worker, so the service is busy when it comes. */
const UNDER_LOAD = 200;

type Outcome = ({ status: number } | { error: string }) & { startedAt: number };

/** One request on a connection of its own, so a refusal after close is told apart from a request cut off. */
const get = (url: string, token: string) =>
  new Promise<Outcome>((resolve) => {
    const startedAt = Date.now();
    const req = httpRequest(url, { agent: false, headers: bearer(token) }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, startedAt }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, startedAt }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, startedAt }));
    req.end();
  });

describe('SIGTERM under load', () => {
  it('finishes every request in flight, ends push streams with a retry hint, and exits within 10 s', async () => {
    service = await startService();
    const token = await idToken(service, 'engineer@acme.example');
    const url = `${service.base}/api/v1/manifest`;

    // A push stream, as an open page holds one.
    const stream = await fetch(`${service.base}/api/v1/events`, { headers: bearer(token) });
    expect(stream.status).toBe(200);
    let streamText = '';
    const streamDone = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body!) streamText += decoder.decode(chunk as Uint8Array);
        return 'ended';
      } catch {
        return 'broken';
      }
    })();

    const outcomes: Outcome[] = [];
    let refusedSince = 0;
    let answeredOk = 0;
    let underLoad!: () => void;
    const loaded = new Promise<void>((resolve) => (underLoad = resolve));
    const worker = async () => {
      // Until the port refuses connections for good: the service is gone.
      while (refusedSince === 0 || Date.now() - refusedSince < 500) {
        const outcome = await get(url, token);
        outcomes.push(outcome);
        if ('status' in outcome && outcome.status === 200 && ++answeredOk === UNDER_LOAD) underLoad();
        if ('error' in outcome && outcome.error === 'ECONNREFUSED') refusedSince ||= Date.now();
      }
    };
    const workers = Array.from({ length: 40 }, worker);
    // Under load (every worker has had answers, and each has a request in flight), then the signal a supervisor sends.
    await loaded;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => service!.process.once('exit', (code) => resolve({ code, at: Date.now() })));
    const signalledAt = Date.now();
    service.process.kill('SIGTERM');
    // While it drains, it tells load balancers to stop sending.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await fetch(`${service.base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(((await readiness.json()) as { checks: Record<string, string> }).checks).toMatchObject({ service: 'stopping' });
    expect(readiness.headers.get('connection')).toBe('close');
    await Promise.all(workers);
    const { code, at } = await exited;

    const answered = outcomes.filter((o): o is Outcome & { status: number } => 'status' in o);
    const inFlight = outcomes.filter((o) => o.startedAt < signalledAt);
    const later = outcomes.filter((o) => o.startedAt >= signalledAt);
    console.log(
      `graceful shutdown: ${outcomes.length} requests, ${inFlight.length} sent before SIGTERM (${inFlight.filter((o) => 'status' in o && o.status === 200).length} answered 200); ` +
        `after it ${later.filter((o) => 'status' in o && o.status === 200).length} answered 200, ${later.filter((o) => 'status' in o && o.status === 503).length} refused 503, ` +
        `${later.filter((o) => 'error' in o).length} not accepted; exit ${code} after ${at - signalledAt} ms`,
    );
    // Every request sent before the signal got its whole answer. Later ones are answered, refused with 503
    // while closing, or not accepted at all (refused or reset before the service read them): never a wrong answer.
    expect(inFlight.filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
    expect(later.filter((o) => 'status' in o && o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(answered.filter((o) => o.status === 200).length).toBeGreaterThan(40);
    expect(inFlight.length).toBeGreaterThan(40);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(await streamDone).toBe('ended');
    expect(streamText).toMatch(/the service is stopping\nretry: 1000\n\n$/);
  }, 120_000);
});
