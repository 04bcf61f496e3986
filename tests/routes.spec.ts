import { expect, test } from '@playwright/test';
import type { UserManifest } from '@platform/schemas';
import { ACCOUNTS, STAFF_STATE } from './support/accounts.ts';
import { routeCases } from './support/routeCases.ts';
import { manifestFor } from './support/signIn.ts';

// Staff see every module, so walking their manifest reaches every route of spec section 2.
const MODULES = ['shell', 'dash', 'mb', 'mr', 'lcc', 'hs', 'lx', 'lb', 'cs', 'cd', 'ai', 'rail', 'am', 'pi', 'ig', 'mp', 'td'];

test.use({ storageState: STAFF_STATE });
// Each module's walk stands alone: both workers share them.
test.describe.configure({ mode: 'parallel' });

let manifest: UserManifest;
test.beforeAll(async ({ request }) => {
  manifest = await manifestFor(request, ACCOUNTS.staff.email);
});

test('staff receive every module of the registry', () => {
  expect(manifest.modules.map((m) => m.key)).toEqual(MODULES.slice(2));
});

for (const key of MODULES) {
  test(`every route of ${key} renders its screen for staff`, async ({ page }) => {
    const module = key === 'shell' ? manifest.shell : key === 'dash' ? manifest.dash : manifest.modules.find((m) => m.key === key);
    expect(module, `staff manifest has module ${key}`).toBeDefined();
    const cases = routeCases(manifest, module!);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      await test.step(`${c.address} → ${c.expectedPath}`, async () => {
        await page.goto(c.address);
        await expect(page).toHaveURL(c.expectedPath);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.h1);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(c.breadcrumbs ? 1 : 0);
      });
    }
  });
}

// Hard-coded from the specification, independent of how the manifests are read above.
const SPEC_CHECKS: Array<[string, string, string]> = [
  ['/ingestion', '/ingestion/file-summary', 'File summary'],
  ['/ingestion/coverage', '/ingestion/coverage/device', 'Device coverage'],
  ['/mapping', '/mapping/scada-tags', 'Master file'],
  ['/mapping/assets', '/mapping/assets', 'Master file'],
  ['/coredata/configs', '/coredata/configs/damageModeConfig', 'Damage mode configuration'],
  ['/coredata/errors', '/coredata/errors', 'Errors'],
  ['/lifex', '/lifex', 'Assets'],
  ['/insights', '/insights', 'Watchlist'],
  ['/asset-management', '/asset-management', 'Assets'],
  ['/asset-management/assets/new', '/asset-management/assets/new', 'New asset'],
  ['/rail/admin/calculations', '/rail/admin/calculations', 'Calculations'],
  ['/rail/P1/view/S2', '/rail/P1/view/S2', 'Scenario S2'],
  ['/asset-life/sites/S1/assets', '/asset-life/sites/S1/assets', 'Site S1'],
  ['/asset-life/sites/S1/assets/A1/major-components/M1', '/asset-life/sites/S1/assets/A1/major-components/M1', 'Sub-components of M1'],
  ['/model-runtime/wind/jobs/J9/logs', '/model-runtime/wind/jobs/J9/logs', 'Logs of job J9'],
  ['/settings', '/settings', 'Customers'],
  ['/asset-life', '/asset-life', 'Sites'],
];

test('spec spot checks: redirects change the URL, defaults do not', async ({ page }) => {
  for (const [address, path, h1] of SPEC_CHECKS) {
    await test.step(address, async () => {
      await page.goto(address);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    });
  }
});

test('an address no route can match, even the catch-all, says Not found instead of a blank page', async ({ page }) => {
  for (const address of ['/no-such-page', '/a%0Ab', '/%0D%0Aevil']) {
    await test.step(address, async () => {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
      await page.getByRole('link', { name: 'Go to your start page' }).click();
      await expect(page).toHaveURL('/model-builder');
    });
  }
});
