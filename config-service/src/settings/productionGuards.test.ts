// The guards as issue 26 left them (decision 0040): `demo` is production for them. The older guards are
// tested in settings.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, readSettings, SettingsError } from '../settings.ts';

const POOL = 'eu-west-1_abc';
const production = { ENVIRONMENT: 'production', COGNITO_REGION: 'eu-west-1', COGNITO_USER_POOL_ID: POOL, COGNITO_CLIENT_ID: 'client' };
const KEY = Buffer.alloc(32, 9).toString('base64');

const start = (env: NodeJS.ProcessEnv) => loadSettings({ env, directory: mkdtempSync(join(tmpdir(), 'guards-')) });

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
    const error = refusal(() => readSettings({ ENVIRONMENT: 'demo', ARTIFACT_SIGNING_KEY: KEY }));
    expect(named(error)).toEqual({ code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION', variables: ['IDENTITY_PROVIDER'], allowedBy: ['ALLOW_LOCAL_IDENTITY_PROVIDER'] });
    expect(error.message).toMatch(/refused when ENVIRONMENT is 'demo' \(not local\)/);
  });

  it('refuses the demo data, the local main API and the embedded database, each without its flag, all at once', () => {
    const error = refusal(() => start({ ENVIRONMENT: 'demo', ARTIFACT_SIGNING_KEY: KEY, ALLOW_LOCAL_IDENTITY_PROVIDER: 'true' }));
    expect(named(error)).toEqual({
      code: 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION',
      variables: ['SEED_DEMO_DATA', 'LOCAL_MAIN_API', 'DATABASE_URL'],
      allowedBy: ['ALLOW_DEMO_DATA', 'ALLOW_LOCAL_MAIN_API', 'ALLOW_EMBEDDED_DATABASE'],
    });
  });

  it('needs the same artifact signing key as production for the local main API', () => {
    expect(refusal(() => readSettings({ ENVIRONMENT: 'demo', ALLOW_LOCAL_IDENTITY_PROVIDER: 'true' })).variable).toBe('ARTIFACT_SIGNING_KEY');
  });

  it('starts with every shortcut once each flag says the risk is taken knowingly', () => {
    const flags = { ALLOW_LOCAL_IDENTITY_PROVIDER: 'true', ALLOW_DEMO_DATA: 'true', ALLOW_LOCAL_MAIN_API: 'true', ALLOW_EMBEDDED_DATABASE: 'true' };
    expect(start({ ENVIRONMENT: 'demo', ARTIFACT_SIGNING_KEY: KEY, ...flags })).toMatchObject({
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
