import { join, resolve } from 'node:path';
import { BACKENDS, isDemoOrLocal, type BackendName } from '@platform/schemas';
import type { InFlightLimits } from './plugins/inFlightLimit.ts';
import { repoRoot } from './repoPaths.ts';
import type { BundleQuota } from './store/bundleStore.ts';
import { backendVariable, LOCAL_MAIN_API_BASE, LOCAL_MODEL_RUNTIME_API_BASE, LOCAL_USER_MANAGEMENT_API_BASE } from './settings/backends.ts';
import { environmentSchema, type Environment } from './settings/environmentSchema.ts';
import { loadEnvFile } from './settings/loadEnvFile.ts';
import { messagingSettings, type MessagingQueueSettings, type MessagingSettings } from './settings/messagingSettings.ts';
import { isLocalEnvironment, refuseUnsafeProduction, type GuardName } from './settings/productionGuards.ts';
import { SettingsError } from './settings/settingsError.ts';
import { originList, validateEnvironment } from './settings/validateEnvironment.ts';

export { BACKENDS, type BackendName } from '@platform/schemas';
export { backendVariable } from './settings/backends.ts';
export { environmentSchema } from './settings/environmentSchema.ts';
export { isLocalEnvironment } from './settings/productionGuards.ts';
export { SettingsError, type SettingsErrorCode, type SettingsProblem } from './settings/settingsError.ts';
export type { MessagingQueueSettings, MessagingSettings } from './settings/messagingSettings.ts';

export interface Settings {
  port: number;
  host: string;
  /** Public origin of the platform, used for the addresses the browser is given. */
  publicOrigin: string;
  environment: string;
  productName: string;
  identityProvider: 'local' | 'cognito';
  /** Whether tokens signed with the local identity provider's published key are accepted: only when it is the provider. */
  trustLocalIdentityKey: boolean;
  localIdpPort: number;
  dataDir: string;
  /** A PostgreSQL server; unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Whether to add the demo customers when they are missing. */
  seedDemoData: boolean;
  manifestsDir: string;
  /** files: the folder is published and watched; store: the store's active release alone is served. */
  manifestSource: 'files' | 'store';
  /** Modules whose screens a build folder on this machine holds (local only; decision 0064). */
  localModuleFolders: { module: string; dir: string }[];
  /** Releases that keep their files, newest first (0: all); the oldest past it are pruned on publishing. */
  releasesKept: number;
  /** How much one module may keep of its bundles (BUNDLE_QUOTA_VERSIONS, BUNDLE_QUOTA_MEGABYTES). */
  bundleQuota: BundleQuota;
  webDist: string;
  /** Whether this service serves the main backend's local counterpart at /api/main, and Model Runtime's at /api/model-runtime (demo data). */
  localMainApi: boolean;
  /** Whether this service serves the user-management backend at /api/user-management, on the identity provider's pool. */
  localUserManagementApi: boolean;
  /** Signs artifact download links; unset: a random key per process (one replica only). */
  artifactSigningKey: Buffer | undefined;
  /** Backend bases handed to the browser (PublicConfig['backends']). */
  backends: Record<BackendName, string | null>;
  /** The region each backend is in, handed to the browser with the bases (PublicConfig['backendRegions']). */
  backendRegions: Record<BackendName, string>;
  /** The sink the service forwards messaging profiles to; null: none, and the browser sends none. */
  messaging: MessagingSettings | null;
  /** The bounds of the queue that retries a failing sink. */
  messagingQueue: MessagingQueueSettings;
  /** Foreign origins whose pages may call the API (CORS); empty: none. */
  corsOrigins: string[];
  rateLimits: RateLimits;
  /** Previews and release publications each user may have in flight; 0: no limit. */
  manifestChecksPerUser: number;
  /** How long a replica takes a user's enabled state from the user directory as read (decision 0093). */
  userStatusCacheMs: number;
  /** Whether unrestricted staff need a second factor set up to use the admin API (decision 0095). */
  staffAdminRequiresMfa: boolean;
  /** Screen report events each user may send a minute (decision 0088). */
  screenReportsPerUser: number;
  /** Proxies whose X-Forwarded-For entry is believed; 0: none (the connection's address is the client's). */
  trustedProxyHops: number;
  /** Open event streams per user and per process, and how long one may stay quiet. */
  streamLimits: StreamLimits;
  /** Module bundle uploads in flight at once, per user and per process (decision 0068). */
  bundleUploads: InFlightLimits;
  /** Bearer token /metrics requires once set; unset: open in local, closed elsewhere. */
  metricsToken: string | undefined;
  /** How often the user directory is reconciled with the pool, and at what pace (decision 0092). */
  userDirectorySync: { intervalMs: number; callsPerSecond: number };
  logLevel: Environment['LOG_LEVEL'];
  /** One JSON object a line (production) or readable lines (a developer under npm start). */
  logFormat: 'json' | 'pretty';
  /** Outside local, the risks the ALLOW_ variables accept (settings/productionGuards.ts). */
  allowedInProduction: Record<GuardName, boolean>;
  /** Whether /readyz waits until the app client is read and its users cannot write custom:auth (decision 0041). */
  checkAppClientWriteRights: boolean;
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
  /** Per client address, on the local identity provider's routes (/idp, /oauth2), and apart on the publish-token exchange. */
  signInPerMinute: number;
  /** Per signed-in user, on administrative writes (customer module switches, manifest previews). */
  adminWritesPerMinute: number;
}

/** How many event streams a process holds open, and for how long one may stay quiet. 0: no bound. */
export interface StreamLimits {
  /** Open streams per signed-in user (by `sub`), across their tabs and devices. */
  perUser: number;
  /** Open streams in this process for one customer: its users' and staff acting for it, together. */
  perCustomer: number;
  /** Open streams in this process, every user together. */
  perProcess: number;
  /** A stream that has carried no event for this long is closed; a live page reconnects at once. */
  idleMs: number;
}

/**
 * Far above what a person, or the end-to-end suite signing in from one address, ever sends; far below
 * what guessing passwords or flooding the store needs. The numbers live in the environment's schema.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerMinute: environmentSchema.properties.RATE_LIMIT_SIGN_IN.default,
  adminWritesPerMinute: environmentSchema.properties.RATE_LIMIT_ADMIN_WRITES.default,
};

/** Bundle uploads in flight: two a user (a CI job and a person at once), four a process (decision 0068). */
export const DEFAULT_BUNDLE_UPLOADS: InFlightLimits = {
  perUser: environmentSchema.properties.BUNDLE_UPLOADS_PER_USER.default,
  perProcess: environmentSchema.properties.BUNDLE_UPLOADS_PER_PROCESS.default,
};

function backendBases(values: Environment, local: { mainApi: boolean; userManagementApi: boolean }): Record<BackendName, string | null> {
  const served: Partial<Record<BackendName, string>> = {
    ...(local.mainApi ? { main: LOCAL_MAIN_API_BASE, modelRuntime: LOCAL_MODEL_RUNTIME_API_BASE } : {}),
    ...(local.userManagementApi ? { userManagement: LOCAL_USER_MANAGEMENT_API_BASE } : {}),
  };
  return Object.fromEntries(
    BACKENDS.map((name) => {
      const value = values[backendVariable(name)] ?? served[name] ?? null;
      return [name, value ? value.replace(/\/+$/, '') : null];
    }),
  ) as Record<BackendName, string | null>;
}

function signingKey(raw: string | undefined, required: boolean): Buffer | undefined {
  // Outside local there may be several replicas: a key of each process's own would refuse links.
  if (!raw && required)
    throw new SettingsError('ARTIFACT_SIGNING_KEY', 'is required when LOCAL_MAIN_API serves outside local (e.g. `openssl rand -base64 32`)');
  return raw ? Buffer.from(raw, 'base64') : undefined;
}

/**
 * LOCAL_MODULE_FOLDERS as module and folder: a developer's working copy, served on their own machine
 * only. Anywhere else it would put unreviewed files from the server's disk in front of every user.
 */
function localModuleFolders(raw: string | undefined, environment: string, source: 'files' | 'store'): Settings['localModuleFolders'] {
  if (!raw) return [];
  if (!isLocalEnvironment(environment))
    throw new SettingsError(
      'LOCAL_MODULE_FOLDERS',
      `serves a module's screens from a folder on this machine, past every release and review: only where ENVIRONMENT is local, not '${environment}'. Upload the build instead (npm run modules:publish)`,
    );
  if (source !== 'files')
    throw new SettingsError(
      'LOCAL_MODULE_FOLDERS',
      "names the folders' bundles in the release the route-manifests folder publishes: it needs MANIFEST_SOURCE=files",
    );
  return raw.split(',').map((pair) => {
    const [module = '', dir = ''] = pair.split('=');
    return { module, dir: resolve(dir) };
  });
}

/**
 * Reads and checks the service's settings from `env`: each variable against its rule in the environment's
 * schema (all wrong ones named at once), then the rules between variables and the defaults that depend on
 * another variable. Outside local, IDENTITY_PROVIDER=local needs ALLOW_LOCAL_IDENTITY_PROVIDER, and a Cognito
 * issuer or JWKS over plain http, or a JWKS elsewhere than under the issuer, its own ALLOW_ variable.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const values = validateEnvironment(env);
  const environment = values.ENVIRONMENT;
  // Defaults suit trying the platform out in demo as in local; the guards let demo take them only with their flags.
  const demoOrLocal = isDemoOrLocal(environment);
  const local = isLocalEnvironment(environment);
  const identityProvider = values.IDENTITY_PROVIDER ?? (demoOrLocal ? 'local' : 'cognito');
  const region = values.COGNITO_REGION;
  const userPoolId = values.COGNITO_USER_POOL_ID;
  const clientId = values.COGNITO_CLIENT_ID;
  if (identityProvider === 'cognito') {
    if (!userPoolId) throw new SettingsError('COGNITO_USER_POOL_ID', 'is required when IDENTITY_PROVIDER is cognito');
    if (!clientId) throw new SettingsError('COGNITO_CLIENT_ID', 'is required when IDENTITY_PROVIDER is cognito');
  }
  const localMainApi = values.LOCAL_MAIN_API ?? demoOrLocal;
  const localUserManagementApi = values.LOCAL_USER_MANAGEMENT_API ?? demoOrLocal;
  const issuer = values.COGNITO_ISSUER ?? (userPoolId ? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}` : undefined);
  // DATA_DIR and the like are taken from the working directory when given, from the code's own tree when not.
  const folder = (given: string | undefined, fallback: string) => resolve(given ?? join(repoRoot, fallback));
  const settings: Settings = {
    port: values.PORT,
    host: values.HOST,
    publicOrigin: values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`,
    environment,
    productName: values.PRODUCT_NAME,
    identityProvider,
    // The published key signs the local identity provider's tokens and nobody else's: a pool never uses it.
    trustLocalIdentityKey: identityProvider === 'local',
    localIdpPort: values.LOCAL_IDP_PORT,
    dataDir: folder(values.DATA_DIR, '.data'),
    databaseUrl: values.DATABASE_URL,
    localMainApi,
    localUserManagementApi,
    artifactSigningKey: signingKey(values.ARTIFACT_SIGNING_KEY, localMainApi && !local),
    backends: backendBases(values, { mainApi: localMainApi, userManagementApi: localUserManagementApi }),
    // Spec section 9: one standard region, and a government region for the one public API.
    backendRegions: {
      ...(Object.fromEntries(BACKENDS.map((name) => [name, region])) as Record<BackendName, string>),
      coldStartPublic: values.COLD_START_PUBLIC_REGION,
    },
    messaging: messagingSettings(values, region, { environment, local }),
    messagingQueue: { limit: values.MESSAGING_QUEUE_LIMIT, maxAttempts: values.MESSAGING_MAX_ATTEMPTS },
    corsOrigins: [...new Set(originList(values.CORS_ORIGINS ?? ''))],
    rateLimits: { signInPerMinute: values.RATE_LIMIT_SIGN_IN, adminWritesPerMinute: values.RATE_LIMIT_ADMIN_WRITES },
    manifestChecksPerUser: values.MANIFEST_CHECKS_PER_USER,
    userStatusCacheMs: values.USER_STATUS_CACHE_SECONDS * 1000,
    // Off only on a developer's machine, whose demo staff account has no second factor; demo is reachable.
    staffAdminRequiresMfa: values.STAFF_ADMIN_REQUIRES_MFA ?? !local,
    screenReportsPerUser: values.SCREEN_REPORTS_PER_USER,
    trustedProxyHops: values.TRUSTED_PROXY_HOPS,
    streamLimits: {
      perUser: values.EVENT_STREAMS_PER_USER,
      perCustomer: values.EVENT_STREAMS_PER_CUSTOMER,
      perProcess: values.EVENT_STREAMS_PER_PROCESS,
      idleMs: values.EVENT_STREAM_IDLE_MINUTES * 60_000,
    },
    bundleUploads: { perUser: values.BUNDLE_UPLOADS_PER_USER, perProcess: values.BUNDLE_UPLOADS_PER_PROCESS },
    metricsToken: values.METRICS_TOKEN,
    userDirectorySync: { intervalMs: values.USER_DIRECTORY_SYNC_MINUTES * 60_000, callsPerSecond: values.USER_DIRECTORY_SYNC_CALLS_PER_SECOND },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (demoOrLocal ? 'pretty' : 'json'),
    allowedInProduction: {
      localIdentityProvider: values.ALLOW_LOCAL_IDENTITY_PROVIDER,
      demoData: values.ALLOW_DEMO_DATA,
      localMainApi: values.ALLOW_LOCAL_MAIN_API,
      embeddedDatabase: values.ALLOW_EMBEDDED_DATABASE,
      httpIssuer: values.ALLOW_HTTP_IDENTITY_PROVIDER,
      httpJwksUrl: values.ALLOW_HTTP_IDENTITY_PROVIDER,
      jwksOutsideIssuer: values.ALLOW_JWKS_OUTSIDE_ISSUER,
      httpMessagingWebhook: values.ALLOW_HTTP_MESSAGING_SINK,
      httpCustomerProfiles: values.ALLOW_HTTP_MESSAGING_SINK,
    },
    checkAppClientWriteRights: !values.ALLOW_UNCHECKED_APP_CLIENT,
    seedDemoData: values.SEED_DEMO_DATA ?? demoOrLocal,
    manifestsDir: folder(values.MANIFESTS_DIR, 'route-manifests'),
    manifestSource: values.MANIFEST_SOURCE ?? (demoOrLocal ? 'files' : 'store'),
    releasesKept: values.RELEASES_KEPT,
    bundleQuota: { versions: values.BUNDLE_QUOTA_VERSIONS, bytes: values.BUNDLE_QUOTA_MEGABYTES * 1024 * 1024 },
    localModuleFolders: localModuleFolders(values.LOCAL_MODULE_FOLDERS, environment, values.MANIFEST_SOURCE ?? (demoOrLocal ? 'files' : 'store')),
    webDist: folder(values.WEB_DIST, 'web/dist'),
    cognito: {
      region,
      userPoolId,
      clientId,
      issuer,
      jwksUrl: values.COGNITO_JWKS_URL ?? (issuer ? `${issuer}/.well-known/jwks.json` : undefined),
      endpoint: values.COGNITO_ENDPOINT,
      oauthDomain: values.COGNITO_OAUTH_DOMAIN,
    },
  };
  // Trusting a published key, or keys anyone on the way could swap, is refused wherever settings are read, not only at start-up.
  refuseUnsafeProduction(settings, ['localIdentityProvider', 'httpIssuer', 'httpJwksUrl', 'jwksOutsideIssuer']);
  return settings;
}

/**
 * The settings the service starts with: `.env` in `directory` under the real environment, read and
 * checked, and, outside local, every production risk refused unless its ALLOW_ variable is set.
 */
export function loadSettings({ env = process.env, directory = process.cwd() }: { env?: NodeJS.ProcessEnv; directory?: string } = {}): Settings {
  loadEnvFile(join(directory, '.env'), env);
  const settings = readSettings(env);
  refuseUnsafeProduction(settings);
  return settings;
}
