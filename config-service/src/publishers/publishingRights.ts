import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { PlatformError } from '../errors.ts';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';

/**
 * What a caller restricted to publishing may do (issue 38, decision 0086): a publish token of a trusted
 * publisher, or a staff member whose claim lists modules. Upload bundles of `modules`, and publish,
 * activate, pilot, promote and end the pilot of a release that differs from the active one only in
 * those modules' `bundle`; nothing else.
 */
export interface PublishingRights {
  modules: readonly string[];
  /** The trusted publisher acting, for a publish token; unset for a restricted staff member. */
  publisher?: { id: string; subject: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller may only publish: by `app.authenticate` for a publish token, by the admin API for restricted staff. */
    publishing: PublishingRights | undefined;
  }
  interface FastifyContextConfig {
    /** The route is a publishing step (or a read it needs): a caller restricted to publishing may reach its handler, which checks the rest. */
    publishStep?: boolean;
  }
}

const WHAT_MAY = 'only upload bundles of its modules, and publish, pilot, promote or end the pilot of releases that change nothing but their bundles';

/** A 403 for a caller restricted to publishing (by a publish token, or as staff restricted to some modules) at a route that is not a publishing step. */
export const notAPublishingStep = (byPublishToken: boolean) =>
  new PlatformError('CFG_ERR_PUBLISHING_ONLY', `${byPublishToken ? 'a publish token' : 'a staff member restricted to some modules'} may ${WHAT_MAY}`);

/** Refuses (403) a restricted caller a module that is not one of theirs; anyone else passes. */
export function requireOwnModule(request: FastifyRequest, key: string): void {
  const rights = request.publishing;
  if (rights && !rights.modules.includes(key))
    throw new PlatformError('CFG_ERR_PUBLISHING_ONLY', `you may publish ${rights.modules.join(', ') || 'no module'}, not ${key}`);
}

const withoutBundle = (content: object) => Object.fromEntries(Object.entries(content).filter(([name]) => name !== 'bundle'));
const keyOf = (content: unknown) => (content && typeof content === 'object' && 'key' in content ? (content as { key: unknown }).key : undefined);

/** The files of `after` that change more than `modules`' bundle against `before`, in name order. */
function changedBeyondBundles(before: ManifestSet, after: ManifestSet, modules: readonly string[]): string[] {
  const names = [...new Set([...Object.keys(before.contents), ...Object.keys(after.contents)])].sort();
  return names.filter((name) => {
    const [was, is] = [before.contents[name], after.contents[name]];
    if (isDeepStrictEqual(was, is)) return false;
    const key = keyOf(was);
    // Only a module's own manifest, the same module before and after, one of the caller's, with nothing but `bundle` changed.
    const bundleOnly =
      typeof key === 'string' && key === keyOf(is) && modules.includes(key) && isDeepStrictEqual(withoutBundle(was as object), withoutBundle(is as object));
    return !bundleOnly;
  });
}

/**
 * Refuses (403) a restricted caller a release (`after`) that changes more than their modules' bundles
 * against the active release (`before`); anyone else passes.
 */
export function requireBundleOnlyChange(request: FastifyRequest, before: ManifestSet, after: ManifestSet): void {
  const rights = request.publishing;
  if (!rights) return;
  const beyond = changedBeyondBundles(before, after, rights.modules);
  if (beyond.length)
    throw new PlatformError(
      'CFG_ERR_PUBLISHING_ONLY',
      `release ${after.release} changes more than the bundle of ${rights.modules.join(', ')} against the active release ${before.release} (${beyond.join(', ')}); you may ${WHAT_MAY.replace('its modules', 'your modules')}`,
      { extensions: { files: beyond } },
    );
}
