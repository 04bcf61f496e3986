import { findRoute, type UserManifest } from '@platform/schemas';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import type { ManifestSet } from './loadManifestSet.ts';
import { viewFor } from './buildUserManifest.ts';

/** The shell's route where the user sets up MFA (route-manifests/shell.json). */
const PROFILE_ROUTE = 'profile';

/**
 * The manifest of a user who must use MFA and has none set up yet (decision 0042): the shell, whose
 * frame holds the profile page (where MFA is set up) and sign-out, and nothing else. No module, no
 * dashboard page, no customer: every module is unavailable, and '/' leads to the profile page.
 */
export function mfaPendingManifest(set: ManifestSet, user: VerifiedUser, options: { environment: string; productName: string }): UserManifest {
  const role = user.auth?.role ?? null;
  const shell = viewFor(set, 'shell', role, options.productName);
  const profile = findRoute(shell.routes, PROFILE_ROUTE);
  return {
    version: set.release,
    environment: options.environment,
    customerId: null,
    landing: profile ? { module: shell.key, path: profile.fullPath } : null,
    requireMFA: true,
    mfaPending: true,
    user: { sub: user.sub, role, givenName: user.givenName, familyName: user.familyName, email: user.email, meta: user.meta ?? {} },
    shell,
    dash: { ...viewFor(set, 'dash', role, options.productName), routes: [] },
    modules: [],
    unavailable: set.registry.map((key) => ({
      key,
      name: viewFor(set, key, role, options.productName).name,
      baseUrl: set.modules.get(key)?.baseUrl ?? `/${key}`,
    })),
  };
}
