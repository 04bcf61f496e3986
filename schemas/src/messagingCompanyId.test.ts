import { describe, expect, it } from 'vitest';
import { messagingCompanyId, PROVIDER_COMPANY_ID, UNKNOWN_COMPANY_ID } from './messagingCompanyId.ts';
import { STAFF_ROLE } from './roles.ts';

describe('messagingCompanyId', () => {
  it('is the customer in context, for staff and anyone else', () => {
    expect(messagingCompanyId('customer', 'acme')).toBe('acme');
    expect(messagingCompanyId(STAFF_ROLE, 'globex')).toBe('globex');
  });

  it("is the provider's id for staff acting for no customer, and unknown for anyone else without one", () => {
    expect(messagingCompanyId(STAFF_ROLE, null)).toBe(PROVIDER_COMPANY_ID);
    expect(messagingCompanyId('customer', null)).toBe(UNKNOWN_COMPANY_ID);
    expect(messagingCompanyId(null, null)).toBe(UNKNOWN_COMPANY_ID);
    expect(messagingCompanyId(undefined, null)).toBe(UNKNOWN_COMPANY_ID);
  });

  it('keeps the ids the messaging service already holds profiles under', () => {
    expect([PROVIDER_COMPANY_ID, UNKNOWN_COMPANY_ID]).toEqual(['provider', 'unknown']);
  });
});
