import { describe, expect, it } from 'vitest';
import { messagingEndpoint } from './messagingEndpoint.ts';

const erin = { email: 'erin@acme.example', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };

describe('messaging endpoint update', () => {
  it("carries the address, a user id from the names, and the user's role and company", () => {
    expect(messagingEndpoint(erin)).toEqual({
      address: 'erin@acme.example',
      userId: 'Erin Engineer',
      attributes: { user: ['Erin Engineer'], role: ['customer'], companyId: ['acme'] },
    });
  });

  it('falls back to the provider id for staff acting for no customer, and to unknown for anyone else', () => {
    expect(messagingEndpoint({ ...erin, role: 'sentient', customerId: null }).attributes.companyId).toEqual(['provider']);
    expect(messagingEndpoint({ ...erin, role: 'sentient', customerId: 'globex' }).attributes.companyId).toEqual(['globex']);
    expect(messagingEndpoint({ ...erin, customerId: null }).attributes.companyId).toEqual(['unknown']);
    expect(messagingEndpoint({ ...erin, role: null, customerId: null }).attributes).toEqual({ user: ['Erin Engineer'], role: [], companyId: ['unknown'] });
  });

  it('uses the email when there are no names', () => {
    expect(messagingEndpoint({ ...erin, givenName: '', familyName: '' }).userId).toBe('erin@acme.example');
  });
});
