import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtifactLink, FlexcmAccess, MainUserList, NotificationList, UploadList } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, tokenFor, type TestApps } from '../../testing/testApp.ts';
import { signArtifactLink } from './artifactLinks.ts';
import type { DirectoryUser, UserDirectory } from './userDirectory.ts';

const user = (email: string, customerId: string | null, extra: Partial<DirectoryUser> = {}): DirectoryUser => ({
  username: email,
  email,
  givenName: email.split('@')[0]!,
  familyName: 'Tester',
  role: customerId ? 'customer' : null,
  customerId,
  mfa: 'off',
  status: 'CONFIRMED',
  enabled: true,
  ...extra,
});
// A unit test of the routes: the directory is the one piece replaced (cognitoUserDirectory has its own test).
const directory: UserDirectory = {
  listUsers: async () => [
    user('erin@acme.example', 'acme'),
    user('=cmd@acme.example', 'acme', { givenName: '=HYPERLINK("x")', familyName: 'Smith, "Jr"' }),
    user('vic@globex.example', 'globex'),
    user('nobody@example.com', null),
  ],
};
const key = Buffer.alloc(32, 7);

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ localMainApi: { users: directory, signingKey: key } });
});
afterAll(() => apps.close());

const acmeUser = sign(claims());
const staff = tokenFor({ role: 'sentient' });
const noClaim = sign(claims({ 'custom:auth': undefined }));
const get = (url: string, token?: string) => app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

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
    expect((await get('/api/main/customers/initech/users', staff)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/main/customers/acme/users')).statusCode).toBe(401);
  });
});

describe('local main API: data', () => {
  it("lists a customer's users, and every user for staff only", async () => {
    const acme = (await get('/api/main/customers/acme/users', acmeUser)).json() as MainUserList;
    expect(acme.users.map((u) => u.email)).toEqual(['erin@acme.example', '=cmd@acme.example']);
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
    expect(lines[2]).toBe(`'=cmd@acme.example,"'=HYPERLINK(""x"")","Smith, ""Jr""",customer,off,CONFIRMED`);
    expect(file.body).not.toContain('globex');
  });

  it('refuses a tampered or expired link with 403 problem+json', async () => {
    const { url } = (await get('/api/main/customers/acme/users/download-artifact/users.csv', acmeUser)).json() as ArtifactLink;
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const expired = signArtifactLink(key, 'acme', 'users.csv', Date.now() - 10 * 60_000).url;
    for (const bad of [url.replace('/acme/', '/globex/'), url.replace(signature, flipped), url.replace(/expires=\d+/, (m) => `expires=${Number(m.split('=')[1]) + 60}`), expired, url.split('&signature')[0]!]) {
      const res = await get(bad);
      expect([400, 403], bad).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await get(expired)).json().detail).toMatch(/expired/);
  });

  it('answers 404 for an artifact that does not exist', async () => {
    expect((await get('/api/main/customers/acme/users/download-artifact/secrets.txt', acmeUser)).statusCode).toBe(404);
  });

  it('says whether a customer has FlexCM access, and since when', async () => {
    expect(((await get('/api/main/customers/flexcmaccess/acme', acmeUser)).json() as FlexcmAccess).data).toEqual({ customerId: 'acme', hasAccess: true, since: '2024-03-01T00:00:00.000Z' });
    expect(((await get('/api/main/customers/flexcmaccess/globex', staff)).json() as FlexcmAccess).data).toEqual({ customerId: 'globex', hasAccess: false, since: null });
  });

  it('filters uploads and notifications by the comma-joined siteGroup, newest first', async () => {
    const uploads = async (query: string) => ((await get(`/api/main/customers/acme/uploads${query}`, acmeUser)).json() as UploadList).uploads;
    const all = await uploads('');
    expect(all.map((u) => u.uploadedAt)).toEqual([...all.map((u) => u.uploadedAt)].sort().reverse());
    expect(new Set(all.map((u) => u.siteGroupId))).toEqual(new Set(['north-sea', 'gulf-coast']));
    expect((await uploads('?siteGroup=north-sea')).every((u) => u.siteGroupId === 'north-sea')).toBe(true);
    expect(await uploads('?siteGroup=north-sea,gulf-coast')).toEqual(all);
    expect(await uploads('?siteGroup=alpine')).toEqual([]);
    expect((await get('/api/main/customers/acme/uploads?siteGroup=North Sea', acmeUser)).statusCode).toBe(400);
    const notes = ((await get('/api/main/customers/acme/notifications?siteGroup=gulf-coast', acmeUser)).json() as NotificationList).notifications;
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.siteGroupId === 'gulf-coast')).toBe(true);
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
