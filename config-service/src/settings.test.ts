import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicConfigSchema } from '@platform/schemas';
import { describe, expect, it } from 'vitest';
import { BACKENDS, backendVariable, DEFAULT_RATE_LIMITS, environmentSchema, loadSettings, readSettings, SettingsError } from './settings.ts';
import { tempFolders } from './testing/tempFolders.ts';

const tempFolder = tempFolders();

const local = { ENVIRONMENT: 'local' };
// Outside local, MESSAGING_SINK has no default: the tests of other settings name one.
const production = { ENVIRONMENT: 'production', COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_CLIENT_ID: 'client', MESSAGING_SINK: 'none' };

describe('backend bases', () => {
  it('names each variable after its backend', () => {
    expect(backendVariable('main')).toBe('API_BASE_MAIN');
    expect(backendVariable('coldStartPublic')).toBe('API_BASE_COLD_START_PUBLIC');
    expect(backendVariable('technicalDashboard')).toBe('API_BASE_TECHNICAL_DASHBOARD');
  });

  it('points main at the local main API in local mode, and leaves the rest unset', () => {
    const { backends, localMainApi } = readSettings(local);
    expect(localMainApi).toBe(true);
    expect(backends.main).toBe('/api/main');
    expect(backends.rail).toBeNull();
  });

  it('points userManagement at the service in local mode, and nowhere elsewhere unless told', () => {
    expect(readSettings(local)).toMatchObject({ localUserManagementApi: true, backends: { userManagement: '/api/user-management' } });
    expect(readSettings(production)).toMatchObject({ localUserManagementApi: false, backends: { userManagement: null } });
    expect(readSettings({ ...production, LOCAL_USER_MANAGEMENT_API: 'true' }).backends.userManagement).toBe('/api/user-management');
    expect(readSettings({ ...local, API_BASE_USER_MANAGEMENT: 'https://users.example.com' }).backends.userManagement).toBe('https://users.example.com');
  });

  it('takes every base from the environment, without a trailing slash', () => {
    const { backends, localMainApi } = readSettings({ ...production, API_BASE_MAIN: 'https://api.example.com/main/', API_BASE_RAIL: '/rail' });
    expect(localMainApi).toBe(false);
    expect(backends.main).toBe('https://api.example.com/main');
    expect(backends.rail).toBe('/rail');
    expect(backends.lifex).toBeNull();
  });

  it('refuses a base that is not an http(s) address or a path, naming the variable', () => {
    expect(() => readSettings({ ...production, API_BASE_LIFE_COST: 'javascript:alert(1)' })).toThrow(SettingsError);
    expect(() => readSettings({ ...production, API_BASE_LIFE_COST: 'ftp://x' })).toThrow(/API_BASE_LIFE_COST/);
  });
});

describe('backend regions', () => {
  it('puts every backend in the standard region and the cold start public API in its government region (spec section 9)', () => {
    const { backendRegions } = readSettings({ ...production, COGNITO_REGION: 'us-east-1' });
    expect(backendRegions.coldStartPublic).toBe('us-gov-west-1');
    expect(Object.entries(backendRegions).filter(([name]) => name !== 'coldStartPublic')).toEqual(
      BACKENDS.filter((name) => name !== 'coldStartPublic').map((name) => [name, 'us-east-1']),
    );
  });

  it('takes the cold start public region from COLD_START_PUBLIC_REGION, and refuses what is not a region', () => {
    expect(readSettings({ ...production, COLD_START_PUBLIC_REGION: 'us-gov-east-1' }).backendRegions.coldStartPublic).toBe('us-gov-east-1');
    expect(readSettings({ ...production, COGNITO_REGION: 'eu-west-1' }).backendRegions.main).toBe('eu-west-1');
    expect(() => readSettings({ ...production, COLD_START_PUBLIC_REGION: 'gov cloud' })).toThrow(/COLD_START_PUBLIC_REGION/);
  });
});

describe('messaging', () => {
  const secret = 'a-shared-secret-of-32-characters';

  it('uses the local sink in local unless MESSAGING_SINK names another, or none', () => {
    expect(readSettings(local).messaging).toEqual({ kind: 'local' });
    expect(readSettings({ ...local, MESSAGING_SINK: 'none' }).messaging).toBeNull();
    expect(readSettings({ ...production, MESSAGING_SINK: 'none' }).messaging).toBeNull();
    expect(readSettings({ ...production, MESSAGING_SINK: 'local' }).messaging).toEqual({ kind: 'local' });
    expect(readSettings(local).messagingQueue).toEqual({ limit: 10_000, maxAttempts: 8 });
  });

  it('takes Customer Profiles with its domain, in the pool’s region unless told', () => {
    const sink = { ...production, MESSAGING_SINK: 'connect-customer-profiles', MESSAGING_CUSTOMER_PROFILES_DOMAIN: 'platform-users' };
    expect(readSettings(sink).messaging).toEqual({ kind: 'connect-customer-profiles', domain: 'platform-users', region: 'us-east-1', endpoint: undefined });
    expect(readSettings({ ...sink, MESSAGING_CUSTOMER_PROFILES_REGION: 'eu-west-1' }).messaging).toMatchObject({ region: 'eu-west-1' });
    expect(() => readSettings({ ...production, MESSAGING_SINK: 'connect-customer-profiles' })).toThrow(
      'MESSAGING_CUSTOMER_PROFILES_DOMAIN: is required when MESSAGING_SINK is connect-customer-profiles',
    );
  });

  it('takes the webhook with its address and secret', () => {
    const sink = { ...production, MESSAGING_SINK: 'webhook', MESSAGING_WEBHOOK_URL: 'https://hooks.example.com/p', MESSAGING_WEBHOOK_SECRET: secret };
    expect(readSettings(sink).messaging).toEqual({ kind: 'webhook', url: 'https://hooks.example.com/p', secret });
    expect(() => readSettings({ ...sink, MESSAGING_WEBHOOK_URL: '' })).toThrow('MESSAGING_WEBHOOK_URL: is required when MESSAGING_SINK is webhook');
    expect(() => readSettings({ ...sink, MESSAGING_WEBHOOK_SECRET: '' })).toThrow('MESSAGING_WEBHOOK_SECRET: is required when MESSAGING_SINK is webhook');
  });

  it('refuses the retired Pinpoint settings at start, naming what replaces them', () => {
    const error = thrown(() =>
      loadSettings({ env: { ...productionReady, PINPOINT_APP_ID: 'app-1', PINPOINT_REGION: 'eu-west-1' }, directory: directoryWith() }),
    );
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PINPOINT_APP_ID', 'PINPOINT_REGION']);
    expect(error.message).toMatch(
      /^PINPOINT_APP_ID: is no longer read: Amazon Pinpoint ended support on 30 October 2026\. Unset it and set MESSAGING_SINK=connect-customer-profiles with MESSAGING_CUSTOMER_PROFILES_DOMAIN .*MESSAGING_SINK=webhook with MESSAGING_WEBHOOK_URL and MESSAGING_WEBHOOK_SECRET/,
    );
    expect(error.message).toMatch(/\nPINPOINT_REGION: .*MESSAGING_CUSTOMER_PROFILES_REGION/);
  });

  it.each(['production', 'staging', 'demo'])('refuses to start where ENVIRONMENT is %s without an explicit MESSAGING_SINK', (environment) => {
    // The key demo's local main API needs, so that only the sink is missing.
    const unset = { ...productionReady, ENVIRONMENT: environment, MESSAGING_SINK: undefined, ARTIFACT_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64') };
    for (const env of [unset, { ...unset, MESSAGING_SINK: '' }]) {
      expect(() => loadSettings({ env, directory: directoryWith() })).toThrow(
        new RegExp(
          `^MESSAGING_SINK: has no default where ENVIRONMENT is '${environment}' \\(not local\\): choose .*connect-customer-profiles, webhook or none`,
        ),
      );
    }
  });

  it('refuses a sink over plain http off loopback outside local, unless allowed', () => {
    const webhook = { ...productionReady, MESSAGING_SINK: 'webhook', MESSAGING_WEBHOOK_SECRET: secret };
    const start = (env: NodeJS.ProcessEnv) => loadSettings({ env, directory: directoryWith() });
    expect(() => start({ ...webhook, MESSAGING_WEBHOOK_URL: 'http://hooks.example.com/p' })).toThrow(
      /^MESSAGING_WEBHOOK_URL: 'http:\/\/' off loopback: .*Set ALLOW_HTTP_MESSAGING_SINK=true to allow it anyway$/,
    );
    expect(start({ ...webhook, MESSAGING_WEBHOOK_URL: 'http://hooks.example.com/p', ALLOW_HTTP_MESSAGING_SINK: 'true' }).messaging).toMatchObject({
      kind: 'webhook',
    });
    expect(start({ ...webhook, MESSAGING_WEBHOOK_URL: 'http://127.0.0.1:9999/p' }).messaging).toMatchObject({ kind: 'webhook' });
    expect(start({ ...webhook, MESSAGING_WEBHOOK_URL: 'https://hooks.example.com/p' }).messaging).toMatchObject({ kind: 'webhook' });
    const profiles = { ...productionReady, MESSAGING_SINK: 'connect-customer-profiles', MESSAGING_CUSTOMER_PROFILES_DOMAIN: 'd' };
    expect(() => start({ ...profiles, MESSAGING_CUSTOMER_PROFILES_ENDPOINT: 'http://profiles.internal' })).toThrow(
      /^MESSAGING_CUSTOMER_PROFILES_ENDPOINT: .*ALLOW_HTTP_MESSAGING_SINK/,
    );
    expect(
      start({ ...local, MESSAGING_SINK: 'webhook', MESSAGING_WEBHOOK_URL: 'http://hooks.example.com/p', MESSAGING_WEBHOOK_SECRET: secret }).messaging,
    ).toMatchObject({
      kind: 'webhook',
    });
  });
});

describe('artifact signing key', () => {
  it('is optional in local mode, required for the local main API elsewhere, and must be long enough', () => {
    expect(readSettings(local).artifactSigningKey).toBeUndefined();
    expect(() => readSettings({ ...production, LOCAL_MAIN_API: 'true' })).toThrow(/ARTIFACT_SIGNING_KEY/);
    const key = Buffer.alloc(32, 9).toString('base64');
    expect(readSettings({ ...production, LOCAL_MAIN_API: 'true', ARTIFACT_SIGNING_KEY: key }).artifactSigningKey).toEqual(Buffer.alloc(32, 9));
    expect(() => readSettings({ ...local, ARTIFACT_SIGNING_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/at least 32 bytes/);
  });
});

describe('CORS origins', () => {
  it('names none by default, and takes a comma-separated list of exact origins', () => {
    expect(readSettings(local).corsOrigins).toEqual([]);
    expect(readSettings({ ...local, CORS_ORIGINS: 'https://portal.example.com, http://localhost:5173,https://portal.example.com' }).corsOrigins).toEqual([
      'https://portal.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each([
    '*',
    'https://*.example.com',
    'https://portal.example.com/',
    'https://portal.example.com/app',
    'portal.example.com',
    'ftp://portal.example.com',
    'null',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => readSettings({ ...local, CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
  });
});

describe('bundle uploads in flight', () => {
  it('has defaults of two a user and four a process, and takes 0 for no limit', () => {
    expect(readSettings(local).bundleUploads).toEqual({ perUser: 2, perProcess: 4 });
    expect(readSettings({ ...local, BUNDLE_UPLOADS_PER_USER: '0', BUNDLE_UPLOADS_PER_PROCESS: '8' }).bundleUploads).toEqual({ perUser: 0, perProcess: 8 });
  });
});

describe('screen reports', () => {
  it('keep 120 events a minute of each user by default, and take another budget', () => {
    expect(readSettings(local).screenReportsPerUser).toBe(120);
    expect(readSettings({ ...local, SCREEN_REPORTS_PER_USER: '600' }).screenReportsPerUser).toBe(600);
  });
});

describe('manifest checks in flight', () => {
  it('allows each user one by default, and takes 0 for no limit', () => {
    expect(readSettings(local).manifestChecksPerUser).toBe(1);
    expect(readSettings({ ...local, MANIFEST_CHECKS_PER_USER: '0' }).manifestChecksPerUser).toBe(0);
    expect(readSettings(local).userStatusCacheMs).toBe(10_000);
    expect(readSettings({ ...local, USER_STATUS_CACHE_SECONDS: '1' }).userStatusCacheMs).toBe(1_000);
  });
});

describe('staff administration with MFA', () => {
  it('is required everywhere but local, demo included, unless told otherwise', () => {
    expect(readSettings(local).staffAdminRequiresMfa).toBe(false);
    expect(readSettings(production).staffAdminRequiresMfa).toBe(true);
    expect(readSettings({ ...production, ENVIRONMENT: 'demo', IDENTITY_PROVIDER: 'cognito', LOCAL_MAIN_API: 'false' }).staffAdminRequiresMfa).toBe(true);
    expect(readSettings({ ...production, STAFF_ADMIN_REQUIRES_MFA: 'false' }).staffAdminRequiresMfa).toBe(false);
    expect(readSettings({ ...local, STAFF_ADMIN_REQUIRES_MFA: 'true' }).staffAdminRequiresMfa).toBe(true);
  });
});

describe('user directory reconciliation', () => {
  it('runs every 15 minutes at 5 calls a second unless told otherwise', () => {
    expect(readSettings(local).userDirectorySync).toEqual({ intervalMs: 15 * 60_000, callsPerSecond: 5 });
    expect(readSettings({ ...local, USER_DIRECTORY_SYNC_MINUTES: '60', USER_DIRECTORY_SYNC_CALLS_PER_SECOND: '2' }).userDirectorySync).toEqual({
      intervalMs: 3_600_000,
      callsPerSecond: 2,
    });
  });
});

describe('event stream limits', () => {
  it('has defaults, and takes minutes for the idle time and 0 for no limit', () => {
    expect(readSettings(local).streamLimits).toEqual({ perUser: 20, perCustomer: 1_000, perProcess: 10_000, idleMs: 30 * 60_000 });
    expect(
      readSettings({
        ...local,
        EVENT_STREAMS_PER_USER: '0',
        EVENT_STREAMS_PER_CUSTOMER: '50',
        EVENT_STREAMS_PER_PROCESS: '500',
        EVENT_STREAM_IDLE_MINUTES: '5',
      }).streamLimits,
    ).toEqual({
      perUser: 0,
      perCustomer: 50,
      perProcess: 500,
      idleMs: 300_000,
    });
  });
});

describe('log format', () => {
  it('is readable lines in local and demo, JSON elsewhere, and either when named', () => {
    expect(readSettings(local).logFormat).toBe('pretty');
    expect(readSettings({ ...local, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadSettings({ env: { ...productionReady }, directory: directoryWith() }).logFormat).toBe('json');
    expect(loadSettings({ env: { ...productionReady, LOG_FORMAT: 'pretty' }, directory: directoryWith() }).logFormat).toBe('pretty');
  });
});

describe('trusted proxy hops', () => {
  it('trusts no proxy unless told how many stand in front', () => {
    expect(readSettings(local).trustedProxyHops).toBe(0);
    expect(readSettings({ ...local, TRUSTED_PROXY_HOPS: '1' }).trustedProxyHops).toBe(1);
  });
});

describe('rate limits', () => {
  it('has defaults, takes whole numbers per minute, and 0 for no limit', () => {
    expect(readSettings(local).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(readSettings({ ...local, RATE_LIMIT_SIGN_IN: '20', RATE_LIMIT_ADMIN_WRITES: '0' }).rateLimits).toEqual({
      signInPerMinute: 20,
      adminWritesPerMinute: 0,
    });
  });

  it.each([
    ['RATE_LIMIT_SIGN_IN', '-1'],
    ['RATE_LIMIT_SIGN_IN', 'lots'],
    ['RATE_LIMIT_ADMIN_WRITES', '1.5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => readSettings({ ...local, [name]: value })).toThrow(new RegExp(name));
  });
});

const productionReady = { ...production, DATABASE_URL: 'postgres://platform@db:5432/platform' };

/** A working directory holding `.env` with the given text (or none). */
function directoryWith(envFile?: string): string {
  const directory = tempFolder('settings-');
  if (envFile !== undefined) writeFileSync(join(directory, '.env'), envFile);
  return directory;
}

function thrown(action: () => unknown): SettingsError {
  try {
    action();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('environment schema rules', () => {
  const cases: [string, string, string][] = [
    ['PORT', 'abc', "PORT: must be an integer between 1 and 65535, got 'abc'"],
    ['PORT', '70000', "PORT: must be an integer between 1 and 65535, got '70000'"],
    ['PORT', '80.5', "PORT: must be an integer between 1 and 65535, got '80.5'"],
    ['LOCAL_IDP_PORT', '0', "LOCAL_IDP_PORT: must be an integer between 1 and 65535, got '0'"],
    ['HOST', 'local host', "HOST: must be a host name or address without spaces, got 'local host'"],
    [
      'PUBLIC_ORIGIN',
      'https://platform.example.com/',
      "PUBLIC_ORIGIN: must be an origin such as https://platform.example.com (scheme, host and port only), got 'https://platform.example.com/'",
    ],
    ['ENVIRONMENT', 'Production', "ENVIRONMENT: must be a lower-case name (a-z, 0-9 and -, starting with a letter), got 'Production'"],
    ['IDENTITY_PROVIDER', 'okta', "IDENTITY_PROVIDER: must be 'local' or 'cognito', got 'okta'"],
    ['DATABASE_URL', 'mysql://platform:secret@db/platform', 'DATABASE_URL: must be a postgres:// or postgresql:// connection string'],
    ['SEED_DEMO_DATA', 'yes', "SEED_DEMO_DATA: must be 'true' or 'false', got 'yes'"],
    ['LOCAL_MAIN_API', 'TRUE', "LOCAL_MAIN_API: must be 'true' or 'false', got 'TRUE'"],
    ['MANIFEST_SOURCE', 'database', "MANIFEST_SOURCE: must be 'files' or 'store', got 'database'"],
    ['LOG_FORMAT', 'text', "LOG_FORMAT: must be 'json' or 'pretty', got 'text'"],
    ['ARTIFACT_SIGNING_KEY', Buffer.alloc(16).toString('base64'), 'ARTIFACT_SIGNING_KEY: must be base64 of at least 32 bytes (e.g. `openssl rand -base64 32`)'],
    ['API_BASE_RAIL', 'ftp://rail', "API_BASE_RAIL: must be an http(s) URL or a path starting with /, got 'ftp://rail'"],
    ['MESSAGING_SINK', 'pinpoint', "MESSAGING_SINK: must be one of 'local', 'connect-customer-profiles', 'webhook', 'none', got 'pinpoint'"],
    ['MESSAGING_QUEUE_LIMIT', '0', "MESSAGING_QUEUE_LIMIT: must be an integer between 1 and 1000000, got '0'"],
    ['MESSAGING_MAX_ATTEMPTS', '21', "MESSAGING_MAX_ATTEMPTS: must be an integer between 1 and 20, got '21'"],
    [
      'MESSAGING_CUSTOMER_PROFILES_DOMAIN',
      'my domain',
      "MESSAGING_CUSTOMER_PROFILES_DOMAIN: must be a Customer Profiles domain name (letters, digits, _ and -, at most 64), got 'my domain'",
    ],
    ['MESSAGING_CUSTOMER_PROFILES_REGION', 'Frankfurt', "MESSAGING_CUSTOMER_PROFILES_REGION: must be an AWS region such as eu-west-1, got 'Frankfurt'"],
    ['MESSAGING_CUSTOMER_PROFILES_ENDPOINT', 'profiles.internal', "MESSAGING_CUSTOMER_PROFILES_ENDPOINT: must be an http(s) URL, got 'profiles.internal'"],
    ['MESSAGING_WEBHOOK_URL', 'ftp://hooks', "MESSAGING_WEBHOOK_URL: must be an http(s) URL, got 'ftp://hooks'"],
    ['MESSAGING_WEBHOOK_SECRET', 'short-secret', 'MESSAGING_WEBHOOK_SECRET: must be at least 32 characters (e.g. `openssl rand -hex 32`)'],
    ['PINPOINT_APP_ID', 'app-1', expect.stringMatching(/^PINPOINT_APP_ID: is no longer read: .*, got 'app-1'$/) as unknown as string],
    ['PINPOINT_REGION', 'eu-west-1', expect.stringMatching(/^PINPOINT_REGION: is no longer read: .*, got 'eu-west-1'$/) as unknown as string],
    ['COLD_START_PUBLIC_REGION', 'gov cloud', "COLD_START_PUBLIC_REGION: must be an AWS region such as eu-west-1, got 'gov cloud'"],
    [
      'CORS_ORIGINS',
      'https://portal.example.com,*',
      "CORS_ORIGINS: must list origins such as https://app.example.com (scheme, host and port only), separated by commas, got 'https://portal.example.com,*'",
    ],
    ['RATE_LIMIT_SIGN_IN', '-1', "RATE_LIMIT_SIGN_IN: must be an integer between 0 and 1000000, got '-1'"],
    ['RATE_LIMIT_ADMIN_WRITES', 'lots', "RATE_LIMIT_ADMIN_WRITES: must be an integer between 0 and 1000000, got 'lots'"],
    ['TRUSTED_PROXY_HOPS', 'yes', "TRUSTED_PROXY_HOPS: must be an integer between 0 and 10, got 'yes'"],
    ['MANIFEST_CHECKS_PER_USER', '1.5', "MANIFEST_CHECKS_PER_USER: must be an integer between 0 and 1000, got '1.5'"],
    ['USER_STATUS_CACHE_SECONDS', '31', "USER_STATUS_CACHE_SECONDS: must be an integer between 0 and 30, got '31'"],
    ['SCREEN_REPORTS_PER_USER', '0', "SCREEN_REPORTS_PER_USER: must be an integer between 1 and 1000000, got '0'"],
    ['STAFF_ADMIN_REQUIRES_MFA', 'on', "STAFF_ADMIN_REQUIRES_MFA: must be 'true' or 'false', got 'on'"],
    ['EVENT_STREAMS_PER_USER', '-2', "EVENT_STREAMS_PER_USER: must be an integer between 0 and 1000000, got '-2'"],
    ['EVENT_STREAMS_PER_CUSTOMER', '1.5', "EVENT_STREAMS_PER_CUSTOMER: must be an integer between 0 and 1000000, got '1.5'"],
    ['BUNDLE_UPLOADS_PER_USER', '-1', "BUNDLE_UPLOADS_PER_USER: must be an integer between 0 and 1000, got '-1'"],
    ['BUNDLE_UPLOADS_PER_PROCESS', 'few', "BUNDLE_UPLOADS_PER_PROCESS: must be an integer between 0 and 1000, got 'few'"],
    ['RELEASES_KEPT', '-1', "RELEASES_KEPT: must be an integer between 0 and 100000, got '-1'"],
    ['BUNDLE_QUOTA_VERSIONS', '0', "BUNDLE_QUOTA_VERSIONS: must be an integer between 1 and 100000, got '0'"],
    ['BUNDLE_QUOTA_MEGABYTES', '1.5', "BUNDLE_QUOTA_MEGABYTES: must be an integer between 1 and 1000000, got '1.5'"],
    [
      'LOCAL_MODULE_FOLDERS',
      'modules/model-runtime/dist',
      "LOCAL_MODULE_FOLDERS: must be module=folder pairs, comma-separated (mr=modules/model-runtime/dist), got 'modules/model-runtime/dist'",
    ],
    ['EVENT_STREAMS_PER_PROCESS', 'many', "EVENT_STREAMS_PER_PROCESS: must be an integer between 0 and 1000000, got 'many'"],
    ['EVENT_STREAM_IDLE_MINUTES', '1441', "EVENT_STREAM_IDLE_MINUTES: must be an integer between 0 and 1440, got '1441'"],
    ['USER_DIRECTORY_SYNC_MINUTES', '0', "USER_DIRECTORY_SYNC_MINUTES: must be an integer between 1 and 1440, got '0'"],
    ['USER_DIRECTORY_SYNC_CALLS_PER_SECOND', '30', "USER_DIRECTORY_SYNC_CALLS_PER_SECOND: must be an integer between 1 and 25, got '30'"],
    ['METRICS_TOKEN', 'short-secret', 'METRICS_TOKEN: must be at least 16 characters (e.g. `openssl rand -hex 24`)'],
    ['LOG_LEVEL', 'loud', "LOG_LEVEL: must be one of 'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', got 'loud'"],
    ['COGNITO_REGION', 'us-east', "COGNITO_REGION: must be an AWS region such as eu-west-1, got 'us-east'"],
    ['COGNITO_USER_POOL_ID', 'pool', "COGNITO_USER_POOL_ID: must be a user pool id such as eu-west-1_AbC123, got 'pool'"],
    ['COGNITO_CLIENT_ID', 'client id', "COGNITO_CLIENT_ID: must be an app client id without spaces, got 'client id'"],
    ['COGNITO_ISSUER', 'cognito-idp.example.com', "COGNITO_ISSUER: must be an http(s) URL, got 'cognito-idp.example.com'"],
    ['COGNITO_JWKS_URL', 'file:///jwks.json', "COGNITO_JWKS_URL: must be an http(s) URL, got 'file:///jwks.json'"],
    ['COGNITO_ENDPOINT', 'idp', "COGNITO_ENDPOINT: must be an http(s) URL or a path starting with /, got 'idp'"],
    [
      'COGNITO_OAUTH_DOMAIN',
      'https://auth.example.com',
      "COGNITO_OAUTH_DOMAIN: must be a host name such as auth.example.com (no scheme, no path), got 'https://auth.example.com'",
    ],
    ['ALLOW_LOCAL_IDENTITY_PROVIDER', 'yes', "ALLOW_LOCAL_IDENTITY_PROVIDER: must be 'true' or 'false', got 'yes'"],
    ['ALLOW_DEMO_DATA', '1', "ALLOW_DEMO_DATA: must be 'true' or 'false', got '1'"],
    ['ALLOW_LOCAL_MAIN_API', 'on', "ALLOW_LOCAL_MAIN_API: must be 'true' or 'false', got 'on'"],
    ['LOCAL_USER_MANAGEMENT_API', 'yes', "LOCAL_USER_MANAGEMENT_API: must be 'true' or 'false', got 'yes'"],
    ['ALLOW_EMBEDDED_DATABASE', 'True', "ALLOW_EMBEDDED_DATABASE: must be 'true' or 'false', got 'True'"],
    ['ALLOW_HTTP_IDENTITY_PROVIDER', 'yes', "ALLOW_HTTP_IDENTITY_PROVIDER: must be 'true' or 'false', got 'yes'"],
    ['ALLOW_JWKS_OUTSIDE_ISSUER', '0', "ALLOW_JWKS_OUTSIDE_ISSUER: must be 'true' or 'false', got '0'"],
    ['ALLOW_UNCHECKED_APP_CLIENT', 'no', "ALLOW_UNCHECKED_APP_CLIENT: must be 'true' or 'false', got 'no'"],
    ['ALLOW_HTTP_MESSAGING_SINK', 'yes', "ALLOW_HTTP_MESSAGING_SINK: must be 'true' or 'false', got 'yes'"],
  ];

  it.each(cases)('refuses %s=%s with a message naming the variable and the rule', (variable, value, message) => {
    const error = thrown(() => readSettings({ ...local, [variable]: value }));
    expect(error.message).toEqual(message);
    expect(error.variable).toBe(variable);
    expect(error.code).toBe('CFG_SETTINGS_INVALID');
  });

  it('has a case for every variable whose value can be wrong', () => {
    const anyText = ['PRODUCT_NAME', 'DATA_DIR', 'MANIFESTS_DIR', 'WEB_DIST'];
    const tested = new Set(cases.map(([variable]) => variable));
    const untested = Object.keys(environmentSchema.properties).filter(
      (variable) => !tested.has(variable) && !anyText.includes(variable) && !(variable.startsWith('API_BASE_') && variable !== 'API_BASE_RAIL'),
    );
    expect(untested).toEqual([]);
  });

  it('never repeats a secret value in a message', () => {
    const error = thrown(() => readSettings({ ...local, DATABASE_URL: 'mysql://platform:hunter2@db/platform', ARTIFACT_SIGNING_KEY: 'c2hvcnQ=' }));
    expect(error.message).not.toMatch(/hunter2|c2hvcnQ/);
  });

  it('names every wrong variable at once, in the schema order', () => {
    const error = thrown(() => readSettings({ ...local, LOG_LEVEL: 'loud', PORT: 'abc' }));
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PORT', 'LOG_LEVEL']);
    expect(error.message.split('\n')).toEqual(["PORT: must be an integer between 1 and 65535, got 'abc'", expect.stringMatching(/^LOG_LEVEL: /)]);
  });

  it('fills in the defaults the schema declares, and treats an empty value as unset', () => {
    const settings = readSettings({ ...local, PORT: '', HOST: '', LOG_LEVEL: '' });
    expect(settings).toMatchObject({
      port: 8080,
      host: 'localhost',
      productName: 'AssetTwin',
      logLevel: 'info',
      localIdpPort: 9229,
      publicOrigin: 'http://localhost:8080',
    });
    expect(settings.cognito.region).toBe('us-east-1');
    expect(readSettings({ ...local, PORT: '8181', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' })).toMatchObject({
      port: 8181,
      publicOrigin: 'http://localhost:8181',
      seedDemoData: false,
      logLevel: 'warn',
    });
  });

  it('is production when ENVIRONMENT is unset, and needs a Cognito pool there', () => {
    expect(() => readSettings({})).toThrow('COGNITO_USER_POOL_ID: is required when IDENTITY_PROVIDER is cognito');
    expect(readSettings(production)).toMatchObject({
      environment: 'production',
      identityProvider: 'cognito',
      trustLocalIdentityKey: false,
      seedDemoData: false,
      localMainApi: false,
    });
  });

  it('has one API_BASE_ variable for each backend the public config lists, and none for anything else', () => {
    // The variables are derived from the public config's list (decision 0080); what can still break is the
    // wiring: each variable, set alone to a value naming it, shows through readSettings which backends it fills.
    const listed = Object.keys(publicConfigSchema.properties.backends.properties).sort();
    const filled = Object.keys(environmentSchema.properties)
      .filter((variable) => variable.startsWith('API_BASE_'))
      .map((variable) => {
        const bases: Record<string, string | null> = readSettings({ ...production, [variable]: `/${variable}` }).backends;
        return { variable, backends: Object.keys(bases).filter((name) => bases[name] === `/${variable}`) };
      });
    expect(filled.filter(({ backends }) => backends.length !== 1)).toEqual([]);
    expect(filled.flatMap(({ backends }) => backends).sort()).toEqual(listed);
    expect(Object.keys(readSettings(production).backends).sort()).toEqual(listed);
  });
});

describe('.env file', () => {
  it('adds its values under the real environment, which wins', () => {
    const env: NodeJS.ProcessEnv = { ENVIRONMENT: 'local', PORT: '8181' };
    const settings = loadSettings({
      env,
      directory: directoryWith('# the platform\nPORT=9000\nPRODUCT_NAME="Asset Twin"\nexport HOST=0.0.0.0\nLOG_LEVEL=warn # quieter\n\nMULTI="one\ntwo"\n'),
    });
    expect(settings).toMatchObject({ port: 8181, productName: 'Asset Twin', host: '0.0.0.0', logLevel: 'warn' });
    expect(env).toMatchObject({ PORT: '8181', HOST: '0.0.0.0', MULTI: 'one\ntwo' });
  });

  it('leaves a variable the real environment sets to empty alone (empty means unset: the default)', () => {
    expect(loadSettings({ env: { ENVIRONMENT: 'local', PORT: '' }, directory: directoryWith('PORT=9000\n') }).port).toBe(8080);
  });

  it('may be missing', () => {
    expect(loadSettings({ env: { ENVIRONMENT: 'local' }, directory: directoryWith() }).port).toBe(8080);
  });

  it("checks the file's values like any other", () => {
    expect(() => loadSettings({ env: { ENVIRONMENT: 'local' }, directory: directoryWith('PORT=abc\n') })).toThrow(
      "PORT: must be an integer between 1 and 65535, got 'abc'",
    );
  });

  it.each([
    [
      'a line that is not NAME=value',
      'PORT=9000\nthis is not a setting\n',
      /\.env: line 2 is not NAME=value: 'this is not a setting'; each line must be NAME=value, a # comment or blank$/,
    ],
    ['a name with a space', 'PUBLIC ORIGIN=https://x.example.com\n', /\.env: line 1 is not NAME=value/],
    ['a quote that never closes', 'PRODUCT_NAME="Asset Twin\nPORT=9000\n', /\.env: line 1 opens a " quote that never closes/],
  ])('stops start-up on %s, naming the file and the line', (_, text, message) => {
    const env = { ENVIRONMENT: 'local' };
    const error = thrown(() => loadSettings({ env, directory: directoryWith(text) }));
    expect(error.message).toMatch(message);
    expect(error.code).toBe('CFG_SETTINGS_ENV_FILE');
    expect(env).toEqual({ ENVIRONMENT: 'local' });
  });

  it('stops start-up when it cannot be read', () => {
    const directory = directoryWith();
    mkdirSync(join(directory, '.env'));
    expect(() => loadSettings({ env: { ENVIRONMENT: 'local' }, directory })).toThrow(/\.env: cannot be read \(EISDIR\)/);
  });
});

describe('production refusals', () => {
  const start = (env: NodeJS.ProcessEnv) => loadSettings({ env, directory: directoryWith() });

  it('starts with PostgreSQL, Cognito and no demo anything', () => {
    expect(start({ ...productionReady })).toMatchObject({ environment: 'production', identityProvider: 'cognito', seedDemoData: false, localMainApi: false });
  });

  it.each([
    ['the embedded database', {}, 'DATABASE_URL', 'ALLOW_EMBEDDED_DATABASE'],
    ['the demo data', { SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA', 'ALLOW_DEMO_DATA'],
    ['the local main API', { LOCAL_MAIN_API: 'true', ARTIFACT_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64') }, 'LOCAL_MAIN_API', 'ALLOW_LOCAL_MAIN_API'],
    ['the local identity provider and its published key', { IDENTITY_PROVIDER: 'local' }, 'IDENTITY_PROVIDER', 'ALLOW_LOCAL_IDENTITY_PROVIDER'],
  ] as const)('refuses %s, naming the variable and how to allow it, unless allowed', (_, risky, variable, allowedBy) => {
    const env = { ...(variable === 'DATABASE_URL' ? production : productionReady), ...risky };
    const error = thrown(() => start({ ...env }));
    expect(error.code).toBe('CFG_SETTINGS_UNSAFE_IN_PRODUCTION');
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(
      new RegExp(`^${variable}: .*; refused when ENVIRONMENT is 'production' \\(not local\\)\\. Set ${allowedBy}=true to allow it anyway$`),
    );
    expect(() => start({ ...env, [allowedBy]: 'true' })).not.toThrow();
    expect(() => start({ ...env, [allowedBy]: 'false' })).toThrow(SettingsError);
  });

  it('trusts the local signing key outside local only when the local identity provider is allowed', () => {
    expect(() => readSettings({ ...productionReady, IDENTITY_PROVIDER: 'local' })).toThrow(/ALLOW_LOCAL_IDENTITY_PROVIDER=true/);
    expect(start({ ...productionReady, IDENTITY_PROVIDER: 'local', ALLOW_LOCAL_IDENTITY_PROVIDER: 'true' })).toMatchObject({
      identityProvider: 'local',
      trustLocalIdentityKey: true,
    });
  });

  it('names every refused risk at once, in any environment but local', () => {
    const error = thrown(() => start({ ...production, ENVIRONMENT: 'staging', SEED_DEMO_DATA: 'true' }));
    expect(error.problems.map((problem) => problem.variable)).toEqual(['SEED_DEMO_DATA', 'DATABASE_URL']);
    expect(error.message).toMatch(/refused when ENVIRONMENT is 'staging'/);
  });

  it('lets local start on Node alone: local identity provider, demo data, embedded database', () => {
    expect(start({ ENVIRONMENT: 'local' })).toMatchObject({
      identityProvider: 'local',
      trustLocalIdentityKey: true,
      seedDemoData: true,
      localMainApi: true,
      databaseUrl: undefined,
    });
  });
});

describe('docs/configuration.md', () => {
  const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
  // Its tables, the Cognito one included: the rows whose first cell names variables.
  const rows = page.split('\n').filter((line) => line.startsWith('| `'));
  const documented = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => [match[1]!, row.split('|')[2]!] as const));

  it('lists exactly the variables of the environment schema', () => {
    expect(documented.map(([variable]) => variable).sort()).toEqual(Object.keys(environmentSchema.properties).sort());
  });

  it("gives each variable the schema's default", () => {
    const properties: Record<string, Record<string, unknown>> = environmentSchema.properties;
    for (const [variable, cell] of documented) {
      const fallback = properties[variable]?.default;
      if (fallback !== undefined) expect(cell, variable).toContain(`\`${String(fallback)}\``);
    }
  });
});
