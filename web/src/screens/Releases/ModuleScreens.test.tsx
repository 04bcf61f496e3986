// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { STAFF, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ModuleScreens } from './ModuleScreens.tsx';

const module = (key: string, name: string, bundle?: string) => ({
  key,
  name,
  baseUrl: `/${key}`,
  breadcrumbs: true,
  routes: [],
  ...(bundle ? { bundle: { version: bundle } } : {}),
});
const RELEASES = {
  r1: storedRelease('r1', {
    'registry.json': { modules: ['lcc', 'mr', 'hs'] },
    'lcc.json': module('lcc', 'Life Cycle Cost', '1.4.1'),
    'mr.json': module('mr', 'Model Runtime'),
    'hs.json': module('hs', 'Asset Life'),
  }),
  r2: storedRelease('r2', {
    'registry.json': { modules: ['lcc', 'mr', 'hs'] },
    'lcc.json': module('lcc', 'Life Cycle Cost', '1.4.2'),
    'mr.json': module('mr', 'Model Runtime', '0.1.0'),
    'hs.json': module('hs', 'Asset Life'),
  }),
  r0: storedRelease('r0', { 'registry.json': { modules: ['hs'] }, 'hs.json': module('hs', 'Asset Life') }),
};

/** The fake platform, with the releases above answered by id (a test's own endpoint, asked first). */
function platformWithReleases() {
  fakePlatform({ user: STAFF });
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const id = /\/api\/v1\/admin\/releases\/([^/?]+)$/.exec(new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname)?.[1];
    const release = id && RELEASES[id as keyof typeof RELEASES];
    return release ? Promise.resolve(Response.json(release)) : fake(input, init);
  });
}

/** The table's rows as the cells read. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Module screens' }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('ModuleScreens', () => {
  it('shows the bundle each module is on in the active release and in the pilot', async () => {
    platformWithReleases();
    renderInApp(<ModuleScreens active="r1" pilot="r2" />);
    await screen.findByRole('table', { name: 'Module screens' });
    expect(rows()).toEqual([
      ['Module', 'Active release', 'Pilot'],
      ['Life Cycle Cost (lcc)', '1.4.1', '1.4.2'],
      ['Model Runtime (mr)', 'generic', '0.1.0'],
    ]);
  });

  it('shows the active release alone without a pilot', async () => {
    platformWithReleases();
    renderInApp(<ModuleScreens active="r1" pilot={null} />);
    await screen.findByRole('table', { name: 'Module screens' });
    expect(rows()).toEqual([
      ['Module', 'Active release'],
      ['Life Cycle Cost (lcc)', '1.4.1'],
    ]);
  });

  it('says so when every module is on the generic screens', async () => {
    platformWithReleases();
    renderInApp(<ModuleScreens active="r0" pilot={null} />);
    expect(await screen.findByText("Every module shows the shell's generic screens.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
