// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagedUser } from '@platform/schemas';
import { ApiError } from '../../api/apiErrors.ts';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { UserForm } from './UserForm.tsx';

const MODULES = [
  { key: 'mr', name: 'Model Runtime' },
  { key: 'hs', name: 'Asset Life' },
  { key: 'lcc', name: 'Life Cost' },
];
const CUSTOMERS = [
  { id: 'acme', name: 'Acme Industrial' },
  { id: 'globex', name: 'Globex Power' },
];
const STAFF = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const EXISTING: ManagedUser = {
  username: 'u-1',
  sub: 'u-1',
  email: 'erin@acme.example',
  givenName: 'Erin',
  familyName: 'Engineer',
  status: 'CONFIRMED',
  enabled: true,
  mfa: 'off',
  role: 'customer',
  customerId: 'acme',
  modules: ['mr', 'hs'],
  landingPageModuleKey: 'hs',
  requireMFA: false,
};

function form(onSubmit = vi.fn(async () => undefined), user?: ManagedUser) {
  fakePlatform({ user: STAFF, customers: CUSTOMERS });
  const customerName = user?.customerId ? CUSTOMERS.find((c) => c.id === user.customerId)?.name : undefined;
  return { onSubmit, ...renderInApp(<UserForm user={user} modules={MODULES} customerName={customerName} onSubmit={onSubmit} onCancel={vi.fn()} />) };
}

describe('UserForm', () => {
  it('labels every field and sends the invitation with the modules in registry order and the landing module among them', async () => {
    const { user, onSubmit } = form();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' ivy@acme.example ');
    await user.type(screen.getByRole('textbox', { name: 'Given name' }), 'Ivy');
    await user.type(screen.getByRole('textbox', { name: 'Family name' }), 'Invited');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('customer');
    // The customer is found on the service by a part of its name, and chosen from its suggestions.
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'industr');
    await user.click(await screen.findByRole('option', { name: 'Acme Industrial (acme)' }));
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveProperty('value', 'Acme Industrial');
    await user.click(screen.getByRole('checkbox', { name: 'Life Cost' }));
    await user.click(screen.getByRole('checkbox', { name: 'Model Runtime' }));
    // The landing module is chosen among the ticked modules only.
    const landing = screen.getByRole('combobox', { name: 'Landing module' });
    expect([...(landing as HTMLSelectElement).options].map((o) => o.text)).toEqual(['None: the welcome page', 'Life Cost', 'Model Runtime']);
    await user.selectOptions(landing, 'lcc');
    await user.click(screen.getByRole('checkbox', { name: 'Require MFA' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'new hire');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      email: 'ivy@acme.example',
      givenName: 'Ivy',
      familyName: 'Invited',
      role: 'customer',
      customerId: 'acme',
      modules: ['mr', 'lcc'],
      landingPageModuleKey: 'lcc',
      requireMFA: true,
      reason: 'new hire',
    });
  });

  it('sends nothing without a reason, and says why at the field', async () => {
    const { user, onSubmit } = form(undefined, EXISTING);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Say why you change this user/);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
  });

  it("starts from the user's claims when changing them, and drops the landing module with its module", async () => {
    const { user, onSubmit } = form(undefined, EXISTING);
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveProperty('value', 'Acme Industrial');
    expect((screen.getByRole('checkbox', { name: 'Asset Life' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Landing module' }) as HTMLSelectElement).value).toBe('hs');
    await user.click(screen.getByRole('checkbox', { name: 'Asset Life' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'no longer on site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ modules: ['mr'], landingPageModuleKey: null, customerId: 'acme', reason: 'no longer on site' }),
    );
  });

  it('keeps a module key it does not know, and one in odd case, when only the name changes (issue 37)', async () => {
    const { user, onSubmit } = form(undefined, { ...EXISTING, modules: ['HS', 'zz'], landingPageModuleKey: null });
    expect((screen.getByRole('checkbox', { name: 'Asset Life' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'unknown module zz' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Given name' }));
    await user.type(screen.getByRole('textbox', { name: 'Given name' }), 'Erina');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'name misspelt');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ givenName: 'Erina', modules: ['hs', 'zz'] }));
  });

  it('lets the administrator untick a module key it does not know', async () => {
    const { user, onSubmit } = form(undefined, { ...EXISTING, modules: ['hs', 'zz'], landingPageModuleKey: null });
    await user.click(screen.getByRole('checkbox', { name: 'unknown module zz' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'module withdrawn');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ modules: ['hs'] }));
    expect(screen.getByRole('checkbox', { name: 'unknown module zz' })).toBeTruthy();
  });

  it('sends staff with no module ticked as every module (no list), and no customer as none', async () => {
    const { user, onSubmit } = form(undefined, { ...EXISTING, role: 'sentient', customerId: null, modules: null, landingPageModuleKey: null });
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'staff');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ role: 'sentient', customerId: null, modules: null, landingPageModuleKey: null }));
  });

  it.each([
    [
      new ApiError(409, {
        type: 'https://asset-platform.example/problems/CFG_ERR_USER_EXISTS',
        title: 'User already exists',
        status: 409,
        code: 'CFG_ERR_USER_EXISTS',
        detail: 'cannot invite the user: a user with this e-mail address already exists',
      }),
      'A user with this e-mail address already exists: find them in the list, or invite another address',
    ],
    [
      new ApiError(422, {
        type: 'https://asset-platform.example/problems/CFG_ERR_CUSTOMER_UNKNOWN',
        title: 'No such customer',
        status: 422,
        code: 'CFG_ERR_CUSTOMER_UNKNOWN',
        detail: "customerId: the platform holds no customer 'initech'; add it in Settings → Customers first",
        pointer: '/customerId',
      } as ConstructorParameters<typeof ApiError>[1]),
      'The platform holds no such customer: add it in Settings → Customers first, or choose another customer',
    ],
    [
      new ApiError(422, {
        type: 'https://asset-platform.example/problems/CFG_ERR_IDENTITY_PROVIDER_REFUSED',
        title: 'The identity provider refused the change',
        status: 422,
        code: 'CFG_ERR_IDENTITY_PROVIDER_REFUSED',
        detail: 'cannot invite the user: Invalid email address format.',
        providerError: 'InvalidParameterException',
      } as ConstructorParameters<typeof ApiError>[1]),
      'The identity provider refused one of the values it was given (it said: "Invalid email address format.")',
    ],
  ])('shows the refusal %# in words a person understands', async (refused, words) => {
    const { user } = form(vi.fn(async () => Promise.reject(refused)));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'erin@acme.example');
    await user.type(screen.getByRole('textbox', { name: 'Given name' }), 'Erin');
    await user.type(screen.getByRole('textbox', { name: 'Family name' }), 'Again');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'again');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(words);
  });
});
