import { describe, expect, it } from 'vitest';
import { browserOperation, refusedAttributeWrite } from './localIdpRoutes.ts';

describe('browserOperation', () => {
  it('names the operations the web app calls, given the whole target exactly', () => {
    expect(browserOperation('AWSCognitoIdentityProviderService.InitiateAuth')).toBe('InitiateAuth');
    expect(browserOperation('AWSCognitoIdentityProviderService.SignUp')).toBe('SignUp');
    expect(browserOperation('AWSCognitoIdentityProviderService.GetTokensFromRefreshToken')).toBe('GetTokensFromRefreshToken');
  });

  it.each([
    // cognito-local routes on the second part: each of these would be SignUp or InitiateAuth to it.
    'AWSCognitoIdentityProviderService.SignUp.x',
    'AWSCognitoIdentityProviderService.InitiateAuth.AdminCreateUser',
    'x.SignUp',
    'awscognitoidentityproviderservice.SignUp',
    'AWSCognitoIdentityProviderService.signup',
    ' AWSCognitoIdentityProviderService.SignUp',
    'AWSCognitoIdentityProviderService.SignUp, AWSCognitoIdentityProviderService.SignUp',
    'AWSCognitoIdentityProviderService.AdminConfirmSignUp',
    'AWSCognitoIdentityProviderService.UpdateUserAttributes',
    'AWSCognitoIdentityProviderService.ListUsers',
    'AWSCognitoIdentityProviderService.DescribeUserPoolClient',
    '',
  ])('refuses %j', (target) => {
    expect(browserOperation(target)).toBeUndefined();
  });
});

describe('refusedAttributeWrite', () => {
  const signUp = (...attributes: unknown[]) => ({ ClientId: 'web', Username: 'a@b.example', Password: 'p', UserAttributes: attributes });

  it('lets the web app write the email and the name', () => {
    expect(
      refusedAttributeWrite(signUp({ Name: 'email', Value: 'a@b.example' }, { Name: 'given_name', Value: 'A' }, { Name: 'family_name', Value: 'B' })),
    ).toBeUndefined();
    expect(refusedAttributeWrite({ ClientId: 'web', Username: 'a@b.example', Password: 'p' })).toBeUndefined();
  });

  it.each([
    ['custom:auth', { Name: 'custom:auth', Value: '{"role":"sentient"}' }],
    ['a case variant', { Name: 'Custom:Auth', Value: '{}' }],
    ['a name in a list', { Name: ['custom:auth'], Value: '{}' }],
    ['the subject', { Name: 'sub', Value: 'someone-elses-sub' }],
    ['a verified flag', { Name: 'email_verified', Value: 'true' }],
    ['an entry that is not an object', 'custom:auth'],
  ])('refuses %s', (_what, attribute) => {
    expect(refusedAttributeWrite(signUp({ Name: 'email', Value: 'a@b.example' }, attribute))).toBeDefined();
  });

  it('refuses the attribute list under another field name', () => {
    for (const field of ['userAttributes', 'USERATTRIBUTES', 'UserAttributes ', 'Attributes']) {
      expect(refusedAttributeWrite({ ClientId: 'web', [field]: [{ Name: 'custom:auth', Value: '{}' }] }), field).toBeDefined();
    }
    expect(refusedAttributeWrite({ ClientId: 'web', UserAttributes: { Name: 'custom:auth' } })).toBeDefined();
  });
});
