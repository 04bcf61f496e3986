// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ExposureRules } from '@platform/schemas';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ExposureForm } from './ExposureForm.tsx';

const OPEN: ExposureRules = { roles: null, environments: null, enabledForNewCustomers: true };

/** The form as the editor holds it: each change is the rules it then shows, and is reported to `seen`. */
function Held({ start, seen }: { start: ExposureRules; seen: (rules: ExposureRules) => void }) {
  const [rules, setRules] = useState(start);
  const change = (next: ExposureRules) => {
    seen(next);
    setRules(next);
  };
  return <ExposureForm moduleName="Leaderboard" rules={rules} roles={['sentient', 'admin']} environments={['local', 'prod']} onChange={change} />;
}

function exposureForm(start: ExposureRules = OPEN) {
  const seen = vi.fn();
  const view = renderInApp(<Held start={start} seen={seen} />);
  const group = (name: string) => within(screen.getByRole('group', { name }));
  return { ...view, seen, roles: group('Roles'), environments: group('Environments') };
}

describe('ExposureForm', () => {
  it('shows a module open to every role and environment, with the single picks off', () => {
    const { roles, environments } = exposureForm();
    expect(screen.getByRole('heading', { name: 'Who is shown Leaderboard' })).toBeTruthy();
    expect(roles.getByRole('checkbox', { name: 'Every role' })).toHaveProperty('checked', true);
    expect(roles.getByRole('checkbox', { name: 'admin' })).toHaveProperty('disabled', true);
    expect(environments.getByRole('checkbox', { name: 'Every environment' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Switched on for new customers' })).toHaveProperty('checked', true);
  });

  it('limits a module to the roles ticked, warning while none is, and leaves the other rules as they were', async () => {
    const { user, seen, roles } = exposureForm();
    await user.click(roles.getByRole('checkbox', { name: 'Every role' }));
    expect(seen).toHaveBeenLastCalledWith({ ...OPEN, roles: [] });
    expect(screen.getByText('None ticked: nobody is shown the module.')).toBeTruthy();
    await user.click(roles.getByRole('checkbox', { name: 'admin' }));
    expect(seen).toHaveBeenLastCalledWith({ ...OPEN, roles: ['admin'] });
    expect(screen.queryByText('None ticked: nobody is shown the module.')).toBeNull();
    await user.click(roles.getByRole('checkbox', { name: 'admin' }));
    expect(seen).toHaveBeenLastCalledWith({ ...OPEN, roles: [] });
  });

  it('keeps a role the file names that the platform does not list, and limits environments and new customers', async () => {
    const { user, seen, roles, environments } = exposureForm({ roles: ['legacy'], environments: ['prod'], enabledForNewCustomers: true });
    expect(roles.getByRole('checkbox', { name: 'legacy' })).toHaveProperty('checked', true);
    expect(environments.getByRole('checkbox', { name: 'prod' })).toHaveProperty('checked', true);
    await user.click(environments.getByRole('checkbox', { name: 'local' }));
    expect(seen).toHaveBeenLastCalledWith({ roles: ['legacy'], environments: ['prod', 'local'], enabledForNewCustomers: true });
    await user.click(screen.getByRole('checkbox', { name: 'Switched on for new customers' }));
    expect(seen).toHaveBeenLastCalledWith({ roles: ['legacy'], environments: ['prod', 'local'], enabledForNewCustomers: false });
  });
});
