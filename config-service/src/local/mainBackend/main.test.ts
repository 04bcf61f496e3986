import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtifactLink, FlexcmAccess, MainUserList, NotificationList, SiteGroupList, UploadList } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, type TestApps, staffToken } from '../../testing/testApp.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import type { Database } from '../../store/database.ts';
import { type DirectoryEntry, UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { signArtifactLink } from './artifactLinks.ts';
import { signedRequest } from '../../testing/signedRequest.ts';

const user = (email: string, customerId: string | null, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  username: email,
  sub: email,
  email,
  givenName: email.split('@')[0]!,
  familyName: 'Tester',
  customAuth: customerId ? JSON.stringify({ role: 'customer', customerId }) : null,
  status: 'CONFIRMED',
  enabled: true,
  mfaSetUp: false,
  ...extra,
});
const key = Buffer.alloc(32, 7);

let apps: TestApps;
let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  apps = await startTestApps();
  // A directory of this file's own (userDirectory.test.ts pages through a larger one).
  db = await openMigratedPglite();
  const userDirectory = new UserDirectoryStore(db);
  await userDirectory.written([
    user('erin@acme.example', 'acme'),
    user('=cmd@acme.example', 'acme', { givenName: '=HYPERLINK("x")', familyName: 'Smith, "Jr"' }),
    user('vic@globex.example', 'globex'),
    user('nobody@example.com', null),
  ]);
  app = await apps.app({ localMainApi: { signingKey: key }, userDirectory });
});
afterAll(async () => {
  await apps.close();
  await db.close();
});

const acmeUser = sign(claims());
const staff = staffToken();
const noClaim = sign(claims({ 'custom:auth': undefined }));
const get = (url: string, token?: string) => signedRequest(app, token, { url });

describe('local main API: who may ask about which customer', () => {
  const customerRoutes = (id: string) => [
    `/api/main/customers/${id}/users`,
    `/api/main/customers/${id}/users/download-artifact/users.csv`,
    `/api/main/customers/flexcmaccess/${id}`,
    `/api/main/customers/${id}/sitegroups`,
    `/api/main/customers/${id}/uploads`,
    `/api/main/customers/${id}/uploads/up-${id}-1/content`,
    `/api/main/customers/${id}/notifications`,
  ];

  it('lets a customer user ask about their own customer', async () => {
    for (const url of customerRoutes('acme')) expect((await get(url, acmeUser)).statusCode, url).toBe(200);
  });

  it('answers 403 problem+json about any other customer, existing or not, and to a token without a customer', async () => {
    for (const url of [...customerRoutes('globex'), ...customerRoutes('initech')]) {
      const res = await get(url, acmeUser);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    for (const url of customerRoutes('acme')) expect((await get(url, noClaim)).statusCode, url).toBe(403);
  });

  it('lets staff ask about any customer, and says 404 for one that does not exist', async () => {
    for (const url of customerRoutes('globex')) expect((await get(url, staff)).statusCode, url).toBe(200);
    for (const id of ['initech', 'Not%20an%20id']) expect((await get(`/api/main/customers/${id}/users`, staff)).statusCode, id).toBe(404);
    // Refused before the route runs (hardening/controlCharacters.test.ts).
    expect((await get('/api/main/customers/%00/users', staff)).statusCode).toBe(400);
  });

  it('answers 401 without a token, on every route that needs one', async () => {
    for (const url of [...customerRoutes('acme'), '/api/main/users']) expect((await get(url)).statusCode, url).toBe(401);
  });

  it("refuses another customer's user before reading the query, so a malformed one still gets 403", async () => {
    expect((await get('/api/main/customers/globex/uploads?siteGroup=Not Valid', acmeUser)).statusCode).toBe(403);
    expect((await get('/api/main/customers/globex/uploads?siteGroup=Not Valid', staff)).statusCode).toBe(400);
  });

  it('routes /customers/flexcmaccess/:id to FlexCM access, not to a customer called flexcmaccess', async () => {
    const res = await get('/api/main/customers/flexcmaccess/sitegroups', staff);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("no customer 'sitegroups'");
  });
});

describe('local main API: data', () => {
  it("lists a customer's users, and every user for staff only", async () => {
    const acme = (await get('/api/main/customers/acme/users', acmeUser)).json() as MainUserList;
    // By e-mail address, as the directory pages them.
    expect(acme.users.map((u) => u.email)).toEqual(['=cmd@acme.example', 'erin@acme.example']);
    expect(((await get('/api/main/users', staff)).json() as MainUserList).users).toHaveLength(4);
    expect((await get('/api/main/users', acmeUser)).statusCode).toBe(403);
  });

  it('gives a signed link that downloads the customer’s users as CSV without a token', async () => {
    const link = (await get('/api/main/customers/acme/users/download-artifact/users.csv', acmeUser)).json() as ArtifactLink;
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const file = await get(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="acme-users.csv"');
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,given_name,family_name,role,mfa,status');
    expect(lines).toHaveLength(3);
    // Cells a spreadsheet would run as formulas are made text; quotes and commas are quoted.
    expect(lines[1]).toBe(`'=cmd@acme.example,"'=HYPERLINK(""x"")","Smith, ""Jr""",customer,off,CONFIRMED`);
    expect(file.body).not.toContain('globex');
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it('refuses a link bent to another customer or artifact, a flipped signature, a changed or passed expiry with 403 problem+json', async () => {
    const { url } = (await get('/api/main/customers/acme/users/download-artifact/users.csv', acmeUser)).json() as ArtifactLink;
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last character's lowest bits are spare in base64url: a flip there decodes to the same bytes.
    const flipLast = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    const flipFirst = alphabet[alphabet.indexOf(signature[0]!) ^ 1] + signature.slice(1);
    const expired = signArtifactLink(key, 'acme', 'users.csv', Date.now() - 10 * 60_000).url;
    const bent = {
      'another customer': url.replace('/acme/', '/globex/'),
      'another artifact': url.replace('/users.csv?', '/users.csv.bak?'),
      'flipped first character': url.replace(signature, flipFirst),
      'flipped last character': url.replace(signature, flipLast),
      'padded signature': `${url}=`,
      'later expiry': url.replace(/expires=(\d+)/, (_m, s: string) => `expires=${Number(s) + 60}`),
      'expiry with a leading zero': url.replace('expires=', 'expires=0'),
      expired,
    };
    for (const [what, bad] of Object.entries(bent)) {
      const res = await get(bad);
      expect(res.statusCode, what).toBe(403);
      expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
    }
    expect((await get(expired)).json().detail).toMatch(/expired/);
    expect((await get(url.split('&signature')[0]!)).statusCode).toBe(400);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('answers 404 for an artifact that does not exist', async () => {
    expect((await get('/api/main/customers/acme/users/download-artifact/secrets.txt', acmeUser)).statusCode).toBe(404);
  });

  it('says whether a customer has FlexCM access, and since when', async () => {
    expect(((await get('/api/main/customers/flexcmaccess/acme', acmeUser)).json() as FlexcmAccess).data).toEqual({
      customerId: 'acme',
      hasAccess: true,
      since: '2024-03-01T00:00:00.000Z',
    });
    expect(((await get('/api/main/customers/flexcmaccess/globex', staff)).json() as FlexcmAccess).data).toEqual({
      customerId: 'globex',
      hasAccess: false,
      since: null,
    });
  });

  it("lists the customer's site groups and their sites", async () => {
    const groups = ((await get('/api/main/customers/acme/sitegroups', acmeUser)).json() as SiteGroupList).siteGroups;
    expect(groups.map((g) => [g.id, g.name, g.sites.map((site) => site.name)])).toEqual([
      ['north-sea', 'North Sea', ['Brent Alpha', 'Forties Bravo']],
      ['gulf-coast', 'Gulf Coast', ['Galveston Yard', 'Corpus Christi']],
    ]);
    expect(((await get('/api/main/customers/globex/sitegroups', staff)).json() as SiteGroupList).siteGroups.map((g) => g.id)).toEqual(['alpine', 'nordic']);
  });

  it('filters uploads by the comma-joined siteGroup, newest first', async () => {
    const uploads = async (query: string) => ((await get(`/api/main/customers/acme/uploads${query}`, acmeUser)).json() as UploadList).uploads.map((u) => u.id);
    expect(await uploads('')).toEqual(['up-acme-3', 'up-acme-1', 'up-acme-2', 'up-acme-4', 'up-acme-5']);
    expect(await uploads('?siteGroup=north-sea')).toEqual(['up-acme-1', 'up-acme-2', 'up-acme-5']);
    expect(await uploads('?siteGroup=gulf-coast,north-sea')).toEqual(['up-acme-3', 'up-acme-1', 'up-acme-2', 'up-acme-4', 'up-acme-5']);
    expect(await uploads('?siteGroup=north-sea,alpine')).toEqual(['up-acme-1', 'up-acme-2', 'up-acme-5']);
    expect(await uploads('?siteGroup=alpine')).toEqual([]);
    expect(await uploads('?siteGroup=')).toHaveLength(5);
    for (const bad of ['North Sea', 'north-sea;drop', `${'a,'.repeat(600)}a`]) {
      expect((await get(`/api/main/customers/acme/uploads?siteGroup=${encodeURIComponent(bad)}`, acmeUser)).statusCode, bad).toBe(400);
    }
  });

  it('filters notifications by the comma-joined siteGroup, newest first', async () => {
    const notes = async (query: string) => ((await get(`/api/main/customers/acme/notifications${query}`, acmeUser)).json() as NotificationList).notifications;
    const all = await notes('');
    expect(all.map((n) => n.id)).toEqual(['n-acme-1', 'n-acme-2', 'n-acme-3', 'n-acme-4']);
    expect(new Set(all.map((n) => n.severity))).toEqual(new Set(['info', 'warning', 'critical']));
    expect((await notes('?siteGroup=north-sea')).map((n) => n.id)).toEqual(['n-acme-1', 'n-acme-3']);
    expect((await notes('?siteGroup=north-sea,gulf-coast')).map((n) => n.id)).toEqual(['n-acme-1', 'n-acme-2', 'n-acme-3', 'n-acme-4']);
    expect((await notes('?siteGroup=nordic')).map((n) => n.id)).toEqual([]);
  });

  it('serves an upload with its type, its name and the size the list gives', async () => {
    const [csv] = ((await get('/api/main/customers/acme/uploads', acmeUser)).json() as UploadList).uploads.filter((u) => u.contentType === 'text/csv');
    const file = await get(`/api/main/customers/acme/uploads/${csv!.id}/content`, acmeUser);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${csv!.fileName}"`);
    expect(file.rawPayload.length).toBe(csv!.sizeBytes);
    const pdf = await get('/api/main/customers/acme/uploads/up-acme-2/content', acmeUser);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/main/customers/acme/uploads/up-globex-1/content', acmeUser)).statusCode).toBe(404);
  });
});
