import { loadSignInFlow } from './loadSignInFlow.ts';

/** The user's preferred MFA method, or 'none'. */
export async function preferredMfa(): Promise<string> {
  const { fetchMFAPreference } = await loadSignInFlow();
  const preference = await fetchMFAPreference();
  return preference.preferred ?? 'none';
}
