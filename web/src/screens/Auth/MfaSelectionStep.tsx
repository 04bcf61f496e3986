import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { answerChallenge, type MfaMethod, type StepProps } from './signInSteps.ts';
import { useAuthAction } from './useAuthAction.ts';

const METHODS: Record<MfaMethod, string> = {
  TOTP: 'Authenticator app',
  SMS: 'Text message',
  EMAIL: 'Email',
};

interface MfaSelectionStepProps extends Pick<StepProps, 'onResult'> {
  allowed: readonly MfaMethod[] | undefined;
  /** CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION: the pool requires MFA and the user has none yet. */
  setup: boolean;
}

/**
 * CONTINUE_SIGN_IN_WITH_MFA_SELECTION (the user has more than one second factor) and
 * CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION (the pool requires one the user must first set up):
 * one button per method the pool allows.
 */
export function MfaSelectionStep({ allowed, setup, onResult }: MfaSelectionStepProps) {
  const { busy, error, run } = useAuthAction();
  const methods = (allowed?.length ? allowed : (['TOTP', 'SMS'] as const)).filter((method) => method in METHODS);
  return (
    <>
      <h1>{setup ? 'Set up multi-factor authentication' : 'Choose how to confirm it’s you'}</h1>
      <p className="muted">{setup ? 'This platform requires a second step at sign-in. Choose the one to set up.' : 'Choose where to get your sign-in code.'}</p>
      <fieldset className="form choices">
        <legend>{setup ? 'Method to set up' : 'Confirm with'}</legend>
        {methods.map((method) => (
          <button key={method} type="button" disabled={busy} onClick={() => void run(async () => onResult(await answerChallenge(method)))}>
            {METHODS[method]}
          </button>
        ))}
      </fieldset>
      <ErrorNotice error={error} />
    </>
  );
}
