import pg from 'pg';
import type { Database, Sql } from './database.ts';

/** How long to wait before listening again after the listening connection was lost. */
const RELISTEN_DELAY_MS = 500;

/** A PostgreSQL server through a `pg` connection pool; LISTEN holds a connection of its own. */
export async function openPostgres(connectionString: string, options: { max?: number; onError?: (error: Error) => void } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client's error (server restart) must not crash the service; the next query reconnects.
  pool.on('error', (error) => options.onError?.(error));
  await pool.query('select 1');
  let closed = false;
  const sql = (runner: pg.Pool | pg.PoolClient): Sql => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => ({ rows: (await runner.query(text, [...params])).rows as Row[] }),
  });

  return {
    kind: 'postgres',
    ...sql(pool),
    exec: async (text) => void (await pool.query(text)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ ...sql(client), exec: async (text: string) => void (await client.query(text)) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify, onReconnect) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        next.on('error', (error) => {
          options.onError?.(error);
          void next.end().catch(() => undefined);
          if (!stopped && !closed) setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      const reconnect = async () => {
        try {
          await connect();
          onReconnect?.();
        } catch (error) {
          options.onError?.(error as Error);
          if (!stopped && !closed) setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      await pool.end();
    },
  };
}
