import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { PlatformError } from '../../errors.ts';

/** Cognito's words for an access token it will not act on. */
type Refusal = 'Invalid Access Token' | 'Access Token has expired';

/** Judges a request's AccessToken: undefined when the pool would act on it, else Cognito's refusal. */
export type AccessTokenCheck = (token: unknown) => Promise<Refusal | undefined>;

/**
 * Checks an access token as a user pool does before it acts for the token's user. cognito-local only
 * decodes it and looks the user up by its `sub` (an email will do), so a token anyone writes, unsigned,
 * would set up an authenticator or change the MFA of any account. Here it must carry the local pool's
 * RS256 signature (its published key set), its issuer, `token_use: access`, the web app's client and an
 * `exp` not passed (decision 0053).
 */
export function localAccessTokens(pool: { upstream: string; userPoolId: string; clientId: string }): AccessTokenCheck {
  const issuer = `${pool.upstream}/${pool.userPoolId}`;
  const keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async (token) => {
    if (typeof token !== 'string') return 'Invalid Access Token';
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, algorithms: ['RS256'], requiredClaims: ['exp', 'sub'] });
      return payload.token_use === 'access' && payload.client_id === pool.clientId ? undefined : 'Invalid Access Token';
    } catch (error) {
      if (error instanceof errors.JWTExpired) return 'Access Token has expired';
      // The emulator not giving its keys is not the token's fault.
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError)) {
        throw new PlatformError('CFG_ERR_IDENTITY_PROVIDER', 'the local identity provider did not give its signing keys', { cause: error });
      }
      return 'Invalid Access Token';
    }
  };
}
