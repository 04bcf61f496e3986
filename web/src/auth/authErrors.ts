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

const OUTAGE = 'The identity provider is not answering right now. Try again in a moment.';

/**
 * Whether the identity provider, or a gateway in front of it, failed rather than refused: a 5xx
 * answer, or a page where its JSON should be (Amplify then raises the parser's SyntaxError, whose
 * "Unexpected token '<'" means nothing to the person at the form).
 */
function isIdentityProviderOutage(error: unknown): error is Error {
  if (error instanceof SyntaxError) return true;
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
  return error instanceof Error && typeof status === 'number' && status >= 500;
}

/** A sentence for an Amplify or Cognito error; unknown errors keep their own message. */
export function describeAuthError(error: unknown): string {
  if (error instanceof Error && MESSAGES[error.name]) return MESSAGES[error.name] as string;
  if (isIdentityProviderOutage(error)) return OUTAGE;
  if (error instanceof Error) return error.message || 'Something went wrong. Try again.';
  return 'Something went wrong. Try again.';
}
