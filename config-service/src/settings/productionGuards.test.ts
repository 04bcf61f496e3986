// The guards added with issue 26 (decision 0040): `demo` is production for them, and the Cognito pool's
// keys must come over https from under its issuer. The older guards are tested in settings.test.ts.
import { describe, expect, it } from 'vitest';
import { loadSettings, readSettings, SettingsError } from '../settings.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const POOL = 'eu-west-1_abc';
const ISSUER = `https://cognito-idp.eu-west-1.amazonaws.com/${POOL}`;
// Outside local, MESSAGING_SINK has no default (settings.test.ts): named here so that other guards are reached.
const production = { ENVIRONMENT: 'production', COGNITO_REGION: 'eu-west-1', COGNITO_USER_POOL_ID: POOL, COGNITO_CLIENT_ID: 'client', MESSAGING_SINK: 'none' };
const KEY = Buffer.alloc(32, 9).toString('base64');

const start = (env: NodeJS.ProcessEnv) => loadSettings({ env, directory: tempFolder('guards-') });

function refusal(action: () => unknown): SettingsError {
  try {
    action();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

/** The variables a refusal names, and the ALLOW_ variables it offers. */
const named = (error: SettingsError) => ({
  code: error.code,
  variables: error.problems.map((problem) => problem.variable),
  allowedBy: error.problems.map((problem) => /Set (ALLOW_\w+)=true/.exec(problem.rule)?.[1]),
});

describe('ENVIRONMENT=demo', () => {
  it('refuses the local identity provider and its published key without ALLOW_LOCAL_IDENTITY_PROVIDER', () => {
    const error = refusal(() => readSettings({ ENVIRONMENT: 'demo', MESSAGING_SINK: 'local', ARTIFACT_SIGNING_KEY: KEY }));
    expect(named(error)).toEqual({ code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION', variables: ['IDENTITY_PROVIDER'], allowedBy: ['ALLOW_LOCAL_IDENTITY_PROVIDER'] });
    expect(error.message).toMatch(/refused when ENVIRONMENT is 'demo' \(not local\)/);
  });

  it('refuses the demo data, the local main API and the embedded database, each without its flag, all at once', () => {
    const error = refusal(() => start({ ENVIRONMENT: 'demo', MESSAGING_SINK: 'local', ARTIFACT_SIGNING_KEY: KEY, ALLOW_LOCAL_IDENTITY_PROVIDER: 'true' }));
    expect(named(error)).toEqual({
      code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION',
      variables: ['SEED_DEMO_DATA', 'LOCAL_MAIN_API', 'DATABASE_URL'],
      allowedBy: ['ALLOW_DEMO_DATA', 'ALLOW_LOCAL_MAIN_API', 'ALLOW_EMBEDDED_DATABASE'],
    });
  });

  it('needs the same artifact signing key as production for the local main API', () => {
    expect(refusal(() => readSettings({ ENVIRONMENT: 'demo', MESSAGING_SINK: 'local', ALLOW_LOCAL_IDENTITY_PROVIDER: 'true' })).variable).toBe(
      'ARTIFACT_SIGNING_KEY',
    );
  });

  it('starts with every shortcut once each flag says the risk is taken knowingly', () => {
    const flags = { ALLOW_LOCAL_IDENTITY_PROVIDER: 'true', ALLOW_DEMO_DATA: 'true', ALLOW_LOCAL_MAIN_API: 'true', ALLOW_EMBEDDED_DATABASE: 'true' };
    expect(start({ ENVIRONMENT: 'demo', MESSAGING_SINK: 'local', ARTIFACT_SIGNING_KEY: KEY, ...flags })).toMatchObject({
      identityProvider: 'local',
      trustLocalIdentityKey: true,
      seedDemoData: true,
      localMainApi: true,
      databaseUrl: undefined,
    });
  });
});

describe("the local identity provider's published key", () => {
  it('is not trusted in local when the identity provider is a Cognito pool', () => {
    expect(readSettings({ ...production, ENVIRONMENT: 'local', IDENTITY_PROVIDER: 'cognito' }).trustLocalIdentityKey).toBe(false);
    expect(readSettings({ ENVIRONMENT: 'local' }).trustLocalIdentityKey).toBe(true);
  });
});

describe("the Cognito pool's issuer and JWKS outside local", () => {
  it("accepts the pool's own addresses, derived or given", () => {
    expect(readSettings(production).cognito).toMatchObject({ issuer: ISSUER, jwksUrl: `${ISSUER}/.well-known/jwks.json` });
    expect(() => readSettings({ ...production, COGNITO_ISSUER: ISSUER, COGNITO_JWKS_URL: `${ISSUER}/.well-known/jwks.json` })).not.toThrow();
  });

  it.each([
    ['an http issuer (and so its JWKS)', { COGNITO_ISSUER: 'http://idp.example.com/pool' }, ['COGNITO_ISSUER', 'COGNITO_JWKS_URL']],
    [
      'an http JWKS under an https issuer',
      { COGNITO_JWKS_URL: `http://idp.example.com/${POOL}/jwks.json`, COGNITO_ISSUER: `https://idp.example.com/${POOL}` },
      ['COGNITO_JWKS_URL'],
    ],
  ])('refuses %s, naming the setting and ALLOW_HTTP_IDENTITY_PROVIDER', (_name, addresses, variables) => {
    const error = refusal(() => readSettings({ ...production, ...addresses }));
    expect(named(error)).toMatchObject({ code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION', variables: expect.arrayContaining(variables) });
    expect(error.problems.filter((problem) => /^'http:\/\/' off loopback/.test(problem.rule)).map((problem) => problem.variable)).toEqual(variables);
    expect(error.message).toMatch(/Set ALLOW_HTTP_IDENTITY_PROVIDER=true to allow it anyway/);
    expect(() => readSettings({ ...production, ...addresses, ALLOW_HTTP_IDENTITY_PROVIDER: 'true', ALLOW_JWKS_OUTSIDE_ISSUER: 'true' })).not.toThrow();
  });

  it.each(['http://127.0.0.1:9229/pool', 'http://localhost:9229/pool', 'http://[::1]:9229/pool'])(
    'accepts plain http on loopback (%s), which never leaves the machine',
    (issuer) => {
      expect(readSettings({ ...production, COGNITO_ISSUER: issuer }).cognito.jwksUrl).toBe(`${issuer}/.well-known/jwks.json`);
    },
  );

  it.each([
    ['on another host', 'https://keys.example.com/jwks.json'],
    ['on another port', `https://cognito-idp.eu-west-1.amazonaws.com:8443/${POOL}/.well-known/jwks.json`],
    ["in another pool's path", 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_other/.well-known/jwks.json'],
    ["in a path that only starts like the issuer's", `https://cognito-idp.eu-west-1.amazonaws.com/${POOL}evil/.well-known/jwks.json`],
    ["climbing out of the issuer's path", `https://cognito-idp.eu-west-1.amazonaws.com/${POOL}/../evil/jwks.json`],
    ['behind credentials that look like the host', `https://cognito-idp.eu-west-1.amazonaws.com@keys.example.com/${POOL}/jwks.json`],
  ])('refuses a JWKS %s, naming COGNITO_JWKS_URL and ALLOW_JWKS_OUTSIDE_ISSUER', (_name, jwksUrl) => {
    const error = refusal(() => readSettings({ ...production, COGNITO_JWKS_URL: jwksUrl }));
    expect(named(error)).toEqual({ code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION', variables: ['COGNITO_JWKS_URL'], allowedBy: ['ALLOW_JWKS_OUTSIDE_ISSUER'] });
    expect(readSettings({ ...production, COGNITO_JWKS_URL: jwksUrl, ALLOW_JWKS_OUTSIDE_ISSUER: 'true' }).cognito.jwksUrl).toBe(jwksUrl);
  });

  it('refuses them at start-up as well, with every other refusal', () => {
    const error = refusal(() => start({ ...production, COGNITO_JWKS_URL: 'https://keys.example.com/jwks.json' }));
    expect(error.variable).toBe('COGNITO_JWKS_URL');
  });

  it('leaves them to the developer in local', () => {
    expect(() =>
      readSettings({
        ...production,
        ENVIRONMENT: 'local',
        COGNITO_ISSUER: 'http://idp.example.com/pool',
        COGNITO_JWKS_URL: 'http://keys.example.com/jwks.json',
      }),
    ).not.toThrow();
  });
});
