// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { DeniedModuleNotice } from './DeniedModuleNotice.tsx';

/** Shows once the manifest is here, so a test can tell "no notice" from "not yet". */
function ManifestArrived() {
  const manifest = useUserManifest().data;
  return manifest ? <p>Manifest for {manifest.user.givenName}</p> : null;
}

const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const LCC = { key: 'lcc', name: 'Life Cycle Cost', baseUrl: '/life-cost' };

function landingWith(state: unknown) {
  fakePlatform({ user: ERIN, unavailable: [LCC] });
  return renderInApp(
    <Routes>
      <Route
        path="/asset-life"
        element={
          <>
            <DeniedModuleNotice />
            <h1>Sites</h1>
            <ManifestArrived />
            <Link to="/asset-life/imports">Imports</Link>
          </>
        }
      />
      <Route path="/asset-life/imports" element={<DeniedModuleNotice />} />
    </Routes>,
    { initialEntries: [{ pathname: '/asset-life', state }] },
  );
}

describe('DeniedModuleNotice', () => {
  it('says which module a link led to and that the administrator grants it, until the user moves on', async () => {
    const { user } = landingWith({ denied: { key: 'lcc', path: '/life-cost/projects/P1' } });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe("You don't have access to Life Cycle Cost (/life-cost/projects/P1). Ask your administrator.");
    await user.click(screen.getByRole('link', { name: 'Imports' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing for a module the manifest does not list as unavailable, or an address outside it', async () => {
    for (const denied of [
      { key: 'hs', path: '/asset-life/sites' },
      { key: 'lcc', path: '/elsewhere Call 555-0100 to restore access' },
      { key: 'lcc', path: '/life-costs' },
    ]) {
      const { unmount } = landingWith({ denied });
      // The manifest has arrived, and still no notice.
      expect(await screen.findByText('Manifest for Erin')).toBeDefined();
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
    }
  });

  it('cuts a very long address', async () => {
    landingWith({ denied: { key: 'lcc', path: `/life-cost/${'x'.repeat(500)}` } });
    const notice = await screen.findByRole('status');
    expect(notice.textContent!.length).toBeLessThan(220);
    expect(notice.textContent).toContain('…)');
  });
});
