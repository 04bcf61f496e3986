import { lacksCustomer, STAFF_ROLE, type AuthClaim } from '@platform/schemas';
import type { ManifestSet } from './loadManifestSet.ts';

/** Which rule settled whether a module is in a user's manifest. */
export type DecidingRule = 'claim' | 'role' | 'environment' | 'exposure' | 'customer';

export interface ModuleDecision {
  key: string;
  included: boolean;
  rule: DecidingRule;
  reason: string;
}

export interface ExposureContext {
  environment: string;
  /** Whether the customer in context has the module switched on; undefined: no customer switches apply. */
  customerEnabled?: (key: string) => boolean | undefined;
}

/** Whether the user's claims name the module (spec section 6: staff without a list get all). */
function claimed(auth: AuthClaim | undefined, listed: ReadonlySet<string>, key: string): boolean {
  if (!auth) return false;
  if (auth.role === STAFF_ROLE && auth.modules === undefined) return true;
  return listed.has(key);
}

/**
 * For every registered module, in registry order, whether the user gets it and which rule decided:
 * their claims first, then the manifest's exposure (environment, then role), then the customer's
 * switch. A module is in only when every rule lets it through.
 */
export function decideModules(set: ManifestSet, auth: AuthClaim | undefined, context: ExposureContext): ModuleDecision[] {
  // A set of the claimed modules, so deciding stays linear in the registry however long the list.
  const listed = new Set(auth?.modules ?? []);
  const noCustomer = lacksCustomer(auth);
  return set.registry.map((key) => {
    const exposure = set.modules.get(key)?.exposure;
    const role = auth?.role ?? null;
    if (!claimed(auth, listed, key)) {
      const reason = !auth ? 'the token carries no authorisation claim' : `the claims do not list '${key}'`;
      return { key, included: false, rule: 'claim', reason };
    }
    // No customer means no customer's switches to apply: for anyone but staff that must close, not open.
    if (noCustomer) return { key, included: false, rule: 'customer', reason: 'the claim names no customer, so only dash is served' };
    if (exposure?.environments && !exposure.environments.includes(context.environment)) {
      return { key, included: false, rule: 'environment', reason: `exposed only in ${exposure.environments.join(', ')}, not in ${context.environment}` };
    }
    if (exposure?.roles && (role === null || !exposure.roles.includes(role))) {
      return {
        key,
        included: false,
        rule: 'role',
        reason: `exposed only to role${exposure.roles.length === 1 ? '' : 's'} ${exposure.roles.join(', ') || '(none)'}`,
      };
    }
    if (context.customerEnabled?.(key) === false) {
      return { key, included: false, rule: 'customer', reason: `switched off for the customer` };
    }
    if (exposure?.roles || exposure?.environments) return { key, included: true, rule: 'exposure', reason: 'claimed, and the exposure rules allow it' };
    return { key, included: true, rule: 'claim', reason: auth?.modules === undefined ? 'staff see every module' : `the claims list '${key}'` };
  });
}
