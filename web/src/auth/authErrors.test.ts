import { describe, expect, it } from 'vitest';
import { describeAuthError } from './authErrors.ts';

const named = (name: string, message = 'raw') => Object.assign(new Error(message), { name });

describe('describeAuthError', () => {
  it('puts known identity provider errors in plain words', () => {
    expect(describeAuthError(named('CodeMismatchException'))).toBe('That code is not right. Check it and try again.');
    expect(describeAuthError(named('UsernameExistsException'))).toContain('already exists');
  });

  it("keeps the provider's own message for anything else", () => {
    expect(describeAuthError(named('InvalidPasswordException', 'Password does not conform to policy'))).toBe('Password does not conform to policy');
    expect(describeAuthError('boom')).toBe('Something went wrong. Try again.');
  });
});
