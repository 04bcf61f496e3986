// @module-tag hardening/headers-and-limits
// A client that sends its request a byte at a time holds a connection for as long as it likes unless
// the service cuts it; an event stream, quiet but for its heartbeats, must outlive every such limit.
// The limits are made small here (the same options server.ts leaves at SERVER_TIMEOUTS); the clients
// pace themselves to stay active, so that only the limit under test can end them.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SERVER_TIMEOUTS, type ServerTimeouts } from '../app.ts';
import { HEARTBEAT_MS } from '../routes/events/index.ts';
import { startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';

const TIMEOUTS: ServerTimeouts = { requestMs: 300, headersMs: 300, idleSocketMs: 400, keepAliveMs: 400, checkEveryMs: 50 };
const HEARTBEAT = 50;
/** Bytes a dribbling client sends, one each PACE_MS, before giving up: far past every limit above. */
const DRIBBLES = 100;
const PACE_MS = 50;
const STAFF = staffToken();

let apps: TestApps;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ timeouts: TIMEOUTS, eventHeartbeatMs: HEARTBEAT });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => apps.close());

/** A raw connection to the service, and whether the service has closed it. */
async function open(): Promise<{ socket: Socket; closed: () => boolean; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let closed = false;
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return { socket, closed: () => closed, received: () => received };
}

/** Sends `next(i)` every PACE_MS until the service closes the connection; answers how many it sent. */
async function dribble(connection: Awaited<ReturnType<typeof open>>, next: (i: number) => string): Promise<number> {
  let sent = 0;
  while (sent < DRIBBLES && !connection.closed()) {
    connection.socket.write(next(sent++));
    await sleep(PACE_MS);
  }
  connection.socket.destroy();
  return sent;
}

describe('slow clients', () => {
  it('cuts a client that keeps sending headers and never ends them', async () => {
    const connection = await open();
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const sent = await dribble(connection, (i) => `X-Slow-${i}: a\r\n`);
    expect(sent).toBeLessThan(DRIBBLES);
    expect(connection.received()).toBe('');
  });

  it('cuts a client that sends its headers and never finishes the body', async () => {
    const connection = await open();
    const body = JSON.stringify({ claims: { role: 'customer', customerId: 'acme' } });
    connection.socket.write(
      `POST /api/v1/admin/preview HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${STAFF}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + DRIBBLES}\r\n\r\n${body}`,
    );
    const sent = await dribble(connection, () => ' ');
    expect(sent).toBeLessThan(DRIBBLES);
    // Cut, not answered: the preview never ran.
    expect(connection.received()).not.toContain('200 OK');
  });

  it('keeps an event stream open well past every limit, on its heartbeats alone', async () => {
    const connection = await open();
    connection.socket.write(`GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${STAFF}\r\n\r\n`);
    const longest = Math.max(TIMEOUTS.requestMs, TIMEOUTS.headersMs, TIMEOUTS.idleSocketMs, TIMEOUTS.keepAliveMs);
    // Heartbeats counted, not time: this many cover three times the longest limit.
    const wanted = Math.ceil((3 * longest) / HEARTBEAT);
    const heartbeats = () => connection.received().split(': keep-alive').length - 1;
    while (heartbeats() < wanted && !connection.closed()) await sleep(HEARTBEAT);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.closed()).toBe(false);
    expect(heartbeats()).toBeGreaterThanOrEqual(wanted);
    connection.socket.destroy();
  });

  it("writes the event stream's heartbeat well within the idle-socket limit it runs under", () => {
    expect(SERVER_TIMEOUTS.idleSocketMs).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS);
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThan(0);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestMs);
  });
});
