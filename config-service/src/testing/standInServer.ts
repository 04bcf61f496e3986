import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received, body read whole. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export interface StandInServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: Received[];
  /** Resolves with request number `index` (from 0) once it has arrived; unless given, the next to arrive. */
  request(index?: number): Promise<Received>;
  close(): Promise<void>;
}

/** An HTTP server on loopback standing in for a remote API: each request is recorded and answered by `answer`. */
export async function startStandIn(answer: (request: Received) => Answer): Promise<StandInServer> {
  const received: Received[] = [];
  const waiting = new Map<number, (request: Received) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
      waiting.get(received.length - 1)?.(request);
      waiting.delete(received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    request: (index = received.length) => (received[index] ? Promise.resolve(received[index]) : new Promise((resolve) => waiting.set(index, resolve))),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
