import type { Release, ReleaseFiles, ReleaseState } from '@platform/schemas';
import { conflictingState } from '../../api/releaseProblems.ts';
import { activateRelease, publishRelease } from '../../api/releases.ts';

/** Publishing stored the draft as a release, but someone had activated another release since the draft's base: nothing was activated. */
class ActivationConflict extends Error {
  readonly code = 'WEB_ERR_ACTIVATION_CONFLICT';
  constructor(
    readonly release: Release,
    readonly current: ReleaseState,
  ) {
    super(`release ${current.active} was made active meanwhile; ${release.id} was stored but not activated`);
    this.name = 'ActivationConflict';
  }
}

export function isActivationConflict(error: unknown): error is ActivationConflict {
  return error instanceof ActivationConflict;
}

/**
 * Publishes a draft: stores it as a release (the service checks it as it checks the folder), then
 * makes it active on condition that the draft's base still is: If-Match is the base, so a release
 * someone activated meanwhile is never overwritten unseen.
 */
export async function publishAndActivate(files: ReleaseFiles, reason: string, base: string): Promise<{ release: Release; state: ReleaseState }> {
  const release = await publishRelease(files, reason);
  try {
    return { release, state: await activateRelease(release.id, reason, base) };
  } catch (error) {
    const current = conflictingState(error);
    throw current ? new ActivationConflict(release, current) : error;
  }
}
