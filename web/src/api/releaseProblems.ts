import type { ManifestFileProblem, ReleaseState } from '@platform/schemas';
import { isApiError } from './apiErrors.ts';

/** The state a step was refused against (409: someone else took a step meanwhile); undefined for any other failure. */
export function conflictingState(error: unknown): ReleaseState | undefined {
  if (!isApiError(error, 409)) return undefined;
  return (error.problem as { current?: ReleaseState } | undefined)?.current;
}

/** A refused manifest set's problems: the first the service lists (at most 100), and how many more it counted. */
export interface RefusedProblems {
  problems: ManifestFileProblem[];
  more: number;
}

/** The problems of a manifest set the service refused (422); undefined for any other failure. */
export function refusedProblems(error: unknown): RefusedProblems | undefined {
  if (!isApiError(error, 422)) return undefined;
  const problem = error.problem as { problems?: ManifestFileProblem[]; moreProblems?: number } | undefined;
  return problem?.problems && { problems: problem.problems, more: problem.moreProblems ?? 0 };
}
