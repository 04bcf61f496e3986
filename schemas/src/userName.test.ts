import { describe, expect, it } from 'vitest';
import { displayName, fullName } from './userName.ts';

describe('a user name', () => {
  it('is given and family name', () => {
    expect(fullName({ givenName: 'Ada', familyName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ givenName: 'Ada', familyName: 'Lovelace', email: 'ada@acme.example' })).toBe('Ada Lovelace');
  });

  it('leaves out a missing part without a stray space', () => {
    expect(fullName({ givenName: '', familyName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName({ givenName: 'Ada', familyName: '' })).toBe('Ada');
  });

  it('is the email, for display, when the account carries no name', () => {
    expect(fullName({ givenName: '', familyName: '' })).toBe('');
    expect(displayName({ givenName: '', familyName: '', email: 'ada@acme.example' })).toBe('ada@acme.example');
  });
});
