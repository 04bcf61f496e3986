import { CodeStep } from './CodeStep.tsx';
import { ConfirmSignUpStep } from './ConfirmSignUpStep.tsx';
import { EmailSetupStep } from './EmailSetupStep.tsx';
import { MfaSelectionStep } from './MfaSelectionStep.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';
import type { NextSignInStep, StepProps } from './signInSteps.ts';
import { TotpSetupStep } from './TotpSetupStep.tsx';

/** The steps this platform has a screen for; the rest (custom challenges, passwordless sign-in) it does not use. */
export type ShownStep = Extract<
  NextSignInStep,
  {
    signInStep:
      | 'CONFIRM_SIGN_UP'
      | 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'
      | 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'
      | 'CONFIRM_SIGN_IN_WITH_SMS_CODE'
      | 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'
      | 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'
      | 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION'
      | 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
      | 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP';
  }
>;

const SHOWN: ReadonlySet<string> = new Set<ShownStep['signInStep']>([
  'CONFIRM_SIGN_UP',
  'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
]);

/** Whether this platform has a screen for the step. */
export function isShownStep(step: NextSignInStep): step is ShownStep {
  return SHOWN.has(step.signInStep);
}

interface SignInStepProps extends StepProps {
  step: ShownStep;
  /** The account was confirmed: sign in again with the password already given. */
  onSignUpConfirmed: () => Promise<void>;
  onBack: () => void;
}

/** The screen for one step Amplify asks for between the password and being signed in, with a way back. */
export function SignInStep({ step, email, onResult, onSignUpConfirmed, onBack }: SignInStepProps) {
  return (
    <>
      <StepScreen key={step.signInStep} step={step} email={email} onResult={onResult} onSignUpConfirmed={onSignUpConfirmed} />
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </>
  );
}

function StepScreen({ step, email, onResult, onSignUpConfirmed }: Omit<SignInStepProps, 'onBack'>) {
  const to = (details: { destination?: string | undefined } | undefined) => details?.destination;
  switch (step.signInStep) {
    case 'CONFIRM_SIGN_UP':
      return <ConfirmSignUpStep email={email} fromSignIn onConfirmed={onSignUpConfirmed} />;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return <NewPasswordStep missingAttributes={step.missingAttributes} onResult={onResult} />;
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return <CodeStep title="Enter your authentication code" label="Authentication code" onResult={onResult} />;
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return (
        <CodeStep title="Enter the code we texted you" label="Code from the text message" sentTo={to(step.codeDeliveryDetails)} delivered onResult={onResult} />
      );
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return <CodeStep title="Enter the code we emailed you" label="Code from the email" sentTo={to(step.codeDeliveryDetails)} delivered onResult={onResult} />;
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return <MfaSelectionStep allowed={step.allowedMFATypes} setup={false} onResult={onResult} />;
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return <MfaSelectionStep allowed={step.allowedMFATypes} setup onResult={onResult} />;
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return <TotpSetupStep details={step.totpSetupDetails} email={email} onResult={onResult} />;
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return <EmailSetupStep email={email} onResult={onResult} />;
  }
}
