import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { DEFAULT_PASSWORD_POLICY, newPasswordProblem } from '../../auth/passwordPolicy.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { PasswordRules } from '../shared/PasswordRules.tsx';
import { answerChallenge, type StepProps } from './signInSteps.ts';
import { useAuthAction } from './useAuthAction.ts';

/** Labels of the attributes a pool may ask for with a new password; others show their own name. */
const ATTRIBUTE_LABELS: Record<string, string> = {
  given_name: 'First name',
  family_name: 'Last name',
  name: 'Full name',
  phone_number: 'Phone number',
};

/**
 * CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: the first sign-in of an invited account, with its
 * temporary password, or one an administrator reset. The pool's password rules are shown, and
 * checked here before they are sent; any attribute the pool still needs is asked for too.
 */
export function NewPasswordStep({ missingAttributes = [], onResult }: Pick<StepProps, 'onResult'> & { missingAttributes?: readonly string[] | undefined }) {
  const { data: config } = useQuery(publicConfigQuery);
  const policy = config?.auth.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const { busy, error, setError, run } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const problem = newPasswordProblem(password, String(form.get('confirmPassword') ?? ''), policy);
    if (problem) return setError(problem);
    const attributes = Object.fromEntries(missingAttributes.map((name) => [name, String(form.get(`attribute-${name}`) ?? '').trim()]));
    void run(async () => onResult(await answerChallenge(password, missingAttributes.length ? attributes : undefined)));
  }

  return (
    <>
      <h1>Choose a new password</h1>
      <p className="muted">Your account needs a new password before you can sign in.</p>
      <form onSubmit={submit} className="form">
        {missingAttributes.map((name) => (
          <div key={name}>
            <label htmlFor={`new-password-${name}`}>{ATTRIBUTE_LABELS[name] ?? name}</label>
            <input id={`new-password-${name}`} name={`attribute-${name}`} required />
          </div>
        ))}
        <label htmlFor="new-password">New password</label>
        <input id="new-password" name="password" type="password" autoComplete="new-password" aria-describedby="new-password-rules" required autoFocus />
        <PasswordRules id="new-password-rules" policy={policy} lead="Your password needs:" />
        <label htmlFor="new-password-confirm">Confirm new password</label>
        <input id="new-password-confirm" name="confirmPassword" type="password" autoComplete="new-password" required />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </>
  );
}
