// @vitest-environment jsdom
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLE } from '@platform/schemas';
import { buildUserManifest } from '../../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../../config-service/src/manifests/loadManifestSet.ts';
import { chooseCustomer } from '../../selection/customerContext.ts';
import { rememberOpening } from '../../selection/recentOpenings.ts';
import { fakePlatform, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { OnwardScreens } from './OnwardScreens.tsx';

// jsdom gives import.meta.url the page's address, not the file's.
const set = loadManifestSet(join(import.meta.dirname, '../../../../route-manifests'));
const { modules } = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: STAFF_ROLE } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const moduleOf = (key: string) => modules.find((m) => m.key === key)!;
const routeOf = (key: string, name: string) => moduleOf(key).routes.find((r) => r.name === name)!;

const SAM: TestUser = { sub: 'u-sam', email: 'staff@demo.local', givenName: 'Sam', familyName: 'Staff', role: STAFF_ROLE, customerId: null };
const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const SITE_GROUPS = {
  acme: [
    { id: 'north-sea', name: 'North Sea', sites: [{ id: 'brent-alpha', name: 'Brent Alpha' }] },
    { id: 'gulf-coast', name: 'Gulf Coast', sites: [{ id: 'galveston-yard', name: 'Galveston Yard' }] },
  ],
};

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderOnward(user: TestUser, key: string, name: string) {
  fakePlatform({ user, siteGroups: SITE_GROUPS });
  return renderInApp(
    <Routes>
      <Route path="/" element={<OnwardScreens module={moduleOf(key)} route={routeOf(key, name)} params={{}} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
  );
}

describe('OnwardScreens', () => {
  it("fills a customer parameter with staff's chosen customer instead of asking for it", async () => {
    chooseCustomer('acme');
    const { user } = renderOnward(SAM, 'mb', 'mb.clp');
    expect(await screen.findByRole('link', { name: 'New job for acme' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Customer id' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Open Job …' });
    await user.type(within(form).getByRole('textbox', { name: 'Job id' }), 'J9');
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    expect(screen.getByText('At /model-builder/clp/acme/jobs/J9')).toBeDefined();
  });

  it("offers a customer's user their own customer's sites to open, never asking for the customer", async () => {
    const { user } = renderOnward(ERIN, 'hs', 'hs.sites');
    const sites = await screen.findByRole('list', { name: 'Sites you can open' });
    expect(
      within(sites)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Brent Alpha (brent-alpha)', 'Galveston Yard (galveston-yard)']);
    await user.click(within(sites).getByRole('link', { name: 'Brent Alpha (brent-alpha)' }));
    expect(screen.getByText('At /asset-life/sites/brent-alpha')).toBeDefined();
  });

  it('offers what the user opened lately, for the customer in context only', async () => {
    rememberOpening(ERIN.sub, '/model-builder/clp/:customerId/jobs/:jobId', { customerId: 'acme', jobId: 'J7' });
    rememberOpening(ERIN.sub, '/model-builder/clp/:customerId/jobs/:jobId', { customerId: 'globex', jobId: 'G1' });
    rememberOpening('someone-else', '/model-builder/clp/:customerId/jobs/:jobId', { customerId: 'acme', jobId: 'X1' });
    const { user } = renderOnward(ERIN, 'mb', 'mb.clp');
    const lately = await screen.findByRole('list', { name: 'Opened lately' });
    expect(
      within(lately)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Job J7']);
    await user.click(within(lately).getByRole('link', { name: 'Job J7' }));
    expect(screen.getByText('At /model-builder/clp/acme/jobs/J7')).toBeDefined();
  });

  it('still asks staff for a customer when none is chosen', async () => {
    renderOnward(SAM, 'mb', 'mb.clp');
    expect(await screen.findAllByRole('textbox', { name: 'Customer id' })).not.toHaveLength(0);
  });
});
