// Two service processes against one PostgreSQL server, as two replicas behind a load balancer: a
// switch written through one must be served by the other, whose cache is warm, without a restart.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { CustomerModule, UserManifest } from '@platform/schemas';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { idToken, startService, type ServiceProcess as Replica } from '../testing/serviceProcess.ts';
import { bearer } from '../testing/signedRequest.ts';

const startReplica = (databaseUrl: string) => startService({ databaseUrl });

const get = async <T>(replica: Replica, path: string, token: string) => (await (await fetch(`${replica.base}${path}`, { headers: bearer(token) })).json()) as T;

describe('two replicas on one PostgreSQL server', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await freshPostgresDatabase(inject('postgresUrl'));
    // Started together: both migrate and seed the same empty database at once.
    [a, b] = await Promise.all([startReplica(database.url), startReplica(database.url)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].map((replica) => replica?.stop()));
    await database?.drop();
  }, 30_000);

  it('serves a switch written through one replica from the other, whose cache was warm', async () => {
    const [staffA, staffB, engineerB] = [await idToken(a, 'staff@demo.local'), await idToken(b, 'staff@demo.local'), await idToken(b, 'engineer@acme.example')];
    // Both replicas seeded the demo customers; the database holds them once.
    expect((await get<{ customers: { id: string }[] }>(b, '/api/v1/customers', staffB)).customers.map((c) => c.id)).toEqual(['acme', 'globex']);
    // B reads acme's switches, filling its cache.
    const modulesOf = async () => (await get<UserManifest>(b, '/api/v1/manifest', engineerB)).modules.map((m) => m.key);
    expect(await modulesOf()).toContain('lcc');

    const seen = await get<CustomerModule>(a, '/api/v1/customers/acme/modules/lcc', staffA);
    const put = await fetch(`${a.base}/api/v1/customers/acme/modules/lcc`, {
      method: 'PUT',
      headers: bearer(staffA, { 'content-type': 'application/json', 'if-match': `"${seen.version}"` }),
      body: JSON.stringify({ enabled: false, reason: 'replica test' }),
    });
    expect(put.status).toBe(200);

    // B learns of it by notification; the interval is generous for a loaded machine, the usual is milliseconds.
    await expect.poll(modulesOf, { timeout: 5_000, interval: 50 }).not.toContain('lcc');
    expect(await get<CustomerModule>(b, '/api/v1/customers/acme/modules/lcc', staffB)).toEqual({ key: 'lcc', enabled: false, version: seen.version + 1 });

    // And a write through B with A's stale version is refused, not applied over A's.
    const stale = await fetch(`${b.base}/api/v1/customers/acme/modules/lcc`, {
      method: 'PUT',
      headers: bearer(staffB, { 'content-type': 'application/json', 'if-match': `"${seen.version}"` }),
      body: JSON.stringify({ enabled: true, reason: 'stale' }),
    });
    expect(stale.status).toBe(409);
  }, 60_000);
});
