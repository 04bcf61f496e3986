import { describe, expect, it } from 'vitest';
import { forgetHostedUiState, hostedUiFlowInFlight, readStoredSignIn } from './storedSignIn.ts';

/** An in-memory Storage, the shape localStorage has. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
const P = 'CognitoIdentityServiceProvider.client';

describe('readStoredSignIn', () => {
  it('finds nothing in a browser nobody signed in on', () => {
    expect(readStoredSignIn('client', memoryStorage())).toEqual({ oauthSignIn: false });
  });

  it("reads the last user's ID token and whether it came through the hosted UI", () => {
    const storage = memoryStorage({
      [`${P}.LastAuthUser`]: 'u1',
      [`${P}.u1.idToken`]: jwt({ sub: 'u1', given_name: 'Zoë', identities: [{ providerName: 'CorpAD' }] }),
      [`${P}.u1.oauthMetadata`]: '{"oauthSignIn":true}',
    });
    expect(readStoredSignIn('client', storage)).toEqual({
      idTokenPayload: { sub: 'u1', given_name: 'Zoë', identities: [{ providerName: 'CorpAD' }] },
      oauthSignIn: true,
    });
  });

  it('survives a damaged token or metadata', () => {
    const storage = memoryStorage({ [`${P}.LastAuthUser`]: 'u1', [`${P}.u1.idToken`]: 'garbage', [`${P}.u1.oauthMetadata`]: '{' });
    expect(readStoredSignIn('client', storage)).toEqual({ idTokenPayload: undefined, oauthSignIn: false });
  });
});

describe('hosted UI bookkeeping', () => {
  it('knows when a flow is under way and forgets only its own keys', () => {
    const storage = memoryStorage({
      [`${P}.inflightOAuth`]: 'true',
      [`${P}.oauthSignIn`]: 'true,false',
      [`${P}.oauthPKCE`]: 'verifier',
      [`${P}.u1.idToken`]: 'token',
      'CognitoIdentityServiceProvider.other.oauthSignIn': 'true,false',
    });
    expect(hostedUiFlowInFlight('client', storage)).toBe(true);
    forgetHostedUiState('client', storage);
    expect(hostedUiFlowInFlight('client', storage)).toBe(false);
    expect(storage.getItem(`${P}.oauthSignIn`)).toBeNull();
    expect(storage.getItem(`${P}.oauthPKCE`)).toBeNull();
    expect(storage.getItem(`${P}.u1.idToken`)).toBe('token');
    expect(storage.getItem('CognitoIdentityServiceProvider.other.oauthSignIn')).toBe('true,false');
  });
});
