import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { readAuthClaimText, userClaimsSchema } from '@platform/schemas';
import { isPlatformError } from '../errors.ts';
import { ajv } from '../validation/schemaValidator.ts';
import { readAuthClaim } from './readAuthClaim.ts';

const read = (auth: unknown) => readAuthClaim({ 'custom:auth': typeof auth === 'string' ? auth : JSON.stringify(auth) });

/** The error readAuthClaim throws, for its code and status. */
function refusal(auth: unknown) {
  try {
    read(auth);
  } catch (error) {
    if (isPlatformError(error)) return { code: error.code, status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error('the claim was read');
}

describe('readAuthClaim: claims as real pools send them (decision 0047)', () => {
  it('ignores keys it does not read, keeping what it does', () => {
    expect(read({ role: 'customer', customerId: 'acme', modules: ['hs'], companyName: 'Acme Industrial plc', tier: { level: 3 } })).toEqual({
      role: 'customer',
      customerId: 'acme',
      modules: ['hs'],
    });
  });

  it('takes null as "not set" for every optional field', () => {
    expect(read({ role: 'customer', customerId: 'acme', modules: ['hs'], landingPageModuleKey: null, requireMFA: null })).toEqual({
      role: 'customer',
      customerId: 'acme',
      modules: ['hs'],
    });
    // For staff, modules null is modules absent: every module (spec section 6).
    expect(read({ role: 'sentient', customerId: null, modules: null })).toEqual({ role: 'sentient' });
    expect(read({ role: 'customer', customerId: '' })).toEqual({ role: 'customer' });
  });

  it('reads a customer id, module keys and the landing key in lower case', () => {
    expect(read({ role: 'customer', customerId: 'ACME', modules: ['HS', 'Mr', 'hs'], landingPageModuleKey: 'HS' })).toEqual({
      role: 'customer',
      customerId: 'acme',
      modules: ['hs', 'mr'],
      landingPageModuleKey: 'hs',
    });
    expect(read({ role: 'customer', customerId: 'Globex-2' })?.customerId).toBe('globex-2');
  });

  it('does not read a customer id in a staff claim: staff act for the customer they choose', () => {
    expect(read({ role: 'sentient', customerId: 'ACME' })).toEqual({ role: 'sentient' });
  });

  it('keeps requireMFA whatever else the claim holds', () => {
    expect(read({ role: 'customer', customerId: 'acme', requireMFA: true, extra: null })?.requireMFA).toBe(true);
  });

  it('reads an absent, null or empty claim as no claim', () => {
    expect(readAuthClaim({})).toBeUndefined();
    expect(readAuthClaim({ 'custom:auth': null })).toBeUndefined();
    expect(readAuthClaim({ 'custom:auth': '' })).toBeUndefined();
  });

  it.each([
    ['a role that is not a string', { role: 7 }, '/role'],
    ['no role', { customerId: 'acme' }, "must have required property 'role'"],
    ['an empty role', { role: '' }, '/role'],
    ['modules that are not a list', { role: 'customer', customerId: 'acme', modules: 'mr' }, '/modules'],
    ['a module key that is not a string', { role: 'customer', customerId: 'acme', modules: ['mr', 7] }, '/modules/1'],
    ['a customer id that can be no customer', { role: 'customer', customerId: 'acme corp' }, '/customerId'],
    ['requireMFA that is not a boolean', { role: 'customer', customerId: 'acme', requireMFA: 'true' }, '/requireMFA'],
    ['an auth object that is a list', [{ role: 'customer' }], '/'],
    ['text that is not JSON', '{role:', 'not JSON'],
  ])('refuses %s as a misconfigured account: 403, not 401', (_name, auth, named) => {
    const refused = refusal(auth);
    expect(refused).toMatchObject({ code: 'CFG_ERR_ACCOUNT_MISCONFIGURED', status: 403 });
    expect(refused.detail).toContain(named);
    expect(refused.detail).toContain('ask your administrator');
  });

  it('refuses a custom:auth claim that is not text', () => {
    expect(() => readAuthClaim({ 'custom:auth': { role: 'sentient' } })).toThrow(expect.objectContaining({ code: 'CFG_ERR_ACCOUNT_MISCONFIGURED' }));
  });

  // The reader in schemas/ checks by hand what the schema says, so that the web app needs no validator: the two must agree.
  it.each([
    { role: 'customer' },
    { role: 'customer', customerId: 'ACME', companyName: 'x', modules: ['HS'], landingPageModuleKey: null, requireMFA: null },
    { role: 'customer', customerId: '' },
    { role: 'customer', customerId: null, modules: null },
    { role: 'r'.repeat(64) },
    { role: 'r'.repeat(65) },
    { role: '' },
    { role: 7 },
    { customerId: 'acme' },
    { role: 'customer', customerId: 'acme corp' },
    { role: 'customer', customerId: '-acme' },
    { role: 'customer', customerId: 7 },
    { role: 'customer', modules: 'hs' },
    { role: 'customer', modules: ['hs', 7] },
    { role: 'customer', modules: Array.from({ length: 101 }, () => 'hs') },
    { role: 'customer', landingPageModuleKey: 7 },
    { role: 'customer', requireMFA: 'true' },
    [{ role: 'customer' }],
    'customer',
    null,
  ])('refuses exactly what user-claims.schema.json#/$defs/auth refuses: %j', (auth) => {
    const validAuth = ajv.getSchema(`${userClaimsSchema.$id}#/$defs/auth`) as ValidateFunction;
    expect(readAuthClaimText(JSON.stringify(auth)).kind === 'read').toBe(validAuth(auth));
  });
});
