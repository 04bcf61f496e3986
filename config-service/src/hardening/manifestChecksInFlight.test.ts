// @module-tag hardening/headers-and-limits
// Issue 34, finding 6: one staff token sending 1 MB previews several at a time held the event loop, and
// /healthz waited seconds. Each user has one preview or release publication in flight (decision 0069):
// another one meanwhile is refused 429 with Retry-After, other users are not affected, and the slot comes
// back when the check is answered, fails, or its client goes away.
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

const PREVIEW = '/api/v1/admin/preview';
const RELEASES = '/api/v1/admin/releases';
const staffNamed = (sub: string) => sign(claims({ sub, 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
const ANN = staffNamed('ann');
const BOB = staffNamed('bob');
/** A preview of what staff are served now: answered at once, 200. */
const QUICK = { claims: { role: 'sentient' } };

let apps: TestApps;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ manifestChecksPerUser: 1 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => apps.close());

const ask = (token: string, url: string, payload: object = QUICK) => app.inject({ method: 'POST', url, headers: bearer(token), payload });

interface Held {
  /** Sends the rest of the body and resolves with the answer's status. */
  finish(rest?: string): Promise<number>;
  /** The client goes away before sending the rest. */
  abort(): void;
}

/**
 * A check whose body is sent up to half: past the service's onRequest hooks (the slot is taken before the
 * body is read) and not answered until the rest arrives, so it stays in flight for as long as the test says.
 */
function hold(token: string, body: string): Held {
  const half = body.slice(0, body.length / 2);
  let req: ClientRequest;
  const answered = new Promise<number>((resolve, reject) => {
    req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: PREVIEW,
        headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(half);
  });
  return {
    finish: (rest = body.slice(half.length)) => {
      req.end(rest);
      return answered;
    },
    abort: () => {
      answered.catch(() => undefined);
      req.destroy();
    },
  };
}

/** Until the service has taken the held check's slot (or, `0`, given it back): it gets to the request in its own time. */
async function untilRunning(count: number): Promise<void> {
  // Gives up after a while without failing: what the user then sees is what the test asserts.
  for (let tries = 0; app.manifestChecksOf('ann') !== count && tries < 400; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('one manifest check in flight per user', () => {
  it("refuses the same user's second preview, and their publication, with 429 problem+json and Retry-After while one runs", async () => {
    const held = hold(ANN, JSON.stringify(QUICK));
    await untilRunning(1);
    const second = await ask(ANN, PREVIEW);
    expect(second.statusCode).toBe(429);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json().code).toBe('CFG_ERR_CHECK_IN_FLIGHT');
    const publication = await ask(ANN, RELEASES, { files: {}, reason: 'while a preview runs' });
    expect(publication.statusCode).toBe(429);
    expect(publication.json().code).toBe('CFG_ERR_CHECK_IN_FLIGHT');
    expect(await held.finish()).toBe(200);
  });

  it('leaves another user alone', async () => {
    const held = hold(ANN, JSON.stringify(QUICK));
    await untilRunning(1);
    expect((await ask(ANN, PREVIEW)).statusCode).toBe(429);
    expect((await ask(BOB, PREVIEW)).statusCode).toBe(200);
    expect(await held.finish()).toBe(200);
  });

  it('gives the slot back once the check is answered', async () => {
    const held = hold(ANN, JSON.stringify(QUICK));
    await untilRunning(1);
    expect(await held.finish()).toBe(200);
    await untilRunning(0);
    expect((await ask(ANN, PREVIEW)).statusCode).toBe(200);
  });

  it('gives the slot back once the check fails', async () => {
    const body = JSON.stringify(QUICK);
    const held = hold(ANN, body);
    await untilRunning(1);
    // The rest of the body breaks the JSON: refused 400 after the slot was taken.
    expect(await held.finish('!'.repeat(body.length - Math.floor(body.length / 2)))).toBe(400);
    await untilRunning(0);
    expect((await ask(ANN, PREVIEW)).statusCode).toBe(200);
  });

  it('gives the slot back once the client goes away', async () => {
    const held = hold(ANN, JSON.stringify(QUICK));
    await untilRunning(1);
    held.abort();
    await untilRunning(0);
    expect((await ask(ANN, PREVIEW)).statusCode).toBe(200);
  });
});
