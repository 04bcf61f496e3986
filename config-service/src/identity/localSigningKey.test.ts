import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LOCAL_IDP_KEY_THUMBPRINT, rsaThumbprint } from './localSigningKey.ts';

describe('LOCAL_IDP_KEY_THUMBPRINT', () => {
  it('is the thumbprint of the key cognito-local publishes in its package', () => {
    const published = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { e: string; n: string } };
    expect(rsaThumbprint(published.jwk)).toBe(LOCAL_IDP_KEY_THUMBPRINT);
  });
});
