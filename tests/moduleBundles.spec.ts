import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser } from '@playwright/test';
import pg from 'pg';
import type { ReleaseFiles } from '@platform/schemas';
import { packBundle } from '../config-service/src/bundles/packBundle.ts';
import { ReleasesClient } from '../config-service/src/cli/releasesClient.ts';
import { idToken, startService, type ServiceProcess } from '../config-service/src/testing/serviceProcess.ts';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../scripts/testPostgres.mjs';
import { ACCOUNTS } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { signedInAt } from './support/signIn.ts';

// Module screen bundles (issue 28) from the outside: uploaded, named in a release, shown, refused.
// A platform of its own on a real PostgreSQL server, like withoutDemoData.spec.ts: a pilot for acme
// would change what every other spec's acme users see, and a file can only be changed "in the store"
// where the store is reachable from outside the service (the embedded database is not). It serves the
// web/dist the run built once; nothing here rebuilds it, and the first journey checks it is untouched.

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;
const root = join(import.meta.dirname, '..');
const dist = join(root, 'web', 'dist');
const fixture = (name: string) => join(root, 'tests', 'fixtures', 'bundles', name);

let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
let platform: ServiceProcess;
let store: pg.Client;
let staffToken: string;
let staff: ReleasesClient;
let distBefore: Map<string, string>;

test.describe.configure({ mode: 'serial' });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir` and its sha256. */
function hashTree(dir: string, into = new Map<string, string>(), prefix = ''): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) hashTree(join(dir, entry.name), into, path);
    else into.set(path, sha256(readFileSync(join(dir, entry.name))));
  }
  return into;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  distBefore = hashTree(dist);
  postgres = await startTestPostgres();
  platform = await startService({ databaseUrl: postgres.url, env: { WEB_DIST: dist } });
  store = new pg.Client({ connectionString: postgres.url });
  await store.connect();
  staffToken = await idToken(platform, ACCOUNTS.staff.email);
  staff = new ReleasesClient(platform.base, staffToken);
});
test.afterAll(async () => {
  await store?.end();
  await platform?.stop();
  await postgres?.stop();
});

const signedIn = (browser: Browser, email: string) => signedInAt(browser, platform.base, email);

/** Uploads a fixture as `version` of lcc, lets `spoil` change the store, and makes a release naming it active for everyone. */
async function shipLcc(name: string, version: string, spoil?: (version: string) => Promise<void>) {
  await staff.uploadBundle('lcc', version, await packBundle(fixture(name)));
  await spoil?.(version);
  const state = await staff.list();
  const files = (await staff.get(state.active)).files;
  const reason = `e2e: lcc screens ${version} (${name})`;
  const { release } = await staff.publish({ ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } } as ReleaseFiles, reason);
  await staff.activate(release.id, reason, state.active);
}

test('a bundle published with the CLI as a pilot for acme shows to acme’s engineer, an open tab reloading once; initech keeps the generic screen, and so does acme after the pilot', async ({
  browser,
}) => {
  // Open before the release: its page's import map has no digest for the bundle.
  const engineer = await signedIn(browser, ACCOUNTS.engineer.email);
  let reloads = 0;
  engineer.on('load', () => (reloads += 1));
  const sidebar = engineer.getByRole('navigation', { name: 'Modules' });
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible();

  // The module team's command, as their CI runs it (signing in as the demo staff account, as locally).
  const cli = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'config-service/src/cli/modulesPublish.ts',
      ...['--module', 'lcc', '--version', '1.0.0', '--dir', fixture('lcc'), '--reason', 'e2e: new lcc screens, acme first', '--pilot', 'acme'],
      ...['--url', platform.base],
    ],
    { cwd: root },
  );
  expect(cli.stdout).toContain('lcc screens generic → 1.0.0');
  expect(cli.stdout).toMatch(/pilot: release \S+ for acme/);

  await sidebar.getByRole('link', { name: 'Life Cycle Cost' }).click();
  const main = engineer.getByRole('main');
  await expect(main.getByText(`Bundle screen for ${ACCOUNTS.engineer.email}`)).toBeVisible();
  await expect(engineer).toHaveURL(/\/life-cost$/);
  expect(await engineer.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
  await expect(engineer.getByRole('heading', { level: 1 })).toHaveText('Life Cycle Cost');
  // Hooks work: the bundle's useState is the page's one React.
  await main.getByRole('button', { name: 'Pressed 0 times' }).click();
  await main.getByRole('button', { name: 'Pressed 1 times' }).click();
  await expect(main.getByRole('button', { name: 'Pressed 2 times' })).toBeVisible();

  // A link by route name to the bundle's second screen, loaded by relative address, and on to one it leaves generic.
  await main.getByRole('link', { name: 'Open project P1' }).click();
  await expect(engineer.getByRole('heading', { level: 1 })).toHaveText('Project P1');
  await expect(main.getByText('Bundle screen lcc.project for project P1')).toBeVisible();
  await main.getByRole('link', { name: 'Components' }).click();
  await expect(engineer.getByRole('heading', { level: 1 })).toHaveText('Components of project P1');
  await expect(main.getByText('Nothing to show here yet.')).toBeVisible();
  // One reload in all since signing in: no navigation since reloaded the page again.
  expect(reloads).toBe(1);

  // Initech is not in the pilot: the active release, and the screen compiled into the shell.
  const planner = await signedIn(browser, ACCOUNTS.planner.email);
  await planner.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' }).click();
  await expect(planner.getByRole('heading', { level: 1 })).toHaveText('Life Cycle Cost');
  await expect(planner.getByRole('main').getByText('Nothing to show here yet.')).toBeVisible();
  await expect(planner.getByRole('main').getByText(/Bundle screen/)).toHaveCount(0);

  // The pilot ends: acme's open page is served the active release again.
  const state = await staff.list();
  const ended = await fetch(`${platform.base}/api/v1/admin/releases/pilot`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json', 'if-match': `"${state.active}"` },
    body: JSON.stringify({ release: state.pilot?.release, reason: 'e2e: pilot over' }),
  });
  expect(ended.status, await ended.text()).toBe(200);
  await sidebar.getByRole('link', { name: 'Life Cycle Cost' }).click();
  await expect(main.getByText('Nothing to show here yet.')).toBeVisible({ timeout: 10_000 });
  await expect(main.getByText(/Bundle screen/)).toHaveCount(0);

  expect(hashTree(dist)).toEqual(distBefore);
});

const broken = [
  { what: 'a screen that throws', name: 'lcc-throws', version: '1.1.0', says: 'The screen stopped with an error.', offers: 'Try again' },
  {
    what: 'a file missing from the store',
    name: 'lcc',
    version: '1.2.0',
    says: 'Its files could not be loaded',
    offers: 'Reload the page',
    spoil: async (version: string) => {
      await store.query(`delete from module_bundle_files where module_key = 'lcc' and version = $1 and path = 'screens/project.js'`, [version]);
    },
  },
  {
    what: 'a file whose bytes changed in the store after upload',
    name: 'lcc',
    version: '1.3.0',
    says: 'Its files could not be loaded',
    offers: 'Reload the page',
    // A file the entry imports by relative address: the map's digests cover every file, not the entry alone.
    spoil: async (version: string) => {
      const changed = await store.query(
        `update module_bundle_files set content = content || convert_to(E'\\n// changed in the store', 'UTF8') where module_key = 'lcc' and version = $1 and path = 'screens/project.js'`,
        [version],
      );
      expect(changed.rowCount).toBe(1);
    },
  },
] as const;

test('a screen that throws, a file missing from the store and a file changed in the store each show the error panel, with the navigation working', async ({
  browser,
}) => {
  const engineer = await signedIn(browser, ACCOUNTS.engineer.email);
  const sidebar = engineer.getByRole('navigation', { name: 'Modules' });
  for (const { what, name, version, says, offers, ...rest } of broken) {
    await shipLcc(name, version, 'spoil' in rest ? rest.spoil : undefined);
    await engineer.goto('/life-cost');
    const panel = engineer.getByRole('alert').filter({ hasText: `Life Cycle Cost ${version}` });
    await expect(panel, what).toContainText(`Life Cycle Cost ${version} could not show this screen. ${says}`);
    await expect(engineer.getByRole('heading', { level: 1 })).toHaveText('Life Cycle Cost');
    if (version === '1.3.0') await expectNoSeriousViolations(engineer, `the error panel of ${what}`);
    // The one way on that can work: a failed module import is kept by the browser for the page's life,
    // so only a new page loads it afresh (the file is still broken here, so the new page fails again).
    await expect(panel.getByRole('button')).toHaveText([offers]);
    const reloaded = offers === 'Reload the page' ? engineer.waitForEvent('load') : undefined;
    await panel.getByRole('button', { name: offers }).click();
    await reloaded;
    await expect(panel).toBeVisible();
    // The frame around it works: another module, and back.
    await sidebar.getByRole('link', { name: 'Asset Life' }).click();
    await expect(engineer.getByRole('heading', { level: 1 })).toHaveText(ACCOUNTS.engineer.h1);
    await expect(engineer.getByRole('alert').filter({ hasText: 'could not show' })).toHaveCount(0);
  }
});

test('a bundle built for module SDK 2 is uploaded, but a release naming it is refused with 422 at /bundle', async () => {
  await staff.uploadBundle('lcc', '2.0.0', await packBundle(fixture('lcc-sdk2')));
  const state = await staff.list();
  const files = (await staff.get(state.active)).files;
  const naming = { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version: '2.0.0' } } } as ReleaseFiles;
  await expect(staff.publish(naming, 'e2e: screens for SDK 2')).rejects.toMatchObject({
    status: 422,
    problem: { problems: expect.arrayContaining([expect.objectContaining({ file: 'lcc.json', pointer: '/bundle', rule: 'bundle-sdk' })]) },
  });
  expect((await staff.list()).active).toBe(state.active);
});
