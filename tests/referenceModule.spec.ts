import { expect, test, type Page } from '@playwright/test';
import { ENGINEER_STATE } from './support/accounts.ts';

// Issue 28, the reference module: Model Runtime's screens are a bundle built outside the shell
// (modules/model-runtime), uploaded and named by `npm start`, listing the Model Runtime stand-in's data
// through the SDK. Every detail screen is reached by clicking, from the sidebar down.

test.use({ storageState: ENGINEER_STATE });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const content = (page: Page) => page.getByRole('main');

test("an acme engineer clicks from Model Runtime's domains down to a job's log and a workflow's, in the module's own screens", async ({ page }) => {
  const bundleFiles: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/modules/mr/')) bundleFiles.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Model Runtime' }).click();
  await expect(h1(page)).toHaveText('Model Runtime');
  const domains = content(page).getByRole('table', { name: 'Domains' });
  await expect(domains.getByRole('rowheader')).toHaveText(['Wind fleet', 'Pump stations']);
  // Counted as people write them: "1 job", never "1 jobs".
  await expect(domains.getByRole('row', { name: /Pump stations/ }).getByRole('link')).toHaveText(['Pump stations', '1 job', '0 workflows']);
  // Another customer's domain is nowhere, not even named.
  await expect(content(page)).not.toContainText('Hydro plants');
  expect(
    bundleFiles.some((f) => /^200 \/modules\/mr\/[^/]+\/index\.js$/.test(f)),
    bundleFiles.join('\n'),
  ).toBe(true);

  await domains.getByRole('link', { name: 'Wind fleet' }).click();
  await expect(page).toHaveURL('/model-runtime/acme-wind/jobs');
  // The domain by the name people know it by, not its id (issue 35).
  await expect(h1(page)).toHaveText('Jobs');
  await expect(content(page).getByText('Domain: Wind fleet')).toBeVisible();
  const jobs = content(page).getByRole('table', { name: 'Jobs' });
  await expect(jobs.getByRole('rowheader')).toHaveText(['J-1003', 'J-1002', 'J-1001']);

  await jobs.getByRole('link', { name: 'J-1002' }).click();
  await expect(h1(page)).toHaveText('Job J-1002');
  await expect(content(page)).toContainText('Yaw misalignment, Brent Alpha');
  await content(page).getByRole('link', { name: 'Logs of job J-1002' }).click();
  await expect(h1(page)).toHaveText('Logs of job J-1002');
  await expect(content(page).getByRole('table', { name: 'Logs of job J-1002' })).toContainText('solver did not converge');

  const tabs = page.getByRole('navigation', { name: 'Domain acme-wind sections' });
  for (const [tab, row] of [
    ['Models', 'Blade fatigue'],
    ['Scripts (python3.6 runtime)', 'Clean SCADA series'],
    ['FMUs (FMU runtime)', 'Gearbox thermal'],
  ] as const) {
    await tabs.getByRole('link', { name: tab }).click();
    await expect(h1(page)).toHaveText(tab);
    await expect(tabs.locator('[aria-current="page"]')).toHaveText([tab]);
    await expect(content(page).getByRole('table', { name: tab }).getByRole('rowheader')).toContainText([row]);
  }

  await tabs.getByRole('link', { name: 'Workflows', exact: true }).click();
  await content(page).getByRole('link', { name: 'W-2001' }).click();
  await expect(h1(page)).toHaveText('Workflow W-2001');
  await content(page).getByRole('link', { name: 'Logs of workflow W-2001' }).click();
  await expect(h1(page)).toHaveText('Logs of workflow W-2001');
  await expect(content(page)).toContainText('results written');
  await expect(page.locator('h1')).toHaveCount(1);

  // "New job" is a form that queues a job in the stand-in, and opens it.
  await tabs.getByRole('link', { name: 'New job' }).click();
  await expect(h1(page)).toHaveText('New job');
  await expect(content(page).getByText('Domain: Wind fleet')).toBeVisible();
  // One tab is the current page: New job, not Jobs as well.
  await expect(tabs.locator('[aria-current="page"]')).toHaveText(['New job']);
  const form = content(page).getByRole('form', { name: 'New job' });
  await form.getByLabel('Name').fill('Blade fatigue, December');
  await form.getByLabel('What to run').selectOption({ label: 'Blade fatigue 3.2.0 (python3.6)' });
  await form.getByRole('button', { name: 'Queue the job' }).click();
  await expect(h1(page)).toHaveText(/^Job J-\d+$/);
  await expect(content(page)).toContainText('Blade fatigue, December');
  await expect(content(page)).toContainText('queued');
  await expect(page.getByRole('status').filter({ hasText: /Job J-\d+ queued/ })).toBeVisible();
});
