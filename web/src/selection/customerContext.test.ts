import { describe, expect, it } from 'vitest';
import { chooseCustomer, customerInContext, forgetChoiceUnlessStaff, SELECTED_CUSTOMER_KEY } from './customerContext.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
    values,
  };
}

describe('customer in context', () => {
  it('is the stored choice for staff, and none when they chose none', () => {
    expect(customerInContext({ role: 'sentient', customerId: null }, memoryStorage({ [SELECTED_CUSTOMER_KEY]: 'globex' }))).toBe('globex');
    expect(customerInContext({ role: 'sentient', customerId: 'acme' }, memoryStorage())).toBeNull();
  });

  it("is a customer user's own claim, whatever is stored", () => {
    expect(customerInContext({ role: 'customer', customerId: 'acme' }, memoryStorage({ [SELECTED_CUSTOMER_KEY]: 'globex' }))).toBe('acme');
  });

  it('is none without an auth claim or a user', () => {
    expect(customerInContext({ role: null, customerId: null }, memoryStorage({ [SELECTED_CUSTOMER_KEY]: 'globex' }))).toBeNull();
    expect(customerInContext(null, memoryStorage())).toBeNull();
  });

  it('keeps a choice only for staff', () => {
    const storage = memoryStorage();
    chooseCustomer('acme', storage);
    forgetChoiceUnlessStaff({ role: 'sentient', customerId: null }, storage);
    expect(storage.values.get(SELECTED_CUSTOMER_KEY)).toBe('acme');
    forgetChoiceUnlessStaff({ role: 'customer', customerId: 'globex' }, storage);
    expect(storage.values.has(SELECTED_CUSTOMER_KEY)).toBe(false);
    chooseCustomer('acme', storage);
    chooseCustomer(null, storage);
    expect(storage.values.has(SELECTED_CUSTOMER_KEY)).toBe(false);
  });
});
