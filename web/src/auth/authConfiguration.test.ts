import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@platform/schemas';
import { amplifyAuthConfig, chooseAuthConfiguration, isFederatedIdentity } from './authConfiguration.ts';

const auth: PublicConfig['auth'] = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: '/idp',
  authFlowType: 'USER_PASSWORD_AUTH',
  oauth: { domain: '', scopes: ['openid'], responseType: 'code' },
  passwordPolicy: null,
};
const signedOut = { oauthSignIn: false };

describe('chooseAuthConfiguration (spec section 4, step 1)', () => {
  it('takes the user pool configuration when nothing points to single sign-on', () => {
    expect(chooseAuthConfiguration({ search: '', stored: signedOut, ssoAvailable: true })).toBe('userPool');
    expect(chooseAuthConfiguration({ search: '?redirect=%2Fx', stored: { idTokenPayload: { sub: 'u' }, oauthSignIn: false }, ssoAvailable: true })).toBe(
      'userPool',
    );
  });

  it('takes single sign-on when a sign-in code is in the query', () => {
    expect(chooseAuthConfiguration({ search: '?code=abc&state=s', stored: signedOut, ssoAvailable: true })).toBe('singleSignOn');
  });

  it('takes single sign-on when the stored token identifies a federated identity', () => {
    const idTokenPayload = { sub: 'u', identities: [{ providerName: 'CorpAD', providerType: 'SAML', userId: 'u@corp' }] };
    expect(chooseAuthConfiguration({ search: '', stored: { idTokenPayload, oauthSignIn: false }, ssoAvailable: true })).toBe('singleSignOn');
  });

  it('takes single sign-on when the stored tokens came through the hosted UI', () => {
    expect(chooseAuthConfiguration({ search: '', stored: { idTokenPayload: { sub: 'u' }, oauthSignIn: true }, ssoAvailable: true })).toBe('singleSignOn');
  });

  it('stays with the user pool when the platform offers no single sign-on', () => {
    expect(chooseAuthConfiguration({ search: '?code=abc', stored: { oauthSignIn: true }, ssoAvailable: false })).toBe('userPool');
  });
});

describe('isFederatedIdentity', () => {
  it('needs a non-empty identities claim', () => {
    expect(isFederatedIdentity(undefined)).toBe(false);
    expect(isFederatedIdentity({ identities: [] })).toBe(false);
    expect(isFederatedIdentity({ identities: 'CorpAD' })).toBe(false);
    expect(isFederatedIdentity({ identities: [{ providerName: 'CorpAD' }] })).toBe(true);
  });
});

describe('amplifyAuthConfig', () => {
  it('resolves a relative identity provider endpoint against the page origin', () => {
    const config = amplifyAuthConfig(auth, 'userPool', 'http://127.0.0.1:8080');
    expect(config.Cognito).toMatchObject({ userPoolEndpoint: 'http://127.0.0.1:8080/idp', userPoolClientId: 'client' });
    expect(config.Cognito?.loginWith?.oauth).toBeUndefined();
  });

  it('adds the code flow with scope openid, returning to this origin, for single sign-on', () => {
    const config = amplifyAuthConfig(auth, 'singleSignOn', 'http://localhost:8080');
    expect(config.Cognito?.loginWith?.oauth).toEqual({
      domain: 'localhost:8080',
      scopes: ['openid'],
      responseType: 'code',
      redirectSignIn: ['http://localhost:8080/login/singleSignOn'],
      redirectSignOut: ['http://localhost:8080/login'],
    });
  });

  it("uses a real pool's hosted UI domain and no custom endpoint", () => {
    const real = { ...auth, userPoolEndpoint: null, oauth: { domain: 'auth.example.com', scopes: ['openid'], responseType: 'code' as const } };
    const config = amplifyAuthConfig(real, 'singleSignOn', 'https://platform.example.com');
    expect(config.Cognito).not.toHaveProperty('userPoolEndpoint');
    expect(config.Cognito?.loginWith?.oauth?.domain).toBe('auth.example.com');
  });
});
