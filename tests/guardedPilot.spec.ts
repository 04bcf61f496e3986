import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { releaseEntityTag, type PilotHealth, type ReleaseAuditPage, type ReleaseFiles } from '@platform/schemas';
import { packBundle } from '../config-service/src/bundles/packBundle.ts';
import { ReleasesClient } from '../config-service/src/cli/releasesClient.ts';
import { idToken, startService, type ServiceProcess } from '../config-service/src/testing/serviceProcess.ts';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { ACCOUNTS } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { signedInAt } from './support/signIn.ts';

// Guarded pilots (issue 39) from the outside: two replicas of the service on one PostgreSQL server, as
// deployed. Acme's engineer uses replica B, so the shell's screen reports arrive there; staff start and
// watch the pilot through replica A. A platform of its own, like moduleBundles.spec.ts: a pilot for acme
// would change what every other spec's acme users see.

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;
const root = join(import.meta.dirname, '..');
const dist = join(root, 'web', 'dist');
const fixture = (name: string) => join(root, 'tests', 'fixtures', 'bundles', name);

/** Small, to keep the journey short: the fewest opens the service takes. */
const MIN_OPENS = 5;
const GUARD = { maxErrorRate: 0.2, minOpens: MIN_OPENS };
/** Two of the guard's looks (every 5 s on each replica) and a write of the reports (every 2 s). */
const GUARD_LOOKS_MS = 12_000;

let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
let a: ServiceProcess;
let b: ServiceProcess;
let staffToken: string;
let staff: ReleasesClient;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  postgres = await startTestPostgres();
  const replica = () => startService({ databaseUrl: postgres.url, env: { WEB_DIST: dist } });
  // One after the other: the first applies the migrations and seeds the demo data.
  a = await replica();
  b = await replica();
  staffToken = await idToken(a, ACCOUNTS.staff.email);
  staff = new ReleasesClient(a.base, staffToken);
});
test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.stop();
});

/** Uploads a fixture as `version` of lcc and pilots a release naming it with acme, guarded, through replica A. */
async function guardedPilot(name: string, version: string): Promise<string> {
  await staff.uploadBundle('lcc', version, await packBundle(fixture(name)));
  const state = await staff.list();
  const files = (await staff.get(state.active)).files;
  const reason = `e2e: lcc screens ${version} (${name}), guarded`;
  const { release } = await staff.publish({ ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } } as ReleaseFiles, reason);
  const started = await fetch(`${a.base}/api/v1/admin/releases/pilot`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json', 'if-match': releaseEntityTag(state.active) },
    body: JSON.stringify({ release: release.id, customers: ['acme'], reason, guard: GUARD }),
  });
  expect(started.status, await started.text()).toBe(200);
  return release.id;
}

async function staffGet<T>(path: string): Promise<T> {
  const response = await fetch(`${a.base}/api/v1${path}`, { headers: { authorization: `Bearer ${staffToken}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Life Cycle Cost opened from the sidebar and left again for Asset Life, `times` times; `shows` is what its screen shows each time. */
async function openLcc(page: Page, times: number, shows: (page: Page) => ReturnType<Page['getByText']>) {
  const sidebar = page.getByRole('navigation', { name: 'Modules' });
  for (let i = 0; i < times; i++) {
    await sidebar.getByRole('link', { name: 'Life Cycle Cost' }).click();
    await expect(shows(page)).toBeVisible();
    if (i < times - 1) {
      await sidebar.getByRole('link', { name: 'Asset Life' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCOUNTS.engineer.h1);
    }
  }
}

const signedIn = (browser: Browser, replica: ServiceProcess, email: string) => signedInAt(browser, replica.base, email);

test('a guarded pilot of a bundle that throws for acme ends by itself, its last reports sent by a page closed at once; the audit names the guard and the engineer gets the generic screen', async ({
  browser,
}) => {
  const release = await guardedPilot('lcc-throws', '5.0.0');
  // An engineer's page kept open on replica B all along, and one that opens the module and is closed.
  const watching = await signedIn(browser, b, ACCOUNTS.engineer.email);
  let reloads = 0;
  watching.on('load', () => (reloads += 1));
  const opening = await watching.context().newPage();
  await opening.goto('/asset-life');
  await openLcc(opening, MIN_OPENS, (page) => page.getByRole('alert').filter({ hasText: 'Life Cycle Cost 5.0.0 could not show this screen' }));
  // Straight after the last failure: what the page still holds goes out as it closes, or the guard never sees enough.
  await opening.close();

  await expect.poll(async () => (await staff.list()).pilot, { timeout: 60_000, message: 'the guard ends the pilot' }).toBeNull();
  const [ended] = (await staffGet<ReleaseAuditPage>('/admin/releases/audit?limit=1')).entries;
  expect(ended).toMatchObject({ action: 'pilot-end', release, customers: ['acme'] });
  expect(ended!.actor.sub).toBe('pilot-guard');
  // The figures that tripped it: every open reported, the closed page's included.
  expect(ended!.reason).toContain(`${MIN_OPENS}`);

  // The page left open gets the active release at its next navigation: the generic screen, no reload.
  const sidebar = watching.getByRole('navigation', { name: 'Modules' });
  await expect(async () => {
    await sidebar.getByRole('link', { name: 'Asset Life' }).click();
    await sidebar.getByRole('link', { name: 'Life Cycle Cost' }).click();
    await expect(watching.getByRole('main').getByText('Nothing to show here yet.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(watching.getByRole('alert')).toHaveCount(0);
  expect(reloads).toBe(0);

  // Staff see on the Releases screen, through replica A, that the guard ended it and why.
  const operator = await signedIn(browser, a, ACCOUNTS.staff.email);
  await operator.goto('/settings/releases');
  await expect(operator.getByRole('status').filter({ hasText: "The pilot's guard ended the pilot" })).toContainText(release);
  // And in the top bar's notifications: counted unread, then listed with the way back to Releases.
  const notifications = operator.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(notifications).toBeVisible();
  await notifications.click();
  const notice = operator
    .getByRole('list', { name: 'Platform notices' })
    .getByRole('listitem')
    .filter({ hasText: `Pilot of ${release} ended by its guard` });
  await expect(notice).toContainText(`${MIN_OPENS}`);
  await expect(notice.getByRole('link', { name: 'Open Releases' })).toHaveAttribute('href', '/settings/releases');
  // Closed, or the open page on Life Cycle Cost would take the next pilot's bundle and count an open of it.
  await Promise.all([watching.context().close(), operator.context().close()]);
});

test('a guarded pilot of a healthy bundle opened just as often keeps running, and Settings → Releases shows its health', async ({ browser }) => {
  const release = await guardedPilot('lcc', '5.1.0');
  const engineer = await signedIn(browser, b, ACCOUNTS.engineer.email);
  await openLcc(engineer, MIN_OPENS, (page) => page.getByRole('main').getByText(`Bundle screen for ${ACCOUNTS.engineer.email}`));
  await engineer.close();

  // Every open arrives (the closed page's too) and the guard's rule finds nothing wrong.
  await expect
    .poll(
      async () => {
        const health = await staffGet<PilotHealth>('/admin/releases/pilot/health');
        const lcc = health.modules.find((m) => m.moduleKey === 'lcc');
        return lcc && { opens: lcc.pilot.opens, failures: lcc.pilot.failures, verdict: lcc.verdict };
      },
      { timeout: 30_000 },
    )
    .toEqual({ opens: MIN_OPENS, failures: 0, verdict: 'healthy' });

  // Staff see it on the Releases screen, through replica A: the figures, the chart and the guard.
  const operator = await signedIn(browser, a, ACCOUNTS.staff.email);
  await operator.goto('/settings/releases');
  const health = operator.getByRole('region', { name: 'How the pilot fares' });
  await expect(health.getByTestId('pilot-guard')).toContainText('Guard running');
  const lcc = health.getByRole('region', { name: 'lcc: compiled-in screens → bundle 5.1.0' });
  const cells = lcc.getByRole('row', { name: /Pilot's users/ }).getByRole('cell');
  await expect(cells).toHaveCount(6);
  const texts = await cells.allTextContents();
  expect(texts.slice(0, 4)).toEqual(['bundle 5.1.0', String(MIN_OPENS), '0', '0%']);
  // What the guard judges: the engineer's first five opens, one user.
  expect(texts[5]).toBe(`${MIN_OPENS} opens of 1 user`);
  await expect(lcc.getByRole('img', { name: /Failure rate since the pilot began/ })).toBeVisible();
  await lcc.getByText('Minute by minute').click();
  await expectNoSeriousViolations(operator, "the pilot's health");

  // Still running after the guard has looked at these figures: each replica looks every 5 s
  // (GUARD_CHECK_MS), so two of its looks fall in this wait whatever their phase.
  await operator.waitForTimeout(GUARD_LOOKS_MS);
  expect((await staff.list()).pilot?.release).toBe(release);
});
