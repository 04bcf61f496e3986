import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { STAFF_ROLE, type UserManifest } from '@platform/schemas';
import { ACCOUNTS, STAFF_STATE } from './support/accounts.ts';
import { idTokenFor } from './support/signIn.ts';

// An administrator edits route-manifests/ on disk, which the platform under `npm start` follows
// (MANIFEST_SOURCE=files). The platform under test serves this copy of it (see playwright.config.ts).
const file = join(process.env.E2E_MANIFESTS_DIR ?? '', 'lb.json');
const original = readFileSync(file, 'utf8');
const ORIGINAL_NAME = (JSON.parse(original) as { name: string }).name;
const withName = (name: string) => JSON.stringify({ ...JSON.parse(original), name }, null, 2);

/** Waits until the service gives staff the lb module under `name`: the file on disk has been read and published. */
async function expectServed(request: APIRequestContext, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${await idTokenFor(request, ACCOUNTS.staff.email)}` };
  await expect
    .poll(
      async () => {
        const manifest = (await (await request.get('/api/v1/manifest', { headers })).json()) as UserManifest;
        return manifest.modules.find((m) => m.key === 'lb')?.name;
      },
      { message: `the service serves lb as "${name}"` },
    )
    .toBe(name);
}

/**
 * A person comes back to the window, and again, until `target` shows. The app refetches the manifest on
 * focus once what it holds is older than its stale time, so the first returns may bring nothing.
 */
async function returnToWindowUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

const modules = (page: Page) => page.getByRole('navigation', { name: 'Modules' });

test.use({ storageState: STAFF_STATE });
// Each test starts from lb.json as shipped, and in service.
test.afterEach(async ({ request }) => {
  writeFileSync(file, original);
  await expectServed(request, ORIGINAL_NAME);
});

test('an administrator’s edit reaches a signed-in user’s open page by itself, on the screen they were on', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(modules(page).getByRole('link', { name: ORIGINAL_NAME, exact: true })).toBeVisible();
  const address = page.url();

  writeFileSync(file, withName('Leaders of the month'));
  // The user does nothing: the service's event stream tells the page, well before its minutely refetch.
  const renamed = modules(page).getByRole('link', { name: 'Leaders of the month' });
  await expect(renamed).toBeVisible();
  // The router was rebuilt in place: same address, same screen.
  expect(page.url()).toBe(address);
  await expect(renamed).toHaveClass(/active/);
});

test('with the event stream cut off, coming back to the window brings the edit', async ({ page, request }) => {
  // As behind a proxy that drops the stream: only the refetch on focus can bring the edit.
  await page.route('**/api/v1/events', (route) => route.abort());
  await page.goto('/leaderboard');
  await expect(modules(page).getByRole('link', { name: ORIGINAL_NAME, exact: true })).toBeVisible();

  writeFileSync(file, withName('Leaders of the week'));
  await expectServed(request, 'Leaders of the week');
  await expect(modules(page).getByRole('link', { name: ORIGINAL_NAME, exact: true })).toBeVisible();

  await returnToWindowUntilVisible(page, modules(page).getByRole('link', { name: 'Leaders of the week' }));
  expect(new URL(page.url()).pathname).toBe('/leaderboard');
});

test('a broken edit changes nothing for users and is shown to the administrator where it is wrong, until it is fixed', async ({ page, request }) => {
  // A renamed release in service first, so what users keep can be told from the file as shipped.
  writeFileSync(file, withName('Leaders of the year'));
  await expectServed(request, 'Leaders of the year');
  await page.goto('/settings/modules');
  const lb = page.getByRole('region', { name: 'Modules and exposure' }).locator('tr[data-module="lb"]');
  await expect(lb).toContainText('Leaders of the year');
  const renamedVersion = (await page.getByTestId('served-version').textContent()) ?? '';

  writeFileSync(file, '{ "key": "lb", "name": ');
  // The open page polls the service: the refusal shows up unasked, with where the file is wrong.
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('The last edit was refused', { timeout: 15_000 });
  await expect(refused).toContainText(/lb\.json:1:\d+/);
  await expect(lb).toContainText('Leaders of the year');
  await expect(lb).toContainText('edit refused');
  await expect(page.getByTestId('served-version')).toHaveText(renamedVersion);

  // A user opening the app now still gets the last good set.
  const user = await page.context().newPage();
  await user.goto('/leaderboard');
  await expect(modules(user).getByRole('link', { name: 'Leaders of the year' })).toBeVisible();
  await user.close();

  // Fixing the file clears the report on the open page and serves the fix.
  writeFileSync(file, original);
  await expect(page.getByText('No refused edit on disk.')).toBeVisible({ timeout: 15_000 });
  await expect(lb).toContainText(ORIGINAL_NAME);
  await expect(lb).toContainText('valid');

  // "View as user" compares versions: what staff saw in the renamed version against what they get now.
  const view = page.getByRole('region', { name: 'View as user' });
  await view.getByLabel('Role').fill(STAFF_ROLE);
  await view.getByLabel('No list: every module (staff)').check();
  await view.getByLabel('Compare with').selectOption(`version:${renamedVersion}`);
  await view.getByRole('button', { name: 'Preview' }).click();
  await expect(view.getByRole('region', { name: 'Changes' })).toContainText(`Module renamed: Leaders of the year → ${ORIGINAL_NAME}`);
});
