// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { CustomerSwitches } from './CustomerSwitches.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ACME: Customer = {
  id: 'acme',
  name: 'Acme Industrial',
  version: 1,
  modules: [
    { key: 'lb', enabled: true, version: 3 },
    { key: 'hs', enabled: false, version: 0 },
  ],
};
const NAMES = new Map([
  ['lb', 'Leaderboard'],
  ['hs', 'Asset Life'],
]);

function switches(answer: () => unknown) {
  const platform = fakePlatform({ user: STAFF, serve: ({ method }) => (method === 'PUT' ? answer() : undefined) });
  return { platform, ...renderInApp(<CustomerSwitches customer={ACME} names={NAMES} />) };
}

describe('CustomerSwitches', () => {
  it("shows each module's switch by name, and switches one with the reason at the version seen", async () => {
    const { user, platform } = switches(() => ({ key: 'lb', enabled: false, version: 4 }));
    const leaderboard = screen.getByRole('switch', { name: /Leaderboard/ });
    expect(leaderboard).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /Asset Life/ })).toHaveProperty('checked', false);
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'contract ended');
    await user.click(leaderboard);
    expect(await screen.findByText('Leaderboard switched off for Acme Industrial')).toBeDefined();
    const sent = platform.requestsTo('/api/v1/customers/acme/modules/lb')[0];
    expect(sent?.headers.get('if-match')).toBe('"3"');
    expect(sent?.body).toEqual({ enabled: false, reason: 'contract ended' });
  });

  it('switches nothing without a reason, and says why at the field', async () => {
    const { user, platform } = switches(() => ({}));
    await user.click(screen.getByRole('switch', { name: /Leaderboard/ }));
    expect(screen.getByRole('alert').textContent).toBe('Say why, before switching a module: the reason goes to the audit log.');
    expect(platform.requestsTo('/api/v1/customers/acme/modules/lb')).toEqual([]);
  });

  it('overwrites nothing when someone changed the module meanwhile, and says how it is now', async () => {
    const { user } = switches(() => problem(409, 'CFG_ERR_CONFLICT', 'changed meanwhile', { current: { key: 'lb', enabled: false, version: 4 } }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'contract ended');
    await user.click(screen.getByRole('switch', { name: /Leaderboard/ }));
    expect(
      await screen.findByText('Someone else changed Leaderboard for Acme Industrial meanwhile: it is now off. Nothing was overwritten; check and try again.'),
    ).toBeDefined();
  });

  it('says what else went wrong in the one shape of a failure', async () => {
    const { user } = switches(() => problem(403, 'CFG_ERR_FORBIDDEN', 'staff only'));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'pilot starts');
    await user.click(screen.getByRole('switch', { name: /Asset Life/ }));
    expect(await screen.findByText('Could not switch Asset Life: staff only')).toBeDefined();
  });
});
