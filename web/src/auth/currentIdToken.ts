import { fetchAuthSession } from 'aws-amplify/auth';

/** The signed-in user's current ID token, undefined when signed out; Amplify refreshes it before it expires. */
export async function currentIdToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}
