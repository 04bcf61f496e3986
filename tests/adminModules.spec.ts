import { expect, test } from '@playwright/test';
import { STAFF_ROLE } from '@platform/schemas';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { idTokenFor } from './support/signIn.ts';

test.describe('module administration, as staff', () => {
  test.use({ storageState: STAFF_STATE });

  test('lists every module with its exposure and the manifest version in service', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Modules', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/modules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Modules' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Modules and exposure' }).getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(15);
    const mr = table.locator('tr[data-module="mr"]');
    await expect(mr.getByRole('rowheader')).toContainText('Model Runtime');
    await expect(mr).toContainText('/model-runtime');
    await expect(mr).toContainText('every role');
    await expect(page.getByTestId('served-version')).toHaveText(/^[0-9a-f]{32}$/);
  });

  test('"view as user" shows the navigation some claims would get and why each module is in or out', async ({ page }) => {
    await page.goto('/settings/modules');
    const view = page.getByRole('region', { name: 'View as user' });
    await view.getByLabel('Role').fill('customer');
    await view.getByRole('combobox', { name: 'Customer', exact: true }).fill('acme');
    await view.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
    for (const name of ['Model Runtime (mr)', 'Life Cycle Cost (lcc)', 'Asset Life (hs)']) await view.getByLabel(name).check();
    await view.getByLabel('Landing module').selectOption('hs');
    await view.getByRole('button', { name: 'Preview' }).click();

    const nav = view.getByRole('navigation', { name: 'Previewed navigation' });
    await expect(nav.locator('li strong')).toHaveText(['Model Runtime', 'Life Cycle Cost', 'Asset Life']);
    await expect(view.getByTestId('preview-landing')).toContainText('Asset Life');
    await expect(view.getByTestId('preview-landing')).toContainText('/asset-life');
    const decisions = view.getByRole('table', { name: 'Module decisions' });
    await expect(decisions.locator('tr[data-module="hs"] td').nth(0)).toHaveText('yes');
    await expect(decisions.locator('tr[data-module="ai"] td')).toHaveText(['no', 'Claims', "the claims do not list 'ai'"]);

    // Pinned claims are the comparison's starting point; the changes read from them to the form's claims.
    await view.getByRole('button', { name: 'Pin these claims for comparison' }).click();
    await expect(view.getByLabel('Compare with')).toHaveValue('pinned');
    await view.getByLabel('Life Cycle Cost (lcc)').uncheck();
    await view.getByRole('button', { name: 'Preview' }).click();
    const changes = view.getByRole('region', { name: 'Changes' });
    await expect(changes).toContainText('Loses Life Cycle Cost');
    // One change for the module, not one per page of it.
    await expect(changes).not.toContainText('Page gone');
  });

  test('previews staff acting for a customer, and says so', async ({ page }) => {
    await page.goto('/settings/modules');
    const view = page.getByRole('region', { name: 'View as user' });
    await view.getByLabel('Role').fill(STAFF_ROLE);
    await view.getByLabel('No list: every module (staff)').check();
    await view.getByRole('combobox', { name: 'Acting for customer' }).fill('globex');
    await view.getByRole('option', { name: 'Globex Energy (globex)' }).click();
    await view.getByRole('button', { name: 'Preview' }).click();
    await expect(view.getByRole('heading', { name: /What they would see/ })).toContainText('customer globex');
    await expect(view.getByRole('navigation', { name: 'Previewed navigation' }).locator('li strong')).toHaveCount(15);
  });
});

test.describe('module administration, as a customer user', () => {
  test.use({ storageState: ENGINEER_STATE });

  test('is not there, in the screen or the API', async ({ page, request }) => {
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modules', exact: true })).toHaveCount(0);
    await page.goto('/settings/modules');
    // The route is not in a customer user's manifest at all: the address is unknown to them.
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'View as user' })).toHaveCount(0);

    const token = await idTokenFor(request, ACCOUNTS.engineer.email);
    const answer = await request.get('/api/v1/admin/modules', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(403);
    expect(answer.headers()['content-type']).toContain('application/problem+json');
    const preview = await request.post('/api/v1/admin/preview', { headers: { authorization: `Bearer ${token}` }, data: { claims: { role: STAFF_ROLE } } });
    expect(preview.status()).toBe(403);
  });
});
