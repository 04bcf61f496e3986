/** Words for what the identity provider answered, for the person at the form. */
const MESSAGES: Record<string, string> = {
  UsernameExistsException: 'An account with this email already exists. Sign in, or reset its password.',
  CodeMismatchException: 'That code is not right. Check it and try again.',
  ExpiredCodeException: 'That code has expired. Ask for a new one.',
  LimitExceededException: 'Too many attempts. Wait a few minutes, then try again.',
  TooManyRequestsException: 'Too many attempts. Wait a few minutes, then try again.',
  UserNotFoundException: 'No account has this email.',
  NetworkError: 'The identity provider cannot be reached. Check your connection and try again.',
};

/** A sentence for an Amplify or Cognito error; unknown errors keep their own message. */
export function describeAuthError(error: unknown): string {
  if (error instanceof Error) return MESSAGES[error.name] ?? (error.message || 'Something went wrong. Try again.');
  return 'Something went wrong. Try again.';
}
