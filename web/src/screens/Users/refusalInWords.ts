import { isApiError } from '../../api/apiErrors.ts';

/** Whom to ask when the platform's own set-up at the identity provider is at fault. */
const OPERATORS = 'ask the people who run the platform to check';

/**
 * The identity provider's error names (Cognito's, which the local provider copies) a staff member
 * can act on, as plain words. Each follows "Could not disable Erin Engineer: ". A name missing here
 * shows the provider's own words instead.
 */
const PROVIDER_ERRORS: Record<string, string | ((words: string) => string)> = {
  UnsupportedUserStateException:
    "the user's account is not in a state that allows this; the invitation, for one, can be sent again only until their first sign-in",
  InvalidParameterException: (words) => `the identity provider refused one of the values it was given (it said: "${words}")`,
  CodeDeliveryFailureException: 'the identity provider could not deliver the e-mail; check the address and try again',
  LimitExceededException: 'the identity provider takes no more of these for now; wait a few minutes and try again',
  NotAuthorizedException: `the identity provider does not let the platform do this; ${OPERATORS} its permissions there`,
  AccessDeniedException: `the identity provider does not let the platform do this; ${OPERATORS} its permissions there`,
  InvalidEmailRoleAccessPolicyException: `the identity provider may not send e-mail for the platform; ${OPERATORS} its e-mail settings`,
  InvalidSmsRoleAccessPolicyException: `the identity provider may not send text messages for the platform; ${OPERATORS} its SMS settings`,
  InvalidSmsRoleTrustRelationshipException: `the identity provider may not send text messages for the platform; ${OPERATORS} its SMS settings`,
  UserLambdaValidationException: (words) => `a check the identity provider runs on users refused it (it said: "${words}")`,
  UnexpectedLambdaException: `a check the identity provider runs on users failed; try again, and if it fails again ${OPERATORS} that check`,
  InvalidLambdaResponseException: `a check the identity provider runs on users failed; try again, and if it fails again ${OPERATORS} that check`,
  PreconditionNotMetException: 'the user changed at the identity provider meanwhile; close this and try again',
};

/**
 * What a refusal of the user-management API means, in words staff understand (issue 35): the known
 * refusals as plain sentences, and the error itself (its own words, through `errorText`) otherwise.
 * The service puts the provider's words after "cannot <action>: " in `detail` (decision 0049); only
 * those words are repeated, since the dialog or form already says what could not be done.
 */
export function refusalInWords(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const problem = error.problem as { providerError?: unknown; detail?: string } | undefined;
  if (error.code === 'CFG_ERR_USER_EXISTS') return 'a user with this e-mail address already exists: find them in the list, or invite another address';
  if (error.code === 'CFG_ERR_USER_SELF_CHANGE')
    return 'no administrator changes their own role, customer, modules or MFA, nor disables themselves: ask another administrator';
  if (error.code === 'CFG_ERR_IDENTITY_PROVIDER_TIMEOUT')
    return 'the identity provider did not answer in time: open the user again to see whether the change was made, then try again';
  if (error.code === 'CFG_ERR_CUSTOMER_UNKNOWN') return 'the platform holds no such customer: add it in Settings → Customers first, or choose another customer';
  if (error.code !== 'CFG_ERR_IDENTITY_PROVIDER_REFUSED') return error;
  const words = (problem?.detail ?? '').replace(/^cannot [^:]*: /, '');
  const name = problem?.providerError;
  // Own names only: "constructor" is no provider error.
  const known = typeof name === 'string' && Object.hasOwn(PROVIDER_ERRORS, name) ? PROVIDER_ERRORS[name] : undefined;
  if (typeof known === 'function') return known(words);
  return known ?? `the identity provider refused it (it said: "${words || String(name ?? 'no reason given')}")`;
}
