import { describe, expect, it } from 'vitest';
import { readAuthClaimText } from './authClaim.ts';

const read = (auth: unknown) => readAuthClaimText(JSON.stringify(auth));

describe('readAuthClaimText, the one reader of custom:auth (decision 0082)', () => {
  it("reads pat@acme.example's claim as written as acme and hs, keeping what it was written as", () => {
    const written = { role: 'customer', customerId: 'ACME', companyName: 'Acme Industrial plc', modules: ['HS'], landingPageModuleKey: null, requireMFA: null };
    expect(read(written)).toEqual({ kind: 'read', claim: { role: 'customer', customerId: 'acme', modules: ['hs'] }, written });
  });

  it("keeps a module key it does not know, in lower case: whether it names a module is the registry's to say", () => {
    expect(read({ role: 'customer', customerId: 'acme', modules: ['ig', 'ZZ', 'zz'] })).toMatchObject({ claim: { modules: ['ig', 'zz'] } });
  });

  it('does not read a customer id in a staff claim, nor a module key too long to name a module', () => {
    expect(read({ role: 'sentient', customerId: 'acme', modules: ['x'.repeat(33)] })).toMatchObject({ claim: { role: 'sentient', modules: [] } });
  });

  it('reads an absent, null or empty value as no claim', () => {
    for (const value of [undefined, null, '']) expect(readAuthClaimText(value)).toEqual({ kind: 'absent' });
  });

  it.each([
    ['text that is not JSON', '{role:', 'not JSON'],
    ['a value that is not text', { role: 'customer' }, 'not JSON text'],
  ])('refuses %s', (_name, value, problem) => {
    expect(readAuthClaimText(value)).toEqual({ kind: 'refused', problem: expect.stringContaining(problem) });
  });

  it.each([
    ['a list', [{ role: 'customer' }], '/'],
    ['no role', { customerId: 'acme' }, "required property 'role'"],
    ['a role that is not a string', { role: 7 }, '/role'],
    ['modules that are not a list', { role: 'customer', modules: 'hs' }, '/modules'],
    ['a module key that is not a string', { role: 'customer', modules: ['hs', 7] }, '/modules/1'],
    ['a customer id that can be no customer', { role: 'customer', customerId: 'acme corp' }, '/customerId'],
    ['requireMFA that is not a boolean', { role: 'customer', requireMFA: 'true' }, '/requireMFA'],
  ])('refuses an auth object with %s, naming where', (_name, auth, where) => {
    expect(read(auth)).toEqual({ kind: 'refused', problem: expect.stringContaining(where) });
  });
});
