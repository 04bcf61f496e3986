import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Environments in which the local identity provider and its published signing key may be trusted. */
export const LOCAL_ENVIRONMENTS: readonly string[] = ['local', 'demo'];

export interface Settings {
  port: number;
  host: string;
  /** Public origin of the platform, used for the addresses the browser is given. */
  publicOrigin: string;
  environment: string;
  productName: string;
  identityProvider: 'local' | 'cognito';
  localIdpPort: number;
  dataDir: string;
  /** A PostgreSQL server; unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Whether to add the demo customers when they are missing. */
  seedDemoData: boolean;
  manifestsDir: string;
  webDist: string;
  /** Whether this service serves the main backend's local counterpart at /api/main (demo data). */
  localMainApi: boolean;
  /** Signs artifact download links; unset: a random key per process (one replica only). */
  artifactSigningKey: Buffer | undefined;
  /** Backend bases handed to the browser (PublicConfig['backends']). */
  backends: Record<BackendName, string | null>;
  /** Where messaging endpoint updates go: the local sink, Pinpoint, or nowhere. */
  messaging: { kind: 'local' } | { kind: 'pinpoint'; appId: string; region: string } | null;
  /** Foreign origins whose pages may call the API (CORS); empty: none. */
  corsOrigins: string[];
  rateLimits: RateLimits;
  cognito: {
    region: string;
    userPoolId: string | undefined;
    clientId: string | undefined;
    issuer: string | undefined;
    jwksUrl: string | undefined;
    endpoint: string | undefined;
    /** The hosted UI domain for single sign-on, e.g. auth.example.com; unset: no single sign-on. */
    oauthDomain: string | undefined;
  };
}

/** Requests per minute before 429; 0 turns a limit off. */
export interface RateLimits {
  /** Per client address, on the local identity provider's routes (/idp, /oauth2). */
  signInPerMinute: number;
  /** Per signed-in user, on administrative writes (customer module switches, manifest previews). */
  adminWritesPerMinute: number;
}

/**
 * Far above what a person, or the end-to-end suite signing in from one address, ever sends; far below
 * what guessing passwords or flooding the store needs.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { signInPerMinute: 100, adminWritesPerMinute: 60 };

/** The backends modules call, each with its base address variable (API_BASE_MAIN, ...). */
export const BACKENDS = ['main', 'assetHealth', 'mapping', 'lifex', 'technicalDashboard', 'lifeCost', 'modelRuntime', 'rail', 'coreData', 'coldStartPublic', 'userManagement'] as const;
export type BackendName = (typeof BACKENDS)[number];
/** API_BASE_ plus the name in upper snake case: coldStartPublic → API_BASE_COLD_START_PUBLIC. */
export const backendVariable = (name: BackendName) => `API_BASE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Where the local main API is served when this service provides it. */
export const LOCAL_MAIN_API_BASE = '/api/main';

function backendBases(env: NodeJS.ProcessEnv, localMainApi: boolean): Record<BackendName, string | null> {
  return Object.fromEntries(
    BACKENDS.map((name) => {
      const variable = backendVariable(name);
      const value = env[variable] || (name === 'main' && localMainApi ? LOCAL_MAIN_API_BASE : null);
      if (value !== null && !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)) throw new SettingsError(variable, `must be an http(s) URL or a path starting with /, got '${value}'`);
      return [name, value ? value.replace(/\/+$/, '') : null];
    }),
  ) as Record<BackendName, string | null>;
}

function signingKey(env: NodeJS.ProcessEnv, required: boolean): Buffer | undefined {
  const raw = env.ARTIFACT_SIGNING_KEY;
  // Outside local and demo there may be several replicas: a key of each process's own would refuse links.
  if (!raw && required) throw new SettingsError('ARTIFACT_SIGNING_KEY', 'is required when LOCAL_MAIN_API serves outside local and demo (e.g. `openssl rand -base64 32`)');
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length < 32 || key.toString('base64').replace(/=+$/, '') !== raw.replace(/=+$/, '')) {
    throw new SettingsError('ARTIFACT_SIGNING_KEY', 'must be base64 of at least 32 bytes (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

/** Thrown when the environment holds a value the service cannot start with. */
export class SettingsError extends Error {
  constructor(readonly variable: string, readonly rule: string) {
    super(`${variable}: ${rule}`);
    this.name = 'SettingsError';
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new SettingsError(name, `must be a port number, got '${raw}'`);
  return value;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new SettingsError(name, `must be a whole number of requests per minute (0: no limit), got '${raw}'`);
  return value;
}

/** Exact origins only: a pattern or '*' would open the API to pages nobody named. */
function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  const names = (env.CORS_ORIGINS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    let origin: string | undefined;
    try {
      origin = new URL(name).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== name || !/^https?:/.test(name) || name.includes('*')) throw new SettingsError('CORS_ORIGINS', `must list origins such as https://app.example.com (scheme, host and port only), got '${name}'`);
  }
  return [...new Set(names)];
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL || undefined;
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) throw new SettingsError('DATABASE_URL', 'must be a postgres:// or postgresql:// connection string');
  return url;
}

/** Reads and checks the service's settings from the environment. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = integer(env, 'PORT', 8080);
  const host = env.HOST || 'localhost';
  const environment = env.ENVIRONMENT || 'production';
  if (!/^[a-z][a-z0-9-]*$/.test(environment)) throw new SettingsError('ENVIRONMENT', `must be a lower-case name, got '${environment}'`);
  const identityProvider = (env.IDENTITY_PROVIDER || (LOCAL_ENVIRONMENTS.includes(environment) ? 'local' : 'cognito')) as Settings['identityProvider'];
  if (identityProvider !== 'local' && identityProvider !== 'cognito') {
    throw new SettingsError('IDENTITY_PROVIDER', `must be 'local' or 'cognito', got '${String(identityProvider)}'`);
  }
  if (identityProvider === 'local' && !LOCAL_ENVIRONMENTS.includes(environment)) {
    throw new SettingsError('IDENTITY_PROVIDER', `'local' is allowed only when ENVIRONMENT is ${LOCAL_ENVIRONMENTS.join(' or ')}`);
  }
  const region = env.COGNITO_REGION || 'us-east-1';
  const userPoolId = env.COGNITO_USER_POOL_ID || undefined;
  const clientId = env.COGNITO_CLIENT_ID || undefined;
  if (identityProvider === 'cognito') {
    if (!userPoolId) throw new SettingsError('COGNITO_USER_POOL_ID', 'is required when IDENTITY_PROVIDER is cognito');
    if (!clientId) throw new SettingsError('COGNITO_CLIENT_ID', 'is required when IDENTITY_PROVIDER is cognito');
  }
  const localMainApi = env.LOCAL_MAIN_API ? env.LOCAL_MAIN_API === 'true' : LOCAL_ENVIRONMENTS.includes(environment);
  const issuer = env.COGNITO_ISSUER || (userPoolId ? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}` : undefined);
  return {
    port,
    host,
    publicOrigin: env.PUBLIC_ORIGIN || `http://localhost:${port}`,
    environment,
    productName: env.PRODUCT_NAME || 'AssetTwin',
    identityProvider,
    localIdpPort: integer(env, 'LOCAL_IDP_PORT', 9229),
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, '.data')),
    databaseUrl: databaseUrl(env),
    localMainApi,
    artifactSigningKey: signingKey(env, localMainApi && !LOCAL_ENVIRONMENTS.includes(environment)),
    backends: backendBases(env, localMainApi),
    messaging: env.PINPOINT_APP_ID
      ? { kind: 'pinpoint', appId: env.PINPOINT_APP_ID, region: env.PINPOINT_REGION || region }
      : LOCAL_ENVIRONMENTS.includes(environment)
        ? { kind: 'local' }
        : null,
    corsOrigins: corsOrigins(env),
    rateLimits: {
      signInPerMinute: count(env, 'RATE_LIMIT_SIGN_IN', DEFAULT_RATE_LIMITS.signInPerMinute),
      adminWritesPerMinute: count(env, 'RATE_LIMIT_ADMIN_WRITES', DEFAULT_RATE_LIMITS.adminWritesPerMinute),
    },
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : LOCAL_ENVIRONMENTS.includes(environment),
    manifestsDir: resolve(env.MANIFESTS_DIR || resolve(repoRoot, 'route-manifests')),
    webDist: resolve(env.WEB_DIST || resolve(repoRoot, 'web/dist')),
    cognito: {
      region,
      userPoolId,
      clientId,
      issuer,
      jwksUrl: env.COGNITO_JWKS_URL || (issuer ? `${issuer}/.well-known/jwks.json` : undefined),
      endpoint: env.COGNITO_ENDPOINT || undefined,
      oauthDomain: env.COGNITO_OAUTH_DOMAIN || undefined,
    },
  };
}
