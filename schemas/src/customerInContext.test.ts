import { describe, expect, it } from 'vitest';
import { customerInContext, lacksCustomer } from './customerInContext.ts';
import { STAFF_ROLE } from './roles.ts';

describe('customerInContext', () => {
  it('is the chosen customer for staff, and none when they chose none', () => {
    expect(customerInContext({ role: STAFF_ROLE }, 'globex')).toBe('globex');
    expect(customerInContext({ role: STAFF_ROLE, customerId: 'acme' }, undefined)).toBeNull();
    expect(customerInContext({ role: STAFF_ROLE, customerId: 'acme' }, '')).toBeNull();
    expect(customerInContext({ role: STAFF_ROLE }, null)).toBeNull();
  });

  it("is anyone else's own claim, whatever they chose", () => {
    expect(customerInContext({ role: 'customer', customerId: 'acme' }, 'globex')).toBe('acme');
    expect(customerInContext({ role: 'customer' }, 'globex')).toBeNull();
    expect(customerInContext({ role: 'customer', customerId: null }, 'globex')).toBeNull();
  });

  it('is none without an auth claim', () => {
    expect(customerInContext(undefined, 'globex')).toBeNull();
    expect(customerInContext(null, 'globex')).toBeNull();
  });

  it('lacks a customer for anyone but staff whose claim names none', () => {
    expect([{ role: 'customer' }, { role: 'customer', customerId: null }, { role: 'customer', customerId: '' }].map(lacksCustomer)).toEqual([true, true, true]);
    expect([{ role: STAFF_ROLE }, { role: 'customer', customerId: 'acme' }, undefined, null].map(lacksCustomer)).toEqual([false, false, false, false]);
  });
});
