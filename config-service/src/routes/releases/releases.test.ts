import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Problem, Release, ReleaseAuditPage, ReleaseDiff, ReleaseFiles, ReleaseList, ReleaseState, UserManifest } from '@platform/schemas';
import { ManifestFolder } from '../../manifests/manifestFolder.ts';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { ManifestReleases } from '../../releases/manifestReleases.ts';
import { legacyIdOf, releaseId } from '../../releases/releaseId.ts';
import { claims, demoCustomerModules, releasesOn, ROUTE_MANIFESTS, sign, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

const staff = staffToken();
const acmeEngineer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });
const globexViewer = tokenFor({ role: 'customer', customerId: 'globex', modules: ['hs'] });

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;
let original: Release;
let modules: CustomerModules;

beforeAll(async () => {
  apps = await startTestApps();
}, 60_000);
afterAll(() => apps.close());

// Each test starts from a store of its own holding one release: the folder's.
beforeEach(async () => {
  const folder = new ManifestFolder(ROUTE_MANIFESTS);
  modules = apps.track(await demoCustomerModules(folder));
  releases = await releasesOn(modules, folder);
  app = await apps.app({ releases, customerModules: modules });
  original = (await ask('GET', `/api/v1/admin/releases/${releases.current().release}`)).json() as Release;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function ask(method: Method, url: string, options: { token?: string; body?: unknown; ifMatch?: string; customer?: string } = {}) {
  const headers: Record<string, string> = bearer(options.token ?? staff);
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  if (options.customer) headers['x-customer-id'] = options.customer;
  return app.inject({ method, url, headers, ...(options.body === undefined ? {} : { payload: options.body as object }) });
}

/** The folder's files with one change made to a copy. */
// biome-ignore lint/suspicious/noExplicitAny: release files are any JSON; the edits reach into them freely
type EditableFiles = Record<string, any>;
function edited(change: (files: EditableFiles) => void): ReleaseFiles {
  const files = structuredClone(original.files) as EditableFiles;
  change(files);
  return files;
}
const retitleNotifications = (title: string) =>
  edited((f) => void (f['dash.json'].routes.find((r: { path: string }) => r.path === 'notifications').title = title));
const withoutLcc = () => edited((f) => void (f['lcc.json'].exposure = { roles: ['sentient'] }));

async function publish(files: ReleaseFiles, reason = 'test'): Promise<Release> {
  const res = await ask('POST', '/api/v1/admin/releases', { body: { files, reason } });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as Release;
}
async function activate(release: string, ifMatch = `"${releases.current().release}"`) {
  return ask('PUT', '/api/v1/admin/releases/active', { body: { release, reason: 'because' }, ifMatch });
}
async function manifestOf(token: string, customer?: string): Promise<UserManifest> {
  const res = await ask('GET', '/api/v1/manifest', { token, customer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserManifest;
}
const notificationsTitle = (m: UserManifest) => m.dash.routes.find((r) => r.fullPath === '/notifications')?.title;

describe('publishing', () => {
  it('stores a valid set as a release named by its content, not yet active', async () => {
    const files = retitleNotifications('Alerts');
    const res = await ask('POST', '/api/v1/admin/releases', { body: { files, reason: 'rename notifications' } });
    expect(res.statusCode).toBe(201);
    const release = res.json() as Release;
    expect(release).toMatchObject({
      parent: original.id,
      reason: 'rename notifications',
      author: { sub: 'user-1', email: 'erin@acme.example' },
      report: { valid: true, problems: [] },
    });
    // 128 bits: a second set with the id of another cannot be searched for.
    expect(release.id).toMatch(/^[0-9a-f]{32}$/);
    expect(release.files['dash.json']).toEqual(files['dash.json']);
    // Not active: users still get the original.
    expect((await manifestOf(acmeEngineer)).version).toBe(original.id);
    // The same content again, keys in another order: the same release, 200, nothing new.
    const reordered = Object.fromEntries(Object.entries(files).reverse());
    const again = await ask('POST', '/api/v1/admin/releases', { body: { files: reordered, reason: 'again' } });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Release).id).toBe(release.id);
    const list = (await ask('GET', '/api/v1/admin/releases')).json() as ReleaseList;
    expect(list.releases.map((r) => r.id)).toEqual([release.id, original.id]);
  });

  it('refuses an invalid set with 422 naming every file, JSON pointer and rule, and stores nothing', async () => {
    const files = edited((f) => {
      f['lcc.json'].exposure = { roles: 'sentient' };
    });
    const res = await ask('POST', '/api/v1/admin/releases', { body: { files, reason: 'broken' } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json() as Problem & { problems: { file: string; pointer: string; rule: string; line?: number }[] };
    expect(problem.code).toBe('CFG_ERR_MANIFEST_INVALID');
    expect(problem.problems).toContainEqual(expect.objectContaining({ file: 'lcc.json', pointer: '/exposure/roles', rule: 'schema:type' }));
    expect(problem.problems.find((p) => p.file === 'lcc.json')?.line).toBeGreaterThan(1);
    expect(((await ask('GET', '/api/v1/admin/releases')).json() as ReleaseList).releases).toHaveLength(1);
  });

  it('refuses a cross-file problem the schema cannot see, as the folder check does', async () => {
    // Route names are global: dash.json already has 'emptyPage'.
    const files = edited((f) => void (f['hs.json'].routes[0].name = 'emptyPage'));
    const res = await ask('POST', '/api/v1/admin/releases', { body: { files, reason: 'broken' } });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { problems: { file: string; rule: string; pointer: string }[] }).problems).toContainEqual(
      expect.objectContaining({ file: 'hs.json', rule: 'duplicate-route-name', pointer: '/routes/0/name' }),
    );
  });
});

/** A release written straight into the store, as an older service (12-digit ids) or a forged row would leave it. */
async function storeRaw(id: string, files: ReleaseFiles): Promise<void> {
  await releases.store.db.query(
    `insert into manifest_releases (id, files, report, author_sub, author_email, reason, parent) values ($1, $2::json, $3::json, 'op', '', 'stored', $4)`,
    [id, JSON.stringify(files), JSON.stringify(original.report), original.id],
  );
}

describe('release ids', () => {
  it('refuses 409 problem+json a publication whose id is stored with other content, and stores nothing', async () => {
    const files = retitleNotifications('Collided');
    const id = releaseId(files);
    // Another content under this content's id: what a hash collision would leave.
    await storeRaw(id, retitleNotifications('Planted'));
    const auditBefore = ((await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage).entries;
    const res = await ask('POST', '/api/v1/admin/releases', { body: { files, reason: 'collide' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((res.json() as Problem).code).toBe('CFG_ERR_CONFLICT');
    const stored = (await ask('GET', `/api/v1/admin/releases/${id}`)).json() as Release;
    expect(JSON.stringify(stored.files)).toContain('Planted');
    expect(((await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage).entries).toEqual(auditBefore);
  });

  it('reads, compares, activates and rolls back to a release stored under a 12-digit id, and publishes its content as it', async () => {
    const files = retitleNotifications('From before');
    const legacy = legacyIdOf(releaseId(files));
    await storeRaw(legacy, files);
    expect((await ask('GET', `/api/v1/admin/releases/${legacy}`)).statusCode).toBe(200);
    expect((await ask('GET', `/api/v1/admin/releases/${legacy}/diff?against=${original.id}`)).statusCode).toBe(200);
    expect((await activate(legacy)).statusCode).toBe(200);
    const served = await manifestOf(acmeEngineer);
    expect({ version: served.version, title: notificationsTitle(served) }).toEqual({ version: legacy, title: 'From before' });
    // The same content again is that release, not a second one.
    const again = await ask('POST', '/api/v1/admin/releases', { body: { files, reason: 'again' } });
    expect({ status: again.statusCode, id: (again.json() as Release).id }).toEqual({ status: 200, id: legacy });
    const back = await ask('PUT', '/api/v1/admin/releases/active', { body: { release: original.id, reason: 'roll back' }, ifMatch: `"${legacy}"` });
    expect(back.statusCode, back.body).toBe(200);
    expect((await activate(legacy, `"${original.id}"`)).statusCode).toBe(200);
    expect((await manifestOf(acmeEngineer)).version).toBe(legacy);
  });
});

describe('the release quota (RELEASES_KEPT)', () => {
  it('prunes the oldest past it, never the active release, the pilot or one made active lately; a pruned one is gone until published again', async () => {
    const quota = await ManifestReleases.open({ store: releases.store, source: 'store', kept: 2 });
    app = await apps.app({ releases: quota, customerModules: modules });
    const ids: Record<string, string> = {};
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      ids[name] = (await publish(retitleNotifications(`Release ${name}`), name)).id;
      if (name === 'a') expect((await activate(ids.a!, `"${original.id}"`)).statusCode).toBe(200);
      if (name === 'b') {
        const pilot = { release: ids.b, customers: ['globex'], reason: 'try' };
        expect((await ask('PUT', '/api/v1/admin/releases/pilot', { body: pilot, ifMatch: `"${ids.a}"` })).statusCode).toBe(200);
      }
    }
    const listed = async () => ((await ask('GET', '/api/v1/admin/releases')).json() as ReleaseList).releases.map((r) => r.id);
    // Kept: the newest two (e, d), the active one (a), the pilot's (b), and the original, made active lately.
    expect(await listed()).toEqual([ids.e, ids.d, ids.b, ids.a, original.id]);
    const pruned = ids.c!;
    expect((await ask('GET', `/api/v1/admin/releases/${pruned}`)).statusCode).toBe(404);
    expect((await ask('GET', `/api/v1/admin/releases/${ids.e}/diff?against=${pruned}`)).statusCode).toBe(404);
    expect((await activate(pruned, `"${ids.a}"`)).statusCode).toBe(404);
    // Its row stays for the audit, and its content published again is that release once more, the newest.
    const audit = ((await ask('GET', '/api/v1/admin/releases/audit?limit=200')).json() as ReleaseAuditPage).entries;
    expect(audit.some((entry) => entry.release === pruned)).toBe(true);
    const again = await ask('POST', '/api/v1/admin/releases', { body: { files: retitleNotifications('Release c'), reason: 'c again' } });
    expect({ status: again.statusCode, id: (again.json() as Release).id }).toEqual({ status: 201, id: pruned });
    expect(await listed()).toEqual([pruned, ids.e, ids.b, ids.a, original.id]);
    await quota.close();
  });
});

describe('activating and rolling back', () => {
  it('serves the activated release to every user at once, and an earlier one again after a rollback', async () => {
    const next = await publish(withoutLcc(), 'lcc for staff only');
    expect((await manifestOf(acmeEngineer)).modules.map((m) => m.key)).toContain('lcc');
    const res = await activate(next.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${next.id}"`);
    expect(res.json()).toEqual({ active: next.id, pilot: null });
    const after = await manifestOf(acmeEngineer);
    expect(after.version).toBe(next.id);
    expect(after.modules.map((m) => m.key)).not.toContain('lcc');

    const back = await ask('PUT', '/api/v1/admin/releases/active', { body: { release: original.id, reason: 'roll back' }, ifMatch: `"${next.id}"` });
    expect(back.statusCode).toBe(200);
    expect((await manifestOf(acmeEngineer)).modules.map((m) => m.key)).toContain('lcc');
    const audit = (await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage;
    expect(audit.entries.map((e) => [e.action, e.release, e.previous, e.reason])).toEqual([
      ['activate', original.id, next.id, 'roll back'],
      ['activate', next.id, original.id, 'because'],
      ['publish', next.id, original.id, 'lcc for staff only'],
      ['activate', original.id, null, 'first release, from the folder'],
      ['publish', original.id, null, 'first release, from the folder'],
    ]);
  });

  it('refuses a stale If-Match with 409 and the current state, and a missing one with 428', async () => {
    const a = await publish(retitleNotifications('A'));
    const b = await publish(retitleNotifications('B'));
    expect((await activate(a.id)).statusCode).toBe(200);
    const stale = await activate(b.id, `"${original.id}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.headers.etag).toBe(`"${a.id}"`);
    expect((stale.json() as Problem & { current: ReleaseState }).current).toEqual({ active: a.id, pilot: null });
    expect((await manifestOf(acmeEngineer)).version).toBe(a.id);
    for (const ifMatch of [undefined, '*', 'W/"abc"']) {
      const res = await ask('PUT', '/api/v1/admin/releases/active', { body: { release: b.id, reason: 'x' }, ifMatch });
      expect(res.statusCode).toBe(428);
      expect((res.json() as Problem).code).toBe('CFG_ERR_PRECONDITION_REQUIRED');
    }
    const unknown = await ask('PUT', '/api/v1/admin/releases/active', { body: { release: '0123456789ab', reason: 'x' }, ifMatch: `"${a.id}"` });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as Problem).code).toBe('CFG_ERR_RELEASE_NOT_FOUND');
  });

  it('lets exactly one of many activations on one base win; the rest are told, and the audit has one entry', async () => {
    const candidates = await Promise.all(Array.from({ length: 10 }, (_, i) => publish(retitleNotifications(`Title ${i}`))));
    const answers = await Promise.all(candidates.map((c) => activate(c.id, `"${original.id}"`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(candidates.length - 1);
    const audit = (await ask('GET', '/api/v1/admin/releases/audit?limit=200')).json() as ReleaseAuditPage;
    expect(audit.entries.filter((e) => e.action === 'activate' && e.previous === original.id)).toHaveLength(1);
  });
});

describe('pilot', () => {
  it("serves the pilot's release to its customers' users and staff acting for them, and no one else", async () => {
    const pilot = await publish(retitleNotifications('Pilot alerts'));
    const res = await ask('PUT', '/api/v1/admin/releases/pilot', {
      body: { release: pilot.id, customers: ['acme'], reason: 'try at acme' },
      ifMatch: `"${original.id}"`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ active: original.id, pilot: { release: pilot.id, customers: ['acme'] } });
    expect(notificationsTitle(await manifestOf(acmeEngineer))).toBe('Pilot alerts');
    expect(notificationsTitle(await manifestOf(staff, 'acme'))).toBe('Pilot alerts');
    expect((await manifestOf(acmeEngineer)).version).toBe(pilot.id);
    expect(notificationsTitle(await manifestOf(globexViewer))).toBe('Notifications');
    expect(notificationsTitle(await manifestOf(staff, 'globex'))).toBe('Notifications');
    expect(notificationsTitle(await manifestOf(staff))).toBe('Notifications');

    // Another pilot while one runs: refused, nothing changed.
    const other = await publish(retitleNotifications('Other'));
    const clash = await ask('PUT', '/api/v1/admin/releases/pilot', {
      body: { release: other.id, customers: ['globex'], reason: 'x' },
      ifMatch: `"${original.id}"`,
    });
    expect(clash.statusCode).toBe(409);
    expect((clash.json() as Problem).detail).toMatch(/in pilot for acme/);

    const promoted = await ask('POST', '/api/v1/admin/releases/pilot/promote', {
      body: { release: pilot.id, reason: 'went well' },
      ifMatch: `"${original.id}"`,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toEqual({ active: pilot.id, pilot: null });
    expect(notificationsTitle(await manifestOf(globexViewer))).toBe('Pilot alerts');
  });

  it('ends a pilot: its customers get the active release again', async () => {
    const pilot = await publish(retitleNotifications('Pilot alerts'));
    expect(
      (await ask('PUT', '/api/v1/admin/releases/pilot', { body: { release: pilot.id, customers: ['acme'], reason: 'try' }, ifMatch: `"${original.id}"` }))
        .statusCode,
    ).toBe(200);
    const wrong = await ask('DELETE', '/api/v1/admin/releases/pilot', { body: { release: original.id, reason: 'end' }, ifMatch: `"${original.id}"` });
    expect(wrong.statusCode).toBe(409);
    const ended = await ask('DELETE', '/api/v1/admin/releases/pilot', { body: { release: pilot.id, reason: 'end' }, ifMatch: `"${original.id}"` });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(notificationsTitle(await manifestOf(acmeEngineer))).toBe('Notifications');
    const unknownCustomer = await ask('PUT', '/api/v1/admin/releases/pilot', {
      body: { release: pilot.id, customers: ['initech'], reason: 'x' },
      ifMatch: `"${original.id}"`,
    });
    expect(unknownCustomer.statusCode).toBe(400);
    expect((unknownCustomer.json() as Problem).code).toBe('CFG_ERR_PILOT_CUSTOMER_UNKNOWN');
    const audit = (await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage;
    expect(audit.entries.slice(0, 2).map((e) => [e.action, e.customers])).toEqual([
      ['pilot-end', ['acme']],
      ['pilot-start', ['acme']],
    ]);
  });
});

describe('differences and listing', () => {
  it('tells modules lost, exposure and routes changed between two releases', async () => {
    const next = await publish(
      edited((f) => {
        f['lcc.json'].exposure = { roles: ['sentient'] };
        f['dash.json'].routes.find((r: { path: string }) => r.path === 'notifications').title = 'Alerts';
        f['registry.json'].modules = f['registry.json'].modules.filter((k: string) => k !== 'td');
        delete f['td.json'];
      }),
    );
    const diff = (await ask('GET', `/api/v1/admin/releases/${next.id}/diff?against=${original.id}`)).json() as ReleaseDiff;
    expect(diff).toMatchObject({ from: original.id, to: next.id, identical: false });
    expect(diff.modules).toEqual([{ key: 'td', name: 'Technical Dashboard', change: 'removed' }]);
    expect(diff.exposure).toEqual([
      {
        key: 'lcc',
        name: 'Life Cycle Cost',
        from: { roles: null, environments: null, enabledForNewCustomers: true },
        to: { roles: ['sentient'], environments: null, enabledForNewCustomers: true },
      },
    ]);
    expect(diff.routesRetitled).toEqual([{ module: 'dash', fullPath: '/notifications', from: 'Notifications', to: 'Alerts' }]);
    const same = (await ask('GET', `/api/v1/admin/releases/${next.id}/diff?against=${next.id}`)).json() as ReleaseDiff;
    expect(same.identical).toBe(true);
    expect((await ask('GET', `/api/v1/admin/releases/${next.id}/diff?against=0123456789ab`)).statusCode).toBe(404);
  });

  it('pages the list newest first', async () => {
    for (const title of ['One', 'Two', 'Three']) await publish(retitleNotifications(title));
    const first = (await ask('GET', '/api/v1/admin/releases?limit=2')).json() as ReleaseList;
    expect(first.releases).toHaveLength(2);
    const second = (await ask('GET', `/api/v1/admin/releases?limit=2&cursor=${first.nextCursor}`)).json() as ReleaseList;
    expect(second.nextCursor).toBeNull();
    expect([...first.releases, ...second.releases].map((r) => r.reason)).toEqual(['test', 'test', 'test', 'first release, from the folder']);
  });

  it('previews a draft as a user would get it, and refuses an invalid draft with its problems', async () => {
    const res = await ask('POST', '/api/v1/admin/preview', {
      body: { claims: { role: 'customer', customerId: 'acme', modules: ['lcc'] }, draft: { files: withoutLcc() }, compareWith: {} },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { view: { manifest: UserManifest }; comparison: { changes: { modules: { key: string }[] } } };
    expect(answer.view.manifest.modules.map((m) => m.key)).not.toContain('lcc');
    expect(answer.comparison.changes.modules.map((m) => m.key)).toEqual(['lcc']);
    const invalid = await ask('POST', '/api/v1/admin/preview', {
      body: { claims: null, draft: { files: edited((f) => void (f['lcc.json'].exposure = { roles: 'x' })) } },
    });
    expect(invalid.statusCode).toBe(422);
  });
});

describe('who may', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/v1/admin/releases'],
    ['GET', '/api/v1/admin/releases/audit'],
    ['GET', '/api/v1/admin/releases/ID'],
    ['GET', '/api/v1/admin/releases/ID/diff?against=ID'],
    ['POST', '/api/v1/admin/releases', { files: { 'registry.json': { modules: [] } }, reason: 'x' }],
    ['PUT', '/api/v1/admin/releases/active', { release: 'ID', reason: 'x' }],
    ['PUT', '/api/v1/admin/releases/pilot', { release: 'ID', customers: ['acme'], reason: 'x' }],
    ['DELETE', '/api/v1/admin/releases/pilot', { release: 'ID', reason: 'x' }],
    ['POST', '/api/v1/admin/releases/pilot/promote', { release: 'ID', reason: 'x' }],
  ];
  it.each([
    ['a customer user', acmeEngineer],
    ['a token without an auth claim', sign(claims({ 'custom:auth': undefined }))],
  ])('answers %s 403 problem+json on every release route, and changes nothing', async (_who, token) => {
    for (const [method, url, body] of routes) {
      const res = await ask(method, url.replaceAll('ID', original.id), {
        token,
        body: body && JSON.parse(JSON.stringify(body).replaceAll('ID', original.id)),
        ifMatch: `"${original.id}"`,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((res.json() as Problem).code).toBe('CFG_ERR_FORBIDDEN');
    }
    // The first release's publication and activation, and nothing since.
    expect(((await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage).entries).toHaveLength(2);
  });
});
