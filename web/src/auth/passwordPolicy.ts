/** The user pool's password policy (Cognito's default), checked in the form before it is sent. */
const RULES: readonly [RegExp, string][] = [
  [/^.{8,}$/su, 'at least 8 characters'],
  [/\p{Ll}/u, 'a lower-case letter'],
  [/\p{Lu}/u, 'an upper-case letter'],
  [/[0-9]/, 'a number'],
  [/[^\p{L}\p{N}\s]/u, 'a symbol'],
];

export const PASSWORD_HINT = 'At least 8 characters, with upper- and lower-case letters, a number and a symbol.';

/** What the password still lacks; empty when it meets the policy. */
export function passwordProblems(password: string): string[] {
  return RULES.filter(([rule]) => !rule.test(password)).map(([, missing]) => missing);
}

/** One sentence on why a new password cannot be used, or undefined when it can. */
export function newPasswordProblem(password: string, confirmation: string): string | undefined {
  const missing = passwordProblems(password);
  if (missing.length) return `The password needs ${missing.join(', ')}.`;
  if (password !== confirmation) return 'The two passwords differ.';
  return undefined;
}
