import { useState } from 'react';
import { describeAuthError } from '../../auth/authErrors.ts';

/** Runs one identity-provider call for a form: busy while it runs, a readable error when it fails. */
export function useAuthAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(describeAuthError(caught));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
