// @module-tag hardening/faults
// The service is killed (SIGKILL, no shutdown of any kind) in the middle of a stream
// of module switch writes. After a restart on the same database, every write the service acknowledged
// is there, and no write is there by halves: each switch's versions and audit rows match one to one.
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Customer, ModuleAuditPage } from '@platform/schemas';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const WRITERS = ['mb', 'mr', 'lcc', 'hs', 'cd', 'ai'];
/** Acknowledged writes before the kill: enough that the kill lands with every writer mid-request. */
const ACKNOWLEDGED_BEFORE_KILL = 60;

/** Operators' writes are rate-limited per user; this stream is one operator writing fast on purpose. */
const UNLIMITED = { RATE_LIMIT_ADMIN_WRITES: '100000' };

interface Ack {
  version: number;
  enabled: boolean;
}

const started: ServiceProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const service of started) if (service.process.exitCode === null && service.process.signalCode === null) service.process.kill('SIGKILL');
  // Waits for the exits and removes the data folders startService made.
  await Promise.all(started.map((service) => service.stop()));
  for (const cleanup of cleanups) await cleanup();
});

const api =
  (service: ServiceProcess, token: string) =>
  async <T>(path: string, init: RequestInit = {}) => {
    const res = await fetch(`${service.base}${path}`, {
      ...init,
      headers: bearer(token, { 'content-type': 'application/json', ...init.headers }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

/** Writes switches one module per writer, toggling, until the service dies; returns what was acknowledged. */
async function writeUntilKilled(service: ServiceProcess): Promise<Map<string, Ack[]>> {
  const call = api(service, await idToken(service, 'staff@demo.local'));
  const { body: acme } = await call<Customer>('/api/v1/customers/acme');
  const acks = new Map(WRITERS.map((key) => [key, [] as Ack[]]));
  let acknowledged = 0;
  let killed = false;
  const writer = async (key: string) => {
    let { version, enabled } = acme.modules.find((m) => m.key === key)!;
    while (!killed) {
      try {
        const res = await call<{ version: number; enabled: boolean }>(`/api/v1/customers/acme/modules/${key}`, {
          method: 'PUT',
          headers: { 'if-match': `"${version}"` },
          body: JSON.stringify({ enabled: !enabled, reason: `write ${version + 1}` }),
        });
        if (res.status !== 200) throw new Error(`write to ${key} answered ${res.status}`);
        ({ version, enabled } = res.body);
        acks.get(key)!.push({ version, enabled });
        if (++acknowledged === ACKNOWLEDGED_BEFORE_KILL) {
          killed = true;
          service.process.kill('SIGKILL');
        }
      } catch (error) {
        // The kill: the request in flight has no answer, so it was not acknowledged.
        if (!killed) throw error;
      }
    }
  };
  await Promise.all(WRITERS.map(writer));
  await new Promise((resolve) =>
    service.process.exitCode !== null || service.process.signalCode !== null ? resolve(undefined) : service.process.once('exit', resolve),
  );
  return acks;
}

async function auditOf(call: ReturnType<typeof api>, key: string) {
  const entries: ModuleAuditPage['entries'] = [];
  let cursor: string | null = null;
  do {
    const page: { body: ModuleAuditPage } = await call<ModuleAuditPage>(
      `/api/v1/customers/acme/audit?module=${key}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    entries.push(...page.body.entries);
    cursor = page.body.nextCursor;
  } while (cursor);
  return entries.reverse();
}

async function expectEveryAcknowledgedWriteWhole(restarted: ServiceProcess, acks: Map<string, Ack[]>) {
  const call = api(restarted, await idToken(restarted, 'staff@demo.local'));
  for (const [key, written] of acks) {
    expect(written.length, `${key} had writes acknowledged`).toBeGreaterThan(0);
    const last = written.at(-1)!;
    const { body: now } = await call<{ version: number; enabled: boolean }>(`/api/v1/customers/acme/modules/${key}`);
    // The write in flight at the kill may or may not have been committed; nothing else may differ.
    expect([last.version, last.version + 1], key).toContain(now.version);
    expect(now.enabled, key).toBe(now.version === last.version ? last.enabled : !last.enabled);
    // One audit row per version, each the change from the one before, with no gap and no extra.
    const audit = (await auditOf(call, key)).filter((e) => e.reason.startsWith('write '));
    const first = written[0]!.version;
    expect(
      audit.map((e) => e.version),
      key,
    ).toEqual(Array.from({ length: now.version - first + 1 }, (_, i) => first + i));
    for (const entry of audit) expect(entry.before, `${key} v${entry.version}`).toBe(!entry.after);
    for (const ack of written) expect(audit.find((e) => e.version === ack.version)?.after, `${key} v${ack.version}`).toBe(ack.enabled);
  }
}

describe('the service killed in the middle of module switch writes', () => {
  it('keeps every acknowledged write, whole, in the embedded database (what npm start uses)', async () => {
    const dataDir = tempFolder('killed-');
    const first = await startService({ dataDir, env: UNLIMITED });
    started.push(first);
    const acks = await writeUntilKilled(first);
    // The lock file of the killed process is left behind: the restart must take it over.
    const restarted = await startService({ dataDir, env: UNLIMITED });
    started.push(restarted);
    await expectEveryAcknowledgedWriteWhole(restarted, acks);
    await restarted.stop();
  }, 180_000);

  it('keeps every acknowledged write, whole, in PostgreSQL', async () => {
    const database = await freshPostgresDatabase(inject('postgresUrl'));
    cleanups.push(() => database.drop());
    const first = await startService({ databaseUrl: database.url, env: UNLIMITED });
    started.push(first);
    const acks = await writeUntilKilled(first);
    const restarted = await startService({ databaseUrl: database.url, env: UNLIMITED });
    started.push(restarted);
    await expectEveryAcknowledgedWriteWhole(restarted, acks);
    await restarted.stop();
  }, 180_000);
});
