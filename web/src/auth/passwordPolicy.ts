import type { PublicConfig } from '@platform/schemas';

/** The user pool's password rules, as the service reads them from the pool. */
export type PasswordPolicy = NonNullable<PublicConfig['auth']['passwordPolicy']>;

/** A new user pool's rules (Cognito's default), shown when the service could not read the pool's own. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
};

function rules(policy: PasswordPolicy): [RegExp, string][] {
  const list: [RegExp, string][] = [[new RegExp(`^.{${policy.minLength},}$`, 'su'), `at least ${policy.minLength} characters`]];
  if (policy.requireLowercase) list.push([/\p{Ll}/u, 'a lower-case letter']);
  if (policy.requireUppercase) list.push([/\p{Lu}/u, 'an upper-case letter']);
  if (policy.requireNumbers) list.push([/[0-9]/, 'a number']);
  if (policy.requireSymbols) list.push([/[^\p{L}\p{N}\s]/u, 'a symbol']);
  return list;
}

/** Each thing a password must have under `policy`, in words ("at least 8 characters", "a number"). */
export function passwordRules(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  return rules(policy).map(([, rule]) => rule);
}

export const PASSWORD_HINT = 'At least 8 characters, with upper- and lower-case letters, a number and a symbol.';

/** What the password still lacks; empty when it meets the policy. */
export function passwordProblems(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  return rules(policy)
    .filter(([rule]) => !rule.test(password))
    .map(([, missing]) => missing);
}

/** One sentence on why a new password cannot be used, or undefined when it can. */
export function newPasswordProblem(password: string, confirmation: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string | undefined {
  const missing = passwordProblems(password, policy);
  if (missing.length) return `The password needs ${missing.join(', ')}.`;
  if (password !== confirmation) return 'The two passwords differ.';
  return undefined;
}
