import { DEMO_ACCOUNTS } from '../demoData/demoAccounts.ts';

/** What the local hosted UI reads of an account: the pool's answer to AdminGetUser. */
export interface PoolAccount {
  Enabled?: boolean;
  UserStatus?: string;
  UserMFASettingList?: readonly string[];
  MFAOptions?: readonly unknown[];
  UserAttributes?: readonly { Name: string; Value?: string }[];
}

/** The accounts that stand for users of a pool requiring MFA (decision 0048): sign-in asks them to set it up. */
const MFA_SET_UP_REQUIRED = new Set(DEMO_ACCOUNTS.flatMap((a) => (a.mfaSetUpOffered?.length ? [a.email] : [])));

/**
 * Why the local hosted UI gives no tokens to an account, or undefined when it may have them (decision 0066). A
 * sign-in (the authorize page, and the code exchanged for tokens) is held to what a password sign-in enforces:
 * enabled, confirmed, no new password owed, and no second factor, which this hosted UI does not ask for. A refresh
 * only to the account being enabled, as a pool's refresh is.
 */
export function singleSignOnRefusal(account: PoolAccount | undefined, step: 'sign-in' | 'refresh'): string | undefined {
  if (!account) return 'The account is not known to this identity provider.';
  if (account.Enabled === false) return 'This account is disabled. Ask your administrator to enable it.';
  if (step === 'refresh') return undefined;
  if (account.UserStatus === 'FORCE_CHANGE_PASSWORD' || account.UserStatus === 'RESET_REQUIRED')
    return 'This account must choose a new password first: sign in with email and password instead.';
  if (account.UserStatus !== 'CONFIRMED') return 'This account is not confirmed yet: sign in with email and password instead.';
  const email = account.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '';
  const secondFactor = (account.UserMFASettingList?.length ?? 0) > 0 || (account.MFAOptions?.length ?? 0) > 0;
  if (secondFactor)
    return 'This account signs in with a second factor, which the local single sign-on does not ask for: sign in with email and password instead.';
  if (MFA_SET_UP_REQUIRED.has(email)) return 'This account must set up a second factor first: sign in with email and password instead.';
  return undefined;
}
