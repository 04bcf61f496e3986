import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { ReleaseAuditPage } from '@platform/schemas';
import { startOidcIssuer, type OidcIssuer } from '../config-service/src/testing/oidcIssuer.ts';
import { idToken, startService, type ServiceProcess } from '../config-service/src/testing/serviceProcess.ts';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { ACCOUNTS } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { signedInAt } from './support/signIn.ts';

// Issue 38 from the outside: staff trust a module team's CI on Settings → Publishers, the CI publishes
// with its own OpenID Connect token and no password, and a revoked publisher publishes no more. The CI's
// issuer is the test's own, on loopback (a local environment trusts http there). A platform of its own
// on a real PostgreSQL server, like moduleBundles.spec.ts: a pilot for acme would change what every
// other spec's acme users see.

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;
const root = join(import.meta.dirname, '..');
const AUDIENCE = 'https://platform.example.com';
const SUBJECT = 'repo:org/lcc-screens:environment:production';

let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
let platform: ServiceProcess;
let ci: OidcIssuer;
let staffToken: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ci = await startOidcIssuer({ subject: SUBJECT, audience: AUDIENCE });
  postgres = await startTestPostgres();
  platform = await startService({ databaseUrl: postgres.url, env: { WEB_DIST: join(root, 'web', 'dist') } });
  staffToken = await idToken(platform, ACCOUNTS.staff.email);
});
test.afterAll(async () => {
  await platform?.stop();
  await postgres?.stop();
  await ci?.close();
});

/** The module team's command as its CI job runs it: the CI's token in ACTIONS_ID_TOKEN, and no password or staff token anywhere. */
async function publishFromCi(version: string, token: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLATFORM_')));
  const args = ['--module', 'lcc', '--version', version, '--dir', join(root, 'tests', 'fixtures', 'bundles', 'lcc'), '--reason', `ci: lcc ${version}`];
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'config-service/src/cli/modulesPublish.ts', ...args, '--pilot', 'acme', '--oidc-token-env', 'ACTIONS_ID_TOKEN', '--url', platform.base],
    { cwd: root, env: { ...env, ACTIONS_ID_TOKEN: token } },
  ).then(
    (done) => ({ status: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => ({ status: failed.code, stdout: failed.stdout, stderr: failed.stderr }),
  );
}

/** Settings → Publishers, reached with the mouse from wherever staff are. */
async function openPublishers(page: Page) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Publishers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publishers');
}

test('staff register a publisher on Settings → Publishers; its CI pilots a bundle for acme with its OIDC token, acme’s engineer sees it, and the audit names the publisher', async ({
  browser,
}) => {
  const staff = await signedInAt(browser, platform.base, ACCOUNTS.staff.email);
  await openPublishers(staff);
  await expect(staff.getByText('No trusted publishers yet: register a module team’s CI below.')).toBeVisible();

  // Before it is registered, the CI's token is refused and nothing is uploaded.
  const early = await publishFromCi('1.0.0', ci.token());
  expect(early.status).toBe(1);
  expect(early.stderr).toContain('the service refused the OIDC token in ACTIONS_ID_TOKEN');
  expect(early.stderr).toContain(`subject ${SUBJECT}`);

  const form = staff.getByRole('region', { name: 'Register a publisher' });
  await form.getByRole('textbox', { name: 'Issuer' }).fill(ci.issuer);
  await form.getByRole('textbox', { name: 'Audience' }).fill(AUDIENCE);
  await form.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
  await form.getByRole('checkbox', { name: 'Life Cycle Cost (lcc)' }).check();
  await form.getByRole('textbox', { name: 'Reason for trusting it' }).fill('e2e: the LCC team publishes from CI');
  await form.getByRole('button', { name: 'Register the publisher' }).click();
  const table = staff.getByRole('table', { name: 'Trusted publishers' });
  const row = table.getByRole('row', { name: new RegExp(SUBJECT) });
  await expect(row).toContainText(ci.issuer);
  await expect(row).toContainText('Life Cycle Cost');
  await expectNoSeriousViolations(staff, 'Settings → Publishers with a publisher');

  const published = await publishFromCi('1.0.0', ci.token());
  expect(published.stderr).toBe('');
  expect(published.stdout).toContain('signed in with the OIDC token in ACTIONS_ID_TOKEN: a publish token for lcc');
  expect(published.stdout).toContain('lcc screens generic → 1.0.0');
  expect(published.stdout).toMatch(/pilot: release \S+ for acme/);
  expect(published.status).toBe(0);

  const engineer = await signedInAt(browser, platform.base, ACCOUNTS.engineer.email);
  await engineer.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' }).click();
  await expect(engineer.getByRole('main').getByText(`Bundle screen for ${ACCOUNTS.engineer.email}`)).toBeVisible();

  // The release audit names the publisher as the actor of the publish and the pilot, by its subject and id.
  const publishers = (await (await fetch(`${platform.base}/api/v1/admin/publishers`, { headers: { authorization: `Bearer ${staffToken}` } })).json()) as {
    publishers: { id: string; subject: string }[];
  };
  const publisher = publishers.publishers.find((p) => p.subject === SUBJECT);
  expect(publisher).toBeDefined();
  const audit = (await (
    await fetch(`${platform.base}/api/v1/admin/releases/audit`, { headers: { authorization: `Bearer ${staffToken}` } })
  ).json()) as ReleaseAuditPage;
  const steps = audit.entries.filter((e) => e.reason === 'ci: lcc 1.0.0');
  expect(steps.map((e) => e.action).sort()).toEqual(['pilot-start', 'publish']);
  for (const step of steps) {
    expect(JSON.stringify(step.actor)).toContain(SUBJECT);
    expect(JSON.stringify(step.actor)).toContain(publisher!.id);
  }
});

test('staff revoke the publisher with a reason; its CI’s token is refused from then on', async ({ browser }) => {
  const staff = await signedInAt(browser, platform.base, ACCOUNTS.staff.email);
  await openPublishers(staff);
  const revoke = staff.getByRole('button', { name: `Revoke ${SUBJECT}` });
  await revoke.click();
  const dialog = staff.getByRole('dialog', { name: `Revoke ${SUBJECT}?` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('e2e: repository archived');
  await dialog.getByRole('button', { name: 'Revoke publisher' }).click();
  await expect(staff.getByText(`${SUBJECT} revoked: its CI can no longer publish`)).toBeVisible();
  await expect(staff.getByText('No trusted publishers yet: register a module team’s CI below.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const refused = await publishFromCi('1.0.1', ci.token());
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('the service refused the OIDC token in ACTIONS_ID_TOKEN');
});
