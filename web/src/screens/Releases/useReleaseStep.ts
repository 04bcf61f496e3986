import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReleaseState } from '@platform/schemas';
import { changesWithSteps, RELEASES_KEY } from '../../api/releaseKeys.ts';
import { conflictingState } from '../../api/releaseProblems.ts';
import { failureText } from '../../ui/errorText.ts';

/** What a refused step tells the operator: who is served what now, and that nothing was overwritten. */
function stepFailure(error: Error): string {
  const current = conflictingState(error);
  if (!current) return failureText('Could not take the step', error);
  const pilot = current.pilot ? `; release ${current.pilot.release} is piloted with ${current.pilot.customers.join(', ')}` : '; there is no pilot';
  return `Someone else changed the releases meanwhile: ${current.active} is active now${pilot}. Nothing was changed: look again and decide.`;
}

/**
 * A step on the releases (activate, pilot, promote, end): toasts the outcome and, success or
 * conflict, refreshes the list and audit so they show what the service holds now.
 */
export function useReleaseStep<V>(step: (variables: V) => Promise<ReleaseState>, done: (variables: V, state: ReleaseState) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: (state, variables) => void toast.success(done(variables, state)),
    onError: (error) => void toast.error(stepFailure(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_KEY, predicate: changesWithSteps }),
  });
}
