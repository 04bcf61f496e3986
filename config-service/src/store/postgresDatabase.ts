import pg from 'pg';
import type { Database, Sql } from './database.ts';
import { orUnavailable, StoreUnavailableError } from './storeUnavailable.ts';

/** How long to wait before listening again after the listening connection was lost. */
const RELISTEN_DELAY_MS = 500;
/** How often the listening connection is checked to be alive. */
const PROBE_MS = 10_000;
/** A server that does not answer a connection attempt is down for this request's purposes. */
const CONNECT_TIMEOUT_MS = 5_000;

/** A PostgreSQL server through a `pg` connection pool; LISTEN holds a connection of its own. */
export async function openPostgres(connectionString: string, options: { max?: number; onError?: (error: Error) => void } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client's error (server restart) must not crash the service; the next query reconnects.
  pool.on('error', (error) => options.onError?.(error));
  await pool.query('select 1');
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  const sql = (runner: pg.Pool | pg.PoolClient): Sql => ({
    query: <Row>(text: string, params: readonly unknown[] = []) => orUnavailable(async () => ({ rows: (await runner.query(text, [...params])).rows as Row[] })),
  });

  return {
    kind: 'postgres',
    ...sql(pool),
    exec: (text) => orUnavailable(async () => void (await pool.query(text))),
    async transaction(work) {
      const client = await orUnavailable(() => pool.connect());
      let broken: Error | undefined;
      try {
        return await orUnavailable(async () => {
          await client.query('begin');
          const result = await work({ ...sql(client), exec: async (text: string) => void (await client.query(text)) });
          await client.query('commit');
          return result;
        });
      } catch (error) {
        if (error instanceof StoreUnavailableError) broken = error;
        else await client.query('rollback').catch((rollbackError: Error) => void (broken = rollbackError));
        throw error;
      } finally {
        // A client whose connection failed goes, rather than back into the pool.
        client.release(broken);
      }
    },
    async listen(channel, onNotify, onReconnect) {
      let client: pg.Client | undefined;
      let probe: ReturnType<typeof setInterval> | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const over = () => stopped || closed;

      // One client at a time: a failure ends it and schedules exactly one reconnect.
      const fail = (failed: pg.Client, error: Error) => {
        if (client !== failed) return;
        client = undefined;
        clearInterval(probe);
        options.onError?.(error);
        void failed.end().catch(() => undefined);
        if (!over()) retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString, keepAlive: true });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        next.on('error', (error) => fail(next, error));
        next.on('end', () => fail(next, new Error('listening connection ended')));
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (over()) {
          // Stopped while connecting: this client must not outlive the stop.
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        // A connection that died without a word (a network partition) is found within the probe's period.
        probe = setInterval(() => void next.query('select 1').catch((error: Error) => fail(next, error)), PROBE_MS);
      };
      const reconnect = async () => {
        if (over()) return;
        try {
          await connect();
          if (!over()) onReconnect?.();
        } catch (error) {
          options.onError?.(error as Error);
          if (!over()) retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
        }
      };
      await connect();
      const stop = async () => {
        stopped = true;
        clearTimeout(retry);
        clearInterval(probe);
        const last = client;
        client = undefined;
        await last?.end().catch(() => undefined);
      };
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    // The LISTEN connections are not the pool's: one per listener, not counted here.
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
