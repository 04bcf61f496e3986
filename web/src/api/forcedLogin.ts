import { signOutOfPlatform } from '../auth/signOutOfPlatform.ts';
import { signOutThen } from '../auth/signOutThen.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';
import { NotAuthenticatedError } from './apiErrors.ts';
import { clearSignInReason } from './signInReason.ts';

/** Holds the address a forced sign-in returns to. */
const REDIRECT_COOKIE = 'platform_redirect';

/** The stored return address, if any (not yet checked: the guard keeps only a same-origin path). */
export function readRedirectCookie(): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${REDIRECT_COOKIE}=`));
  if (!entry) return undefined;
  try {
    return decodeURIComponent(entry.slice(REDIRECT_COOKIE.length + 1));
  } catch {
    return undefined;
  }
}

/** Clears the stored return address, and the reason the sign-in screen gave: the user is signed in somewhere again. */
export function clearRedirectCookie(): void {
  clearSignInReason();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari before 2025, and the spec keeps the target in a cookie
  document.cookie = `${REDIRECT_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/**
 * Forced login: stores where the user is in the redirect cookie, drops the refused session (so the
 * next sign-in gets fresh tokens, not the refused ones), goes to /login, and raises 'Not Authenticated'
 * to whoever asked. Reached through sessionRefused, which keeps it to one at a time and out of loops.
 */
export async function forceLogin(target = `${window.location.pathname}${window.location.search}${window.location.hash}`): Promise<never> {
  // biome-ignore lint/suspicious/noDocumentCookie: see clearRedirectCookie
  document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent(target)}; Path=/; Max-Age=900; SameSite=Strict`;
  await signOutThen(signOutOfPlatform, () => window.location.assign(APP_PATHS.login));
  throw new NotAuthenticatedError();
}
