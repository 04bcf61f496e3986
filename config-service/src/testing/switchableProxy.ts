// Test support: a TCP proxy in front of a real server that a test can take down and bring back, as a
// database server that crashes or a network that partitions would.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { freshPostgresDatabase } from './freshPostgresDatabase.ts';

export interface SwitchableProxy {
  /** The proxy's own port on 127.0.0.1. */
  port: number;
  /** Drops every open connection and refuses new ones (ECONNREFUSED), like a server that went away. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startSwitchableProxy(target: { host: string; port: number }): Promise<SwitchableProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();
  return { port, down, up: listen, close: () => (server.listening ? down() : Promise.resolve()) };
}

/** A new database on the test PostgreSQL server, reached through a proxy the test can take down. */
export async function freshDatabaseBehindProxy(serverUrl: string): Promise<{ url: string; directUrl: string; proxy: SwitchableProxy; close(): Promise<void> }> {
  const fresh = await freshPostgresDatabase(serverUrl);
  const target = new URL(fresh.url);
  const proxy = await startSwitchableProxy({ host: target.hostname, port: Number(target.port) });
  const throughProxy = new URL(fresh.url);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  return {
    url: throughProxy.toString(),
    directUrl: fresh.url,
    proxy,
    async close() {
      await proxy.close();
      await fresh.drop();
    },
  };
}
