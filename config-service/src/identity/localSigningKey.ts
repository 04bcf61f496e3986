import { createHash, type JsonWebKey } from 'node:crypto';

/**
 * RFC 7638 thumbprint of the signing key that cognito-local publishes inside its npm package.
 * Anyone can sign tokens with it, so unless the local identity provider is the one trusted, a
 * key with this thumbprint is refused even if a misconfigured JWKS offers it. A test keeps it
 * in step with the package.
 */
export const LOCAL_IDP_KEY_THUMBPRINT = 'jS8J3RuOy291lpsiFe2NfKV6VkdfMF4Q_840qOLXAjs';

/** RFC 7638 SHA-256 thumbprint of an RSA public JWK. */
export function rsaThumbprint(jwk: Pick<JsonWebKey, 'e' | 'n'>): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
}
