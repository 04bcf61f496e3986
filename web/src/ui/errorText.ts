/** What a user reads when an error has no words of its own, or is not an Error at all. */
const UNKNOWN = 'something went wrong; try again';

/**
 * The words a user is shown for an error, whatever raised it: a sentence already written for the
 * user as it is, an Error's message (the API client's errors carry the service's `detail`), and for
 * anything else a plain sentence instead of "undefined" or "[object Object]". Written to follow
 * "what could not be done: " (see `failureText`), so it starts in lower case unless a sentence was given.
 */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error || UNKNOWN;
  if (error instanceof Error && error.message.trim()) return error.message;
  return UNKNOWN;
}

/** One failure in one shape, in a toast or a notice: "Could not rename Acme: the name is taken". */
export const failureText = (what: string, error: unknown) => `${what}: ${errorText(error)}`;
