import { describe, expect, it } from 'vitest';
import { newPasswordProblem, passwordProblems, passwordRules } from './passwordPolicy.ts';

describe('password policy', () => {
  it('accepts a password with every kind of character', () => {
    expect(passwordProblems('Demo-Passw0rd!')).toEqual([]);
    expect(passwordProblems('Größe-2024')).toEqual([]);
  });

  it('names each thing a password lacks', () => {
    expect(passwordProblems('short')).toEqual(['at least 8 characters', 'an upper-case letter', 'a number', 'a symbol']);
    expect(passwordProblems('ALLUPPER123!')).toEqual(['a lower-case letter']);
  });

  it('asks for the same password twice', () => {
    expect(newPasswordProblem('Demo-Passw0rd!', 'Demo-Passw0rd?')).toBe('The two passwords differ.');
    expect(newPasswordProblem('Demo-Passw0rd!', 'Demo-Passw0rd!')).toBeUndefined();
    expect(newPasswordProblem('abc', 'abc')).toBe('The password needs at least 8 characters, an upper-case letter, a number, a symbol.');
  });
});

describe("the pool's own password policy", () => {
  const policy = { minLength: 12, requireLowercase: true, requireUppercase: false, requireNumbers: false, requireSymbols: false };

  it('names only the rules the pool has', () => {
    expect(passwordRules(policy)).toEqual(['at least 12 characters', 'a lower-case letter']);
    expect(passwordRules()).toEqual(['at least 8 characters', 'a lower-case letter', 'an upper-case letter', 'a number', 'a symbol']);
  });

  it('checks a password against them', () => {
    expect(newPasswordProblem('longer lowercase', 'longer lowercase', policy)).toBeUndefined();
    expect(newPasswordProblem('Short-1!', 'Short-1!', policy)).toBe('The password needs at least 12 characters.');
  });
});
