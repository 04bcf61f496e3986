import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { findServerBin, startTestPostgres } from './testPostgres.mjs';

async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe('startTestPostgres', () => {
  afterEach(() => vi.unstubAllEnvs());

  // Someone who points the tests at their own server may have no server binaries to start one with.
  const cannotStartOne = Boolean(process.env.TEST_DATABASE_URL) && !findServerBin('/usr/lib/postgresql');

  it.skipIf(cannotStartOne)('starts a server that answers queries and refuses connections once stopped', async () => {
    vi.stubEnv('TEST_DATABASE_URL', '');
    const { url, stop } = await startTestPostgres();
    const client = await connect(url);
    try {
      const { rows } = await client.query('select version()');
      expect(rows[0].version).toMatch(/^PostgreSQL \d+/);

      await client.query('create table gauges (id int primary key, reading numeric not null)');
      await client.query('insert into gauges values (1, 4.5), (2, 7.25)');
      const sum = await client.query('select sum(reading)::text as total from gauges');
      expect(sum.rows[0].total).toBe('11.75');
    } finally {
      await client.end();
      await stop();
    }

    await expect(connect(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('answers TEST_DATABASE_URL as is without starting a server', async () => {
    vi.stubEnv('TEST_DATABASE_URL', 'postgres://tester@db.example:5432/assets');
    const { url, stop } = await startTestPostgres();
    expect(url).toBe('postgres://tester@db.example:5432/assets');
    await stop();
  });
});

describe('the run-wide server from the global setup', () => {
  // The service relies on LISTEN/NOTIFY between connections to tell its instances about changes.
  it('delivers NOTIFY from one connection to a LISTEN on another', async () => {
    const listener = await connect(inject('postgresUrl'));
    const notifier = await connect(inject('postgresUrl'));
    try {
      await listener.query('listen manifest_changed');
      const received = new Promise((resolve) => listener.once('notification', resolve));
      await notifier.query("select pg_notify('manifest_changed', 'acme')");
      await expect(received).resolves.toMatchObject({ channel: 'manifest_changed', payload: 'acme' });
    } finally {
      await Promise.all([listener.end(), notifier.end()]);
    }
  });
});

describe('findServerBin', () => {
  let root;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'postgres-lib-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function fakeVersion(version, tools) {
    mkdirSync(join(root, version, 'bin'), { recursive: true });
    for (const tool of tools) writeFileSync(join(root, version, 'bin', tool), '');
  }

  it('picks the highest version that has initdb, pg_ctl and postgres', () => {
    fakeVersion('9.6', ['initdb', 'pg_ctl', 'postgres']);
    fakeVersion('15', ['initdb', 'pg_ctl', 'postgres']);
    fakeVersion('16', ['pg_ctl', 'psql']); // client-only leftovers
    expect(findServerBin(root)).toBe(join(root, '15', 'bin'));
  });

  it('finds nothing when no server is installed', () => {
    expect(findServerBin(join(root, 'missing'))).toBeUndefined();
  });
});
