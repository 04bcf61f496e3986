/** The operations that confirm something with a code the pool sent, and the field that carries it. */
const CONFIRMATION_CODE_FIELDS: ReadonlyMap<string, string> = new Map([
  ['ConfirmSignUp', 'ConfirmationCode'],
  ['ConfirmForgotPassword', 'ConfirmationCode'],
]);

/** The challenges answered with a code the pool sent (or the authenticator made), and the response that carries it. */
const CHALLENGE_CODE_RESPONSES: ReadonlyMap<string, string> = new Map([
  ['SMS_MFA', 'SMS_MFA_CODE'],
  ['SOFTWARE_TOKEN_MFA', 'SOFTWARE_TOKEN_MFA_CODE'],
  ['EMAIL_OTP', 'EMAIL_OTP_CODE'],
]);

/** A code as Cognito's API model takes it: a string of 1 to 2048 characters, none of them white space. */
const CODE = /^\S{1,2048}$/;

/**
 * Why a confirmation or a challenge answer is refused for want of a code, in Cognito's words for an
 * InvalidParameterException, or undefined when it carries one (or needs none). cognito-local compares
 * the code given with the one it keeps, so a call without one matched an account with nothing pending:
 * a ConfirmForgotPassword without ConfirmationCode set the staff account's password (issue 34).
 */
export function missingCode(operation: string, input: Record<string, unknown>): string | undefined {
  const field = CONFIRMATION_CODE_FIELDS.get(operation);
  if (field) {
    const code = input[field];
    if (typeof code === 'string' && CODE.test(code)) return undefined;
    const member = `${field.charAt(0).toLowerCase()}${field.slice(1)}`;
    return code === undefined || code === null
      ? `1 validation error detected: Value null at '${member}' failed to satisfy constraint: Member must not be null`
      : `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\S]+`;
  }
  if (operation !== 'RespondToAuthChallenge') return undefined;
  const response = CHALLENGE_CODE_RESPONSES.get(String(input.ChallengeName));
  const code = response ? (input.ChallengeResponses as Record<string, unknown> | undefined)?.[response] : undefined;
  return response && !(typeof code === 'string' && CODE.test(code)) ? `Missing required parameter ${response}` : undefined;
}
