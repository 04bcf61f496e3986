import type { StoredSignIn } from './authConfiguration.ts';

// Amplify v6 keeps a user pool session in localStorage under this prefix and the app client's id.
const PREFIX = 'CognitoIdentityServiceProvider';

function decodePayload(jwt: string): Record<string, unknown> | undefined {
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What an earlier sign-in left in this browser, read before Amplify is configured. */
export function readStoredSignIn(clientId: string, storage: Storage = window.localStorage): StoredSignIn {
  const user = storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
  if (!user) return { oauthSignIn: false };
  const idToken = storage.getItem(`${PREFIX}.${clientId}.${user}.idToken`);
  let oauthSignIn = false;
  try {
    oauthSignIn =
      (JSON.parse(storage.getItem(`${PREFIX}.${clientId}.${user}.oauthMetadata`) ?? 'null') as { oauthSignIn?: boolean } | null)?.oauthSignIn === true;
  } catch {
    oauthSignIn = false;
  }
  return { ...(idToken ? { idTokenPayload: decodePayload(idToken) } : {}), oauthSignIn };
}

/** Drops the hosted UI's bookkeeping (its sign-in flag and any unfinished flow) for this client. */
export function forgetHostedUiState(clientId: string, storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(`${PREFIX}.${clientId}.`) && /\.(oauthSignIn|inflightOAuth|inflightOAuthDeadline|oauthPKCE|oauthState)$/.test(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Whether this browser has started a hosted UI sign-in that has not come back yet. */
export function hostedUiFlowInFlight(clientId: string, storage: Storage = window.localStorage): boolean {
  return storage.getItem(`${PREFIX}.${clientId}.inflightOAuth`) === 'true';
}
