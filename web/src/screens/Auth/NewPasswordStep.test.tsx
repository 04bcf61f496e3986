// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';

const flow = vi.hoisted(() => ({ confirmSignIn: vi.fn() }));
vi.mock('../../auth/loadSignInFlow.ts', () => ({ loadSignInFlow: async () => ({ confirmSignIn: flow.confirmSignIn }) }));

const SIGNED_IN = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

beforeEach(() => {
  vi.clearAllMocks();
  flow.confirmSignIn.mockResolvedValue(SIGNED_IN);
});

describe('NewPasswordStep', () => {
  it("shows the pool's own password rules and holds a password to them before sending it", async () => {
    fakePlatform({ passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: false, requireNumbers: true, requireSymbols: false } });
    const onResult = vi.fn();
    const { user } = renderInApp(<NewPasswordStep onResult={onResult} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    // The rules come with the public config, which the sign-in pages have loaded long before this step.
    await vi.waitFor(() => expect(screen.getByRole('list').textContent).toContain('at least 12 characters'));
    const rules = screen.getByRole('list');
    expect([...rules.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['at least 12 characters', 'a lower-case letter', 'a number']);
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(rules.parentElement?.id);

    await user.type(screen.getByLabelText('New password'), 'short1');
    await user.type(screen.getByLabelText('Confirm new password'), 'short1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert').textContent).toBe('The password needs at least 12 characters.');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long enough 12');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'long enough 13');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords differ.');
    expect(flow.confirmSignIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'long enough 12');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(flow.confirmSignIn).toHaveBeenCalledExactlyOnceWith({ challengeResponse: 'long enough 12' });
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(SIGNED_IN));
  });

  it("shows a new pool's defaults when the service does not know the pool's rules", async () => {
    fakePlatform();
    renderInApp(<NewPasswordStep onResult={vi.fn()} />);
    await vi.waitFor(() => expect(screen.getByRole('list').querySelectorAll('li')).toHaveLength(5));
  });

  it('asks for the attributes the pool still needs, and sends them with the password', async () => {
    fakePlatform();
    const { user } = renderInApp(<NewPasswordStep missingAttributes={['given_name', 'family_name']} onResult={vi.fn()} />);
    await user.type(screen.getByLabelText('First name'), 'Ivy');
    await user.type(screen.getByLabelText('Last name'), 'Invited');
    await user.type(screen.getByLabelText('New password'), 'Chosen-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Chosen-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(flow.confirmSignIn).toHaveBeenCalledExactlyOnceWith({
      challengeResponse: 'Chosen-Passw0rd!',
      options: { userAttributes: { given_name: 'Ivy', family_name: 'Invited' } },
    });
  });
});
