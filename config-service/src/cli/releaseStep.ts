import type { ReleaseState } from '@platform/schemas';
import { UsageError } from './publishArgs.ts';
import { type ReleasesClient, ServiceAnswerError, ServiceUnreachableError } from './releasesClient.ts';
import { SignInError } from './signIn.ts';

/** The state as one line: the active release and the pilot, if any. */
export const describeState = (state: ReleaseState) =>
  `active release ${state.active}${state.pilot ? `, pilot ${state.pilot.release} for ${state.pilot.customers.join(', ')}` : ', no pilot'}`;

/**
 * Makes a published release active, or the pilot for `pilot`, decided against the state read before
 * (If-Match): a release someone else activated meanwhile is never overwritten unseen. Prints the
 * outcome as `command` and answers the exit status.
 */
export async function stepRelease(
  client: ReleasesClient,
  step: { release: string; reason: string; pilot: string[] | undefined; state: ReleaseState },
  command: string,
): Promise<number> {
  const { release, reason, pilot, state } = step;
  let after: ReleaseState;
  try {
    after = pilot ? await client.pilot(release, pilot, reason, state.active) : await client.activate(release, reason, state.active);
  } catch (error) {
    if (!(error instanceof ServiceAnswerError) || error.status !== 409) throw error;
    // A conflict's problem carries the state the step was refused against (routes/releases).
    const current = error.problem.current as ReleaseState | undefined;
    console.error(
      `${command}: someone changed the active release meanwhile (this run compared against ${state.active}); now: ${current ? describeState(current) : 'not said'}. ` +
        `Release ${release} is published but not ${pilot ? 'piloted' : 'active'}; run again to see the difference from the current one.`,
    );
    return 1;
  }
  console.log(
    pilot
      ? `pilot: release ${after.pilot?.release ?? '(none)'} for ${after.pilot?.customers.join(', ') ?? '(nobody)'}; active release ${after.active}`
      : `active release: ${after.active}`,
  );
  return 0;
}

/**
 * What a publishing command prints when it stops on an error, and its exit status: 2 for a wrong
 * command line (with the usage's first line), 1 for anything else, in one line without a stack. `hints`
 * replace what a 401 or 403 is said to mean, for a command not signed in as staff.
 */
export function failure(command: string, usage: string, error: unknown, hints?: { 401: string; 403: string }): number {
  if (error instanceof UsageError) {
    console.error(`${command}: ${error.message}\n${usage.split('\n')[0]}\n(--help for the options)`);
    return 2;
  }
  if (error instanceof ServiceAnswerError) {
    const hint =
      hints && (error.status === 401 || error.status === 403)
        ? hints[error.status]
        : error.status === 401
          ? " (the ID token was refused: expired, or not from this service's user pool?)"
          : error.status === 403
            ? ' (the signed-in user is not staff)'
            : '';
    console.error(`${command}: ${error.message}${hint}`);
    return 1;
  }
  if (error instanceof ServiceUnreachableError || error instanceof SignInError) {
    console.error(`${command}: ${error.message}`);
    return 1;
  }
  // A folder that cannot be read, a release the service sent that does not validate here: one line, no stack.
  console.error(`${command}: ${(error as Error).message.split('\n')[0]}`);
  return 1;
}
