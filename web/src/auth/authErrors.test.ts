import { describe, expect, it } from 'vitest';
import { describeAuthError } from './authErrors.ts';

const named = (name: string, message = 'raw') => Object.assign(new Error(message), { name });

describe('describeAuthError', () => {
  it('puts known identity provider errors in plain words', () => {
    expect(describeAuthError(named('CodeMismatchException'))).toBe('That code is not right. Check it and try again.');
    expect(describeAuthError(named('UsernameExistsException'))).toContain('already exists');
  });

  it('says the identity provider cannot be reached when there was no answer', () => {
    expect(describeAuthError(named('NetworkError', 'A network error has occurred.'))).toContain('identity provider cannot be reached');
  });

  it('says the identity provider is not answering for a 5xx or a page where JSON was due', () => {
    const unavailable = Object.assign(named('UnknownError', 'Unknown error'), { $metadata: { httpStatusCode: 503 } });
    expect(describeAuthError(unavailable)).toBe('The identity provider is not answering right now. Try again in a moment.');
    expect(describeAuthError(new SyntaxError('Unexpected token \'<\', "<html><bod"... is not valid JSON'))).toContain('identity provider is not answering');
  });

  it('keeps a 4xx refusal as the provider words it', () => {
    const refused = Object.assign(named('NotAuthorizedException', 'Incorrect username or password.'), { $metadata: { httpStatusCode: 400 } });
    expect(describeAuthError(refused)).toBe('Incorrect username or password.');
  });

  it("keeps the provider's own message for anything else", () => {
    expect(describeAuthError(named('InvalidPasswordException', 'Password does not conform to policy'))).toBe('Password does not conform to policy');
    expect(describeAuthError('boom')).toBe('Something went wrong. Try again.');
  });
});
