// @module-tag hardening/headers-and-limits
// A bundle upload is read whole before it is checked: twenty at once added ~600 MB that stayed (issue
// 34). However many a user or a few stolen tokens start, only so many are in flight per user and per
// process; the rest are refused 429 with Retry-After before their bodies are read, and a slot is freed
// however its upload ends: answered, refused, or abandoned by its client mid-body (decision 0068).
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { claims, demoCustomerModules, releasesOn, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

const staffNamed = (sub: string) => sign(claims({ sub, 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
const [ANN, BEN, CAT] = ['staff-ann', 'staff-ben', 'staff-cat'].map(staffNamed) as [string, string, string];
const BUNDLE = gzippedTar(bundleEntries('in-flight'));

let apps: TestApps;
let app: FastifyInstance;
let port: number;
let version = 0;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  app = await apps.app({ releases, customerModules: modules, bundleUploads: { perUser: 1, perProcess: 2 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => apps.close());

/** A whole upload of `token`'s, to a version of its own. */
const upload = (token: string, body = BUNDLE) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/lcc/bundles/4.0.${version++}`,
    headers: bearer(token, { 'content-type': 'application/gzip' }),
    payload: body,
  });

/** An upload whose client sends its headers and the first bytes of a 5 MB body, then holds on: in flight until destroyed. */
async function heldUpload(token: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())));
  socket.write(
    `PUT /api/v1/admin/modules/lcc/bundles/4.9.${version++} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/gzip\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`,
  );
  socket.write(BUNDLE.subarray(0, 64));
  return { socket, answer };
}

/**
 * Two held uploads of `token`'s: one is in flight, the other is refused at once. Answers the one held
 * (its socket) and the refusal's status line; which of the two came first is the network's choice.
 */
async function holdOne(token: string): Promise<{ held: Socket; refusal: string }> {
  const [a, b] = [await heldUpload(token), await heldUpload(token)];
  const refusal = await Promise.race([a.answer.then((text) => ({ text, held: b.socket })), b.answer.then((text) => ({ text, held: a.socket }))]);
  (refusal.held === a.socket ? b : a).socket.destroy();
  return { held: refusal.held, refusal: refusal.text.split('\r\n')[0]! };
}

/** The status `token`'s next upload gets, asked until it is `status`: a slot is freed once the server sees the socket close. */
const becomes = (token: string, status: number) => expect.poll(async () => (await upload(token)).statusCode, { timeout: 10_000 }).toBe(status);

describe('bundle uploads in flight', () => {
  it("refuses a user's upload past their limit with 429 and Retry-After, admits another user's, and frees the slot when the client walks away", async () => {
    const ann = await holdOne(ANN);
    expect(ann.refusal).toBe('HTTP/1.1 429 Too Many Requests');
    const refused = await upload(ANN);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'CFG_ERR_RATE_LIMITED', limit: 'user' });

    // Another user is not held up by Ann's upload.
    expect((await upload(BEN)).statusCode).toBe(201);

    // Two in flight fill the process: a third user is refused too.
    const ben = await holdOne(BEN);
    expect(ben.refusal).toBe('HTTP/1.1 429 Too Many Requests');
    expect((await upload(CAT)).json()).toMatchObject({ code: 'CFG_ERR_RATE_LIMITED', limit: 'process' });

    // Clients that abandon their uploads mid-body give their slots back.
    ann.held.destroy();
    ben.held.destroy();
    await becomes(ANN, 201);
    expect((await upload(CAT)).statusCode).toBe(201);
  });

  it('frees the slot of an upload that was stored, and of one that was refused', async () => {
    expect((await upload(CAT)).statusCode).toBe(201);
    expect((await upload(CAT)).statusCode).toBe(201);
    expect((await upload(CAT, Buffer.from('not a gzipped tar'))).statusCode).toBeGreaterThanOrEqual(400);
    const after = await upload(CAT);
    expect(after.statusCode, after.body).toBe(201);
  });
});
