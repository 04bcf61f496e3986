import type { ManifestFileProblem, ReleaseState } from '@platform/schemas';
import { isApiError } from './apiErrors.ts';

/** The state a step was refused against (409: someone else took a step meanwhile); undefined for any other failure. */
export function conflictingState(error: unknown): ReleaseState | undefined {
  if (!isApiError(error, 409)) return undefined;
  return (error.problem as { current?: ReleaseState } | undefined)?.current;
}

/** Every problem of a manifest set the service refused (422); undefined for any other failure. */
export function refusedProblems(error: unknown): ManifestFileProblem[] | undefined {
  if (!isApiError(error, 422)) return undefined;
  return (error.problem as { problems?: ManifestFileProblem[] } | undefined)?.problems;
}
