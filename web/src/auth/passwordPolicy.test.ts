import { describe, expect, it } from 'vitest';
import { newPasswordProblem, passwordProblems } from './passwordPolicy.ts';

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
