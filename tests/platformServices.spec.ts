import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { idTokenFor, signInWithForm } from './support/signIn.ts';

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInWithForm(page, email);
}

test.describe('platform services, as a customer user', () => {
  test.use({ storageState: ENGINEER_STATE });

  test("users: their own customer's, downloaded as a CSV that lands on disk with the right name", async ({ page }) => {
    await page.goto('/settings/users');
    const table = page.getByRole('table', { name: 'Users of acme' });
    // A customer user has no customers screen to open.
    await expect(page.getByRole('link', { name: 'Customers', exact: true })).toHaveCount(0);
    await expect(table.getByRole('rowheader', { name: 'Erin Engineer' })).toBeVisible();
    await expect(table.getByRole('row', { name: /engineer@acme.example/ })).toContainText('Off');
    // mfa@acme.example's organisation requires MFA; another spec may have set it up by now.
    await expect(table.getByRole('row', { name: /mfa@acme.example/ })).toContainText(/Required, not set up|Set up/);
    await expect(page.getByText('viewer@globex.example')).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download users (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('acme-users.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^email,/);
    expect(csv).toContain('engineer@acme.example');
    expect(csv).not.toContain('globex');
  });

  test("cannot read another customer's users or artifacts", async ({ request }) => {
    const token = await idTokenFor(request, ACCOUNTS.engineer.email);
    const headers = { authorization: `Bearer ${token}` };
    for (const path of [
      '/api/main/customers/globex/users',
      '/api/main/customers/globex/users/download-artifact/users.csv',
      '/api/main/customers/flexcmaccess/globex',
      '/api/main/users',
    ]) {
      const answer = await request.get(path, { headers });
      expect(answer.status(), path).toBe(403);
      expect(answer.headers()['content-type']).toContain('application/problem+json');
    }
    // And a signed link for its own customer cannot be bent to another.
    const link = (await (await request.get('/api/main/customers/acme/users/download-artifact/users.csv', { headers })).json()) as { url: string };
    expect((await request.get(link.url)).status()).toBe(200);
    expect((await request.get(link.url.replace('/acme/', '/globex/'))).status()).toBe(403);
  });

  test('site groups chosen in the top bar filter the uploads, and go with the call as siteGroup', async ({ page }) => {
    await page.goto('/settings/uploads');
    const uploads = page.getByRole('table', { name: 'Uploads' });
    await expect(uploads.getByRole('cell', { name: 'Gulf Coast' }).first()).toBeVisible();

    await page.getByText('Site groups:').click();
    const filtered = page.waitForRequest((r) => r.url().includes('/uploads?') && new URL(r.url()).searchParams.get('siteGroup') === 'north-sea');
    await page.getByRole('checkbox', { name: 'North Sea' }).check();
    await filtered;
    await expect(page.getByTestId('site-group-filter')).toContainText('North Sea');
    await expect(uploads.getByRole('cell', { name: 'Gulf Coast' })).toHaveCount(0);
    await expect(uploads.getByRole('cell', { name: 'North Sea' }).first()).toBeVisible();
    // Kept in this browser, per customer.
    await page.reload();
    await expect(page.getByTestId('site-group-filter')).toContainText('North Sea');
    expect(await page.evaluate(() => localStorage.getItem('platform.selectedSiteGroups'))).toBe('{"acme":["north-sea"]}');

    await page.goto('/settings/sitegroups');
    await page.getByRole('button', { name: 'Clear the selection' }).click();
    await page.goto('/settings/uploads');
    await expect(uploads.getByRole('cell', { name: 'Gulf Coast' }).first()).toBeVisible();
  });

  test('an upload downloads under its own name, with sizes and dates formatted', async ({ page }) => {
    await page.goto('/settings/uploads');
    const row = page.getByRole('table', { name: 'Uploads' }).locator('tbody tr').filter({ hasText: '.csv' }).first();
    const fileName = (await row.getByRole('rowheader').textContent())!.trim();
    await expect(row).toContainText(/\d+(\.\d{1,2})? (Bytes|KB|MB|GB)/);
    await expect(row).toContainText(/\d{2}-[A-Z][a-z]{2}-\d{4}/);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(readFileSync((await download.path())!, 'utf8').length).toBeGreaterThan(0);
  });
});

test.describe('platform services, as a globex user', () => {
  test('notifications and the dashboard show the customer’s own', async ({ page }) => {
    await signInAs(page, ACCOUNTS.viewer.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Vic' })).toBeVisible();
    await expect(page.getByTestId('flexcm-access')).toHaveText('Not enabled for this customer.');
    await expect(page.getByRole('region', { name: 'Latest notifications' }).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('link', { name: 'All notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible();
  });
});

test('the messaging profile sent at sign-in is in the local sink, for staff to read', async ({ page, request, baseURL }) => {
  const before = new Date().toISOString();
  // The browser sends the profile to the platform only, never to a messaging service itself (decision 0055).
  const elsewhere: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).origin !== new URL(baseURL!).origin) elsewhere.push(sent.url());
  });
  const profileSent = page.waitForRequest((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/v1/messaging/endpoints');
  await signInAs(page, ACCOUNTS.analyst.email);
  expect((await profileSent).headers().authorization).toMatch(/^Bearer ./);
  const token = await idTokenFor(request, 'staff@demo.local');
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/v1/admin/messaging/endpoints', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        endpoints: { receivedAt: string; endpoint: { address: string; userId: string; attributes: Record<string, string[]> } }[];
      };
      // This sign-in's, not one left by an earlier spec.
      return list.endpoints.find((e) => e.endpoint.address === ACCOUNTS.analyst.email && e.receivedAt >= before)?.endpoint;
    })
    .toEqual({ address: ACCOUNTS.analyst.email, userId: 'Avery Analyst', attributes: { user: ['Avery Analyst'], role: ['customer'], companyId: ['acme'] } });
  expect(elsewhere).toEqual([]);
});

test.describe('platform services, as staff', () => {
  test.use({ storageState: STAFF_STATE });

  test('with no customer chosen, users are grouped by customer; screens needing one say so', async ({ page }) => {
    await page.goto('/settings/users');
    await expect(page.getByRole('table', { name: 'Acme Industrial' }).getByRole('rowheader', { name: 'Erin Engineer' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Globex Energy' }).getByRole('rowheader', { name: 'Vic Viewer' })).toBeVisible();
    await page.goto('/settings/uploads');
    await expect(page.getByText('Choose the customer whose uploads you want to see.')).toBeVisible();
  });
});
