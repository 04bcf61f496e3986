import type { SignInOutput } from 'aws-amplify/auth';
import { loadSignInFlow } from '../../auth/loadSignInFlow.ts';

/** What Amplify says sign-in needs next. */
export type NextSignInStep = SignInOutput['nextStep'];

/** A second factor Amplify names: 'TOTP', 'SMS' or 'EMAIL'. */
export type MfaMethod = NonNullable<Extract<NextSignInStep, { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' }>['allowedMFATypes']>[number];

/** The authenticator key Amplify gives at CONTINUE_SIGN_IN_WITH_TOTP_SETUP. */
export type TotpSetupDetails = Extract<NextSignInStep, { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' }>['totpSetupDetails'];

/** What every step screen is given: the user's email, and where the answer of its call goes. */
export interface StepProps {
  email: string;
  /** Takes Amplify's answer to the step's call, which may be signed in or another step. */
  onResult: (result: SignInOutput) => Promise<void>;
}

/** Answers the current challenge with `response` (a code, a password, a chosen method) through Amplify. */
export async function answerChallenge(response: string, userAttributes?: Record<string, string>): Promise<SignInOutput> {
  const { confirmSignIn } = await loadSignInFlow();
  return confirmSignIn({ challengeResponse: response, ...(userAttributes ? { options: { userAttributes } } : {}) });
}
