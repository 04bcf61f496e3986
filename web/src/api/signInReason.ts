/**
 * Why the service ended the session, when the sign-in screen has more to say than "your session has
 * ended": kept in sessionStorage, since a forced login reloads the page, and for this tab only.
 */
const REASON_KEY = 'platform.signInReason';

/** account-disabled: an administrator disabled the account (401 CFG_ERR_USER_DISABLED, decision 0093). */
export type SignInReason = 'account-disabled';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberSignInReason(reason: SignInReason, storage: Store | undefined = globalThis.sessionStorage): void {
  storage?.setItem(REASON_KEY, reason);
}

/** The reason the last forced login gave, until the user is signed in somewhere again. */
export function readSignInReason(storage: Store | undefined = globalThis.sessionStorage): SignInReason | undefined {
  return storage?.getItem(REASON_KEY) === 'account-disabled' ? 'account-disabled' : undefined;
}

export function clearSignInReason(storage: Store | undefined = globalThis.sessionStorage): void {
  storage?.removeItem(REASON_KEY);
}
