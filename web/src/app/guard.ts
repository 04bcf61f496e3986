import { isDemoOrLocal, type Access, type UserManifest } from '@platform/schemas';
import { safeRedirect } from './safeRedirect.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';

/** Why a redirect was made, carried in the router's state so the page it ends on can say so. */
export interface DeniedModule {
  /** The module's key, looked up again in the manifest where the notice is shown. */
  key: string;
  /** The address the user asked for. */
  path: string;
}

export type GuardDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string; denied?: DeniedModule };

export interface GuardInput {
  pathname: string;
  search: string;
  /** Our origin: the only one a redirect after sign-in may lead to. */
  origin: string;
  /** The address a forced login stored, if any. */
  redirectCookie?: string | undefined;
  /** Access rule of the route the address matches; 'signedIn' when none says otherwise. */
  access: Access;
  environment: string;
  /** undefined while the session is being checked. */
  signedIn: boolean | undefined;
  /** The user's manifest, once loaded. */
  manifest: UserManifest | undefined;
  /** The user chose the dashboard (its entry in the top bar): '/' shows it rather than the landing page. */
  dashboardChosen?: boolean;
}

const render: GuardDecision = { kind: 'render' };
const wait: GuardDecision = { kind: 'wait' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/**
 * The navigation state of the top bar's Dashboard entry. State rather than an address of its own: '/'
 * stays the one address of the welcome page, and opened or shared as an address it goes on to the
 * landing page as spec section 4 says; only the entry, and going back or reloading there, keep it.
 */
export const DASHBOARD_STATE = { dashboard: true } as const;

/** The module a guard redirect turned the user away from, if this location's state carries one. */
export function deniedModule(state: unknown): DeniedModule | undefined {
  const denied = (state as { denied?: Partial<DeniedModule> } | null)?.denied;
  return typeof denied?.key === 'string' && typeof denied.path === 'string' ? { key: denied.key, path: denied.path } : undefined;
}

/** Whether a location's navigation state is the Dashboard entry's. */
export const choseDashboard = (state: unknown): boolean => (state as Partial<typeof DASHBOARD_STATE> | null)?.dashboard === true;

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The sign-in address that brings the user back to where they meant to go. */
export function loginFor(pathname: string, search: string): string {
  const intended = `${pathname}${search}`;
  return intended === APP_PATHS.root ? APP_PATHS.login : `${APP_PATHS.login}?redirect=${encodeURIComponent(intended)}`;
}

/**
 * The navigation guard of spec section 4, as a pure function of where the user is going and what
 * is known about them. It runs on every navigation.
 */
export function decide(input: GuardInput): GuardDecision {
  const { pathname, search, access, signedIn, manifest } = input;
  switch (access) {
    case 'public':
      return render;
    case 'guest':
      if (signedIn === undefined) return wait;
      // Signed in on a sign-in page: on to where they meant to go, which is '/' unless a safe
      // same-origin address was carried here, in the query or in the forced-login cookie.
      if (!signedIn) return render;
      return redirect(
        safeRedirect(new URLSearchParams(search).get('redirect'), input.origin) ?? safeRedirect(input.redirectCookie, input.origin) ?? APP_PATHS.root,
      );
    case 'demoOrLocal':
      if (!isDemoOrLocal(input.environment)) return redirect(APP_PATHS.login);
      if (signedIn === undefined) return wait;
      return signedIn ? render : redirect(APP_PATHS.login);
    case 'signedIn':
      break;
  }
  if (signedIn === undefined) return wait;
  if (!signedIn) return redirect(loginFor(pathname, search));
  if (!manifest) return wait;
  const unavailable = manifest.unavailable.find((m) => within(pathname, m.baseUrl));
  // Still '/' (spec section 4), then the landing page; the reason goes along in state, not the address.
  if (unavailable) return { kind: 'redirect', to: APP_PATHS.root, denied: { key: unavailable.key, path: pathname } };
  // The service says whether MFA is still to be set up (it asked the identity provider), and serves
  // nothing but the profile page until it is: the browser's own reading of the user is not asked.
  if (manifest.mfaPending && pathname !== APP_PATHS.profile) return redirect(`${APP_PATHS.profile}?require=mfa`);
  if (pathname === APP_PATHS.root && !input.dashboardChosen && manifest.landing && manifest.landing.path !== APP_PATHS.root)
    return redirect(manifest.landing.path);
  return render;
}
