import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { releaseEntityTag, STAFF_ROLE, type AdminPreview, type ReleaseList } from '@platform/schemas';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { idTokenFor, manifestFor } from './support/signIn.ts';

// Runs after every other spec (project "after-specs"): it changes which release everyone is served.
// Whatever happens, the release active at the start is made active again and any pilot ended.
test.describe.configure({ mode: 'serial' });

const RELEASES = '/api/v1/admin/releases';
let original: string;
/** The release the administrator publishes in the first journey: Life Cycle Cost for staff only. */
let staffOnlyLcc: string;

const staffHeaders = async (request: APIRequestContext) => ({ authorization: `Bearer ${await idTokenFor(request, ACCOUNTS.staff.email)}` });

async function releaseState(request: APIRequestContext): Promise<ReleaseList> {
  const answer = await request.get(RELEASES, { headers: await staffHeaders(request) });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ReleaseList;
}

test.beforeAll(async ({ request }) => {
  original = (await releaseState(request)).active;
});

test.afterAll(async ({ request }) => {
  const headers = await staffHeaders(request);
  const state = await releaseState(request);
  if (state.pilot) {
    await request.delete(`${RELEASES}/pilot`, {
      headers: { ...headers, 'if-match': releaseEntityTag(state.active) },
      data: { release: state.pilot.release, reason: 'e2e: tidy up' },
    });
  }
  if (state.active !== original) {
    const restored = await request.put(`${RELEASES}/active`, {
      headers: { ...headers, 'if-match': releaseEntityTag(state.active) },
      data: { release: original, reason: 'e2e: restore' },
    });
    expect(restored.ok()).toBe(true);
  }
});

/** An acme engineer's open page on Life Cycle Cost, and the sidebar that shows whether they have it. */
async function engineerOnLifeCost(browser: Browser) {
  const page = await (await browser.newContext({ storageState: ENGINEER_STATE })).newPage();
  await page.goto('/life-cost');
  const lcc = page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' });
  await expect(lcc).toBeVisible();
  return { page, lcc };
}

/** Content-Security-Policy violations a page reported in its console: the editor's styles must not be one. */
const cspViolations = new WeakMap<Page, string[]>();

async function staffPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ storageState: STAFF_STATE })).newPage();
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(path);
  return page;
}

test('an administrator edits a module’s exposure in a draft, sees problems as they type, previews it and publishes; an acme user’s page follows, and rollback restores it', async ({
  browser,
}) => {
  const engineer = await engineerOnLifeCost(browser);
  const staff = await staffPage(browser, '/settings/releases');
  await expect(staff.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(staff.getByTestId('active-release')).toHaveText(original);
  await staff.getByRole('link', { name: 'Edit a draft of the active release' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Release draft' })).toBeVisible();
  await staff.getByLabel('Module to edit').selectOption('lcc.json');

  // Invalid content typed into the JSON: the problem is named with its file, pointer and rule at once.
  const editor = staff.getByRole('textbox', { name: 'lcc.json as JSON' });
  await editor.click();
  await staff.keyboard.press('Control+Home');
  await staff.keyboard.press('End');
  await staff.keyboard.press('Enter');
  await staff.keyboard.type(`"exposure": {"roles": "${STAFF_ROLE}"},`);
  await staff.keyboard.press('Escape');
  const problems = staff.getByRole('list', { name: 'Problems in the draft' });
  await expect(problems).toContainText('lcc.json:');
  await expect(problems).toContainText('/exposure/roles');
  await expect(problems).toContainText('[schema:type]');
  await expect(problems).toContainText('must be array');
  await expect(staff.locator('.cm-lintRange-error').first()).toBeVisible();
  // Undone, the draft is valid again, as the service confirms.
  for (let i = 0; i < 6; i += 1) await staff.keyboard.press('Control+z');
  await expect(staff.getByTestId('draft-check')).toHaveText('No problems: the service checked the whole set.');

  // The form writes the JSON: Life Cycle Cost for staff only.
  const exposure = staff.getByRole('region', { name: 'Who is shown Life Cycle Cost' });
  await exposure.getByLabel('Every role').uncheck();
  await exposure.getByLabel(STAFF_ROLE).check();
  await expect(editor).toContainText('"exposure": {');
  await expect(staff.getByTestId('draft-check')).toHaveText('No problems: the service checked the whole set.');

  // View as user against the draft, compared with the release it started from.
  const view = staff.getByRole('region', { name: 'View as user' });
  await view.getByLabel('Role').fill('customer');
  await view.getByRole('combobox', { name: 'Customer', exact: true }).fill('acme');
  await view.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
  await view.getByLabel('Life Cycle Cost (lcc)').check();
  await view.getByLabel('Compare with').selectOption({ index: 1 });
  await view.getByRole('button', { name: 'Preview the draft' }).click();
  await expect(view.getByRole('table', { name: 'Module decisions' }).locator('tr[data-module="lcc"] td').nth(0)).toHaveText('no');
  await expect(view.getByRole('region', { name: 'Changes' })).toContainText('Loses Life Cycle Cost');

  // Published, with a reason; the engineer's open page loses the module within seconds.
  await staff.getByLabel('Reason for publishing').fill('e2e: Life Cycle Cost for staff only');
  await staff.getByRole('button', { name: 'Publish and make active' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(staff.getByTestId('active-release')).not.toHaveText(original);
  staffOnlyLcc = (await staff.getByTestId('active-release').textContent())!;
  await expect(engineer.lcc).toHaveCount(0, { timeout: 10_000 });
  await expect(staff.getByRole('table', { name: 'Release audit' }).locator('tbody tr').first()).toContainText('e2e: Life Cycle Cost for staff only');

  // Rolled back: the earlier release again, and the module with it.
  await staff.locator(`tr[data-release="${original}"]`).getByRole('button', { name: 'Roll back to this…' }).click();
  const step = staff.getByRole('region', { name: `Make ${original} active` });
  await expect(step.getByRole('region', { name: /What changes for users/ })).toContainText(`Life Cycle Cost (lcc): roles ${STAFF_ROLE} → every role`);
  await step.getByLabel('Reason for making it active').fill('e2e: roll back');
  await step.getByRole('button', { name: 'Make it active for everyone' }).click();
  await expect(staff.getByTestId('active-release')).toHaveText(original);
  await expect(engineer.lcc).toBeVisible({ timeout: 10_000 });
  expect(cspViolations.get(staff)).toEqual([]);
});

test('a pilot for acme changes what acme’s users get and not globex’s; ending it gives acme the active release again', async ({ browser, request }) => {
  const viewerBefore = await manifestFor(request, ACCOUNTS.viewer.email);
  const engineer = await engineerOnLifeCost(browser);
  const staff = await staffPage(browser, '/settings/releases');
  await staff.locator(`tr[data-release="${staffOnlyLcc}"]`).getByRole('button', { name: 'Pilot…' }).click();
  const step = staff.getByRole('region', { name: `Pilot ${staffOnlyLcc}` });
  // Found by typing, as among thousands of customers; chosen ones are listed with a button to remove them.
  await step.getByRole('combobox', { name: 'Add a customer to the pilot' }).fill('acme');
  await step.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
  await expect(step.getByRole('list', { name: 'Customers in the pilot' })).toContainText('Acme Industrial');
  await step.getByLabel('Reason for the pilot').fill('e2e: acme tries it first');
  await step.getByRole('button', { name: 'Start the pilot' }).click();
  await expect(staff.getByTestId('pilot')).toContainText('Acme Industrial');
  await expect(staff.locator(`tr[data-release="${staffOnlyLcc}"]`)).toContainText('Pilot: Acme Industrial');

  await expect(engineer.lcc).toHaveCount(0, { timeout: 10_000 });
  // Globex's users are served the active release: the same manifest, and Life Cycle Cost for one whose claims name it.
  expect(await manifestFor(request, ACCOUNTS.viewer.email)).toEqual(viewerBefore);
  const preview = async (customerId: string) => {
    const answer = await request.post('/api/v1/admin/preview', {
      headers: await staffHeaders(request),
      data: { claims: { role: 'customer', customerId, modules: ['lcc'] } },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as AdminPreview).view;
  };
  const [acme, globex] = [await preview('acme'), await preview('globex')];
  expect(acme.version).toBe(staffOnlyLcc);
  expect(acme.decisions.find((d) => d.key === 'lcc')).toMatchObject({ included: false, rule: 'role' });
  expect(globex.version).toBe(original);
  expect(globex.decisions.find((d) => d.key === 'lcc')?.rule).not.toBe('role');

  await staff.getByLabel('Reason for promoting or ending the pilot').fill('e2e: pilot over');
  await staff.getByRole('button', { name: 'End the pilot' }).click();
  await expect(staff.getByTestId('pilot')).toHaveCount(0);
  await expect(engineer.lcc).toBeVisible({ timeout: 10_000 });
  expect(cspViolations.get(staff)).toEqual([]);
});

test('publishing over a release someone else activated meanwhile is refused: the administrator is told what changed, nothing is overwritten, and the draft can be rebased', async ({
  browser,
  request,
}) => {
  const staff = await staffPage(browser, '/settings/releases/draft');
  // Deaf to the service's events, as when two administrators act within the same moment.
  await staff.route('**/api/v1/events', (route) => route.abort());
  await staff.reload();
  await staff.getByLabel('Module to edit').selectOption('lcc.json');
  await staff.getByRole('region', { name: 'Who is shown Life Cycle Cost' }).getByLabel('Switched on for new customers').uncheck();
  await expect(staff.getByTestId('draft-check')).toHaveText('No problems: the service checked the whole set.');

  const headers = { ...(await staffHeaders(request)), 'if-match': releaseEntityTag(original) };
  expect((await request.put(`${RELEASES}/active`, { headers, data: { release: staffOnlyLcc, reason: 'e2e: another administrator' } })).ok()).toBe(true);

  await staff.getByLabel('Reason for publishing').fill('e2e: off for new customers');
  await staff.getByRole('button', { name: 'Publish and make active' }).click();
  const notice = staff.locator('.base-moved');
  await expect(notice).toContainText(`Release ${staffOnlyLcc} was made active while you edited`);
  await expect(notice).toContainText('Nothing was overwritten: your draft was stored as release');
  await expect(notice.getByRole('region', { name: /What changed since your draft started/ })).toContainText(
    `Life Cycle Cost (lcc): roles every role → ${STAFF_ROLE}`,
  );
  expect((await releaseState(request)).active).toBe(staffOnlyLcc);

  await notice.getByRole('button', { name: `Rebase the draft on ${staffOnlyLcc}` }).click();
  await expect(staff).toHaveURL(new RegExp(`base=${staffOnlyLcc}`));
  await expect(staff.getByText('Changed: lcc.json')).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Who is shown Life Cycle Cost' }).getByLabel(STAFF_ROLE)).toBeChecked();
  await expect(staff.getByRole('region', { name: 'Who is shown Life Cycle Cost' }).getByLabel('Switched on for new customers')).not.toBeChecked();
  expect(cspViolations.get(staff)).toEqual([]);

  const back = { ...(await staffHeaders(request)), 'if-match': releaseEntityTag(staffOnlyLcc) };
  expect((await request.put(`${RELEASES}/active`, { headers: back, data: { release: original, reason: 'e2e: restore' } })).ok()).toBe(true);
});

test('the release screens pass axe, and the JSON editor is reached and left with Tab alone', async ({ browser }) => {
  const staff = await staffPage(browser, '/settings/releases');
  await staff.locator(`tr[data-release="${staffOnlyLcc}"]`).getByRole('button', { name: 'Pilot…' }).click();
  await expect(staff.getByRole('region', { name: /What changes for users/ })).toContainText('Life Cycle Cost');
  await staff.getByLabel(`Select ${original} for comparison`).check();
  await staff.getByLabel(`Select ${staffOnlyLcc} for comparison`).check();
  await expect(staff.getByRole('region', { name: /^Difference/ })).toContainText('Who is shown a module');
  await expectNoSeriousViolations(staff, 'the releases screen with a pilot form and a difference');

  await staff.getByRole('link', { name: 'Edit a draft of the active release' }).click();
  await staff.getByLabel('Module to edit').selectOption('lcc.json');
  const editor = staff.getByRole('textbox', { name: 'lcc.json as JSON' });
  await editor.click();
  await staff.keyboard.type('x');
  await expect(staff.getByRole('list', { name: 'Problems in the draft' })).toContainText('[json-syntax]');
  await expectNoSeriousViolations(staff, 'the release draft with a problem');

  // From the control before it, Tab enters the editor; Tab again leaves it (it binds no Tab of its own).
  await staff.getByLabel('Module to edit').focus();
  for (let i = 0; i < 40 && !(await editor.evaluate((el) => el === document.activeElement)); i += 1) await staff.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  await staff.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  expect(cspViolations.get(staff)).toEqual([]);
});

test('a customer user gets 403 problem+json from every release route, and nothing changes', async ({ request }) => {
  const headers = { authorization: `Bearer ${await idTokenFor(request, ACCOUNTS.engineer.email)}`, 'if-match': releaseEntityTag(original) };
  const step = { release: original, reason: 'not mine to take' };
  const answers = [
    await request.get(RELEASES, { headers }),
    await request.get(`${RELEASES}/${original}`, { headers }),
    await request.get(`${RELEASES}/${original}/diff?against=${original}`, { headers }),
    await request.get(`${RELEASES}/audit`, { headers }),
    await request.post(RELEASES, { headers, data: { files: { 'registry.json': { modules: [] } }, reason: 'mine' } }),
    await request.put(`${RELEASES}/active`, { headers, data: step }),
    await request.put(`${RELEASES}/pilot`, { headers, data: { ...step, customers: ['acme'] } }),
    await request.delete(`${RELEASES}/pilot`, { headers, data: step }),
    await request.post(`${RELEASES}/pilot/promote`, { headers, data: step }),
  ];
  for (const answer of answers) {
    expect(answer.status(), answer.url()).toBe(403);
    expect(answer.headers()['content-type']).toContain('application/problem+json');
  }
  const state = await releaseState(request);
  expect(state.active).toBe(original);
  expect(state.pilot).toBeNull();
});
