import { AWS_REGION_PATTERN, BACKENDS } from '@platform/schemas';
import { backendVariable, type BackendVariable } from './backends.ts';

// The service's environment, every variable it reads, described once. Each variable's own rule is here
// (type, range, pattern, enum, format, default); rules between variables, and defaults that depend on
// another variable, are in readSettings. Annotations beyond JSON Schema, registered with Ajv:
//   x-rule     the rule in words, for start-up messages, where the keywords alone would read badly
//   x-default  the default in words, where it depends on another variable or on where the code lies
//   x-secret   never echo the value in a message (it may hold a password or a key)
// Formats (validateEnvironment.ts): origin, origin-list, signing-key.

const port = (fallback: number, description: string) => ({ type: 'integer', minimum: 1, maximum: 65535, default: fallback, description }) as const;
const perMinute = (fallback: number, description: string) => ({ type: 'integer', minimum: 0, maximum: 1_000_000, default: fallback, description }) as const;
const flag = (description: string, fallback?: { 'x-default': string }) => ({ type: 'boolean', description, ...fallback }) as const;
const allow = (description: string) => ({ type: 'boolean', default: false, description }) as const;
const region = (description: string) =>
  ({ type: 'string', pattern: AWS_REGION_PATTERN, 'x-rule': 'must be an AWS region such as eu-west-1', description }) as const;
/** A variable of an earlier release that now stops start-up, saying what replaces it (decision 0055). */
const retired = (rule: string) =>
  ({ not: {}, 'x-rule': `is no longer read: Amazon Pinpoint ended support on 30 October 2026. ${rule}`, description: 'retired' }) as const;
const httpAddress = { pattern: '^(https?://\\S+|/\\S*)$', 'x-rule': 'must be an http(s) URL or a path starting with /' } as const;

const backendProperties = Object.fromEntries(
  BACKENDS.map((name) => [
    backendVariable(name),
    { type: 'string', ...httpAddress, description: `base address of the ${name} backend, handed to the browser at run time` },
  ]),
) as Record<BackendVariable, { type: 'string'; pattern: string; 'x-rule': string; description: string; 'x-default'?: string }>;
backendProperties[backendVariable('main')]!['x-default'] = '/api/main when LOCAL_MAIN_API is on, else unset';
backendProperties[backendVariable('modelRuntime')]!['x-default'] = '/api/model-runtime when LOCAL_MAIN_API is on, else unset';
backendProperties[backendVariable('userManagement')]!['x-default'] = '/api/user-management when LOCAL_USER_MANAGEMENT_API is on, else unset';

/** The JSON Schema of the service's environment: every variable, its rule, default and meaning. */
export const environmentSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://asset-platform.example/schemas/config-service-environment.schema.json',
  title: 'Config service environment',
  description: 'The environment variables the config service reads at start (and the .env file under them). An empty value counts as unset.',
  type: 'object',
  properties: {
    PORT: port(8080, 'port of the platform (web, API and identity adapter on one origin)'),
    HOST: {
      type: 'string',
      pattern: '^\\S+$',
      'x-rule': 'must be a host name or address without spaces',
      default: 'localhost',
      description: 'interface to listen on',
    },
    PUBLIC_ORIGIN: {
      type: 'string',
      format: 'origin',
      'x-rule': 'must be an origin such as https://platform.example.com (scheme, host and port only)',
      'x-default': 'http://localhost:$PORT',
      description: 'the origin browsers use',
    },
    ENVIRONMENT: {
      type: 'string',
      pattern: '^[a-z][a-z0-9-]*$',
      'x-rule': 'must be a lower-case name (a-z, 0-9 and -, starting with a letter)',
      default: 'production',
      description:
        'local takes every shortcut (local identity provider, demo data, open /metrics); demo has the same defaults, but it and any other name are production, whose guards need the ALLOW_ variables',
    },
    PRODUCT_NAME: { type: 'string', default: 'AssetTwin', description: 'product name in the top bar and in "{product} for Engineering"' },
    IDENTITY_PROVIDER: {
      type: 'string',
      enum: ['local', 'cognito'],
      'x-default': 'local in local/demo, else cognito',
      description: 'which identity provider to trust',
    },
    LOCAL_IDP_PORT: port(9229, 'loopback port of the local identity provider'),
    DATA_DIR: {
      type: 'string',
      'x-default': '.data in the repository',
      description: 'where the local identity provider and the embedded database (pglite/) keep their data',
    },
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      'x-rule': 'must be a postgres:// or postgresql:// connection string',
      'x-secret': true,
      'x-default': 'unset: the embedded PGlite database',
      description: 'a PostgreSQL server; needed for several replicas',
    },
    SEED_DEMO_DATA: flag('add the demo customers acme and globex when missing', { 'x-default': 'true in local/demo, else false' }),
    LOCAL_MAIN_API: flag("serve the main backend's local counterpart at /api/main, and Model Runtime's at /api/model-runtime", {
      'x-default': 'true in local/demo, else false',
    }),
    LOCAL_USER_MANAGEMENT_API: flag(
      "serve the user-management backend at /api/user-management, acting on the identity provider's user pool with the service's own credentials",
      { 'x-default': 'true in local/demo, else false' },
    ),
    ARTIFACT_SIGNING_KEY: {
      type: 'string',
      format: 'signing-key',
      'x-rule': 'must be base64 of at least 32 bytes (e.g. `openssl rand -base64 32`)',
      'x-secret': true,
      'x-default': 'a random key per process',
      description: 'signs artifact download links; set the same on every replica',
    },
    ...backendProperties,
    COLD_START_PUBLIC_REGION: {
      ...region('region of the cold start public API, the one backend in a government region (spec section 9); the others are in COGNITO_REGION'),
      default: 'us-gov-west-1',
    },
    MESSAGING_SINK: {
      type: 'string',
      enum: ['local', 'connect-customer-profiles', 'webhook', 'none'],
      description:
        "where the service forwards each signed-in user's messaging profile (decision 0055): `local`, kept in memory for staff to read (development, tests); `connect-customer-profiles`, Amazon Connect Customer Profiles; `webhook`, a signed HTTPS POST; `none`, the browser sends nothing. Unset: `local` where ENVIRONMENT is local, refused anywhere else",
    },
    MESSAGING_QUEUE_LIMIT: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      default: 10_000,
      description: 'users whose latest profile waits, per process, for a sink that failed; past it the oldest is dropped and counted',
    },
    MESSAGING_MAX_ATTEMPTS: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      default: 8,
      description: "attempts at one user's profile (the first and its retries, with exponential back-off from 1 s to 5 min) before it is dropped and counted",
    },
    MESSAGING_CUSTOMER_PROFILES_DOMAIN: {
      type: 'string',
      pattern: '^[a-zA-Z0-9_-]{1,64}$',
      'x-rule': 'must be a Customer Profiles domain name (letters, digits, _ and -, at most 64)',
      'x-default': 'required when MESSAGING_SINK is connect-customer-profiles',
      description: 'the Amazon Connect Customer Profiles domain that gets the profiles, with the credentials of the service itself',
    },
    MESSAGING_CUSTOMER_PROFILES_REGION: { ...region('region of the Customer Profiles domain'), 'x-default': '$COGNITO_REGION' },
    MESSAGING_CUSTOMER_PROFILES_ENDPOINT: {
      type: 'string',
      pattern: '^https?://\\S+$',
      'x-rule': 'must be an http(s) URL',
      'x-default': "unset: the region's own",
      description: 'another address for the Customer Profiles API (a VPC endpoint; a stand-in under test)',
    },
    MESSAGING_WEBHOOK_URL: {
      type: 'string',
      pattern: '^https?://\\S+$',
      'x-rule': 'must be an http(s) URL',
      'x-default': 'required when MESSAGING_SINK is webhook',
      description: 'where each profile is POSTed as JSON, signed (HTTPS outside local)',
    },
    MESSAGING_WEBHOOK_SECRET: {
      type: 'string',
      minLength: 32,
      'x-rule': 'must be at least 32 characters (e.g. `openssl rand -hex 32`)',
      'x-secret': true,
      'x-default': 'required when MESSAGING_SINK is webhook',
      description: 'shared secret of the webhook signature (HMAC-SHA256 of the timestamp and the body)',
    },
    PINPOINT_APP_ID: retired(
      'Unset it and set MESSAGING_SINK=connect-customer-profiles with MESSAGING_CUSTOMER_PROFILES_DOMAIN (and MESSAGING_CUSTOMER_PROFILES_REGION), or MESSAGING_SINK=webhook with MESSAGING_WEBHOOK_URL and MESSAGING_WEBHOOK_SECRET',
    ),
    PINPOINT_REGION: retired("Unset it; a Customer Profiles domain's region is MESSAGING_CUSTOMER_PROFILES_REGION"),
    CORS_ORIGINS: {
      type: 'string',
      format: 'origin-list',
      'x-rule': 'must list origins such as https://app.example.com (scheme, host and port only), separated by commas',
      'x-default': 'unset: no CORS',
      description: 'exact origins whose pages may call the API from the browser',
    },
    RATE_LIMIT_SIGN_IN: perMinute(
      100,
      'requests a minute per client address to the local identity provider before 429, and publish-token exchanges counted apart; 0: no limit',
    ),
    TRUSTED_PROXY_HOPS: {
      type: 'integer',
      minimum: 0,
      maximum: 10,
      default: 0,
      description:
        "proxies in front of the service, at private addresses, whose X-Forwarded-For entry is believed (nginx of compose.yaml: 1); the client address, and the sign-in limit's key, is the entry that many hops back; 0: the connection's own address",
    },
    RATE_LIMIT_ADMIN_WRITES: perMinute(
      60,
      'administrative writes a minute per signed-in user before 429 (previews: five times as many, counted apart); 0: no limit',
    ),
    MANIFEST_CHECKS_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000,
      default: 1,
      description:
        'previews and release publications (each checks a whole manifest set, up to 1 MB) in flight per signed-in user before 429 with Retry-After; 0: no limit',
    },
    USER_STATUS_CACHE_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 30,
      default: 10,
      description:
        "how long each replica takes a user's enabled or disabled state from the user directory as read: a disable reaches every replica's refusal of the user's tokens within it; 0: read it for every request",
    },
    STAFF_ADMIN_REQUIRES_MFA: flag(
      'refuse user, customer, module exposure and release administration (the admin API) to unrestricted staff with no second factor set up, as the identity provider says (decision 0095)',
      { 'x-default': 'false in local, else true' },
    ),
    SCREEN_REPORTS_PER_USER: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      default: 120,
      description:
        'screen report events (POST /api/v1/telemetry/screens) kept per signed-in user a minute; more are dropped and counted, and a client ten times over gets 429',
    },
    EVENT_STREAMS_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      default: 20,
      description: 'open event streams per signed-in user (their tabs and devices) before 429; 0: no limit',
    },
    BUNDLE_UPLOADS_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000,
      default: 2,
      description: 'module bundle uploads one signed-in user may have in flight at once before 429; 0: no limit',
    },
    BUNDLE_UPLOADS_PER_PROCESS: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000,
      default: 4,
      description:
        'module bundle uploads a service process reads at once, every user together, before 429 (each holds its body, up to 10 MB, and up to 25 MB of files); 0: no limit',
    },
    EVENT_STREAMS_PER_CUSTOMER: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      default: 1_000,
      description: "open event streams per service process for one customer (its users', and staff acting for it) before 429; 0: no limit",
    },
    EVENT_STREAMS_PER_PROCESS: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      default: 10_000,
      description: 'open event streams per service process before 503; 0: no limit',
    },
    EVENT_STREAM_IDLE_MINUTES: {
      type: 'integer',
      minimum: 0,
      maximum: 1440,
      default: 30,
      description: 'an event stream that carried no event for this long is closed, and a live page reconnects at once; 0: never',
    },
    USER_DIRECTORY_SYNC_MINUTES: {
      type: 'integer',
      minimum: 1,
      maximum: 1440,
      default: 15,
      description: "how often the platform's user directory is reconciled with the identity provider's pool (decision 0092)",
    },
    USER_DIRECTORY_SYNC_CALLS_PER_SECOND: {
      type: 'integer',
      minimum: 1,
      maximum: 25,
      default: 5,
      description: 'ListUsers calls a second at most while the user directory is reconciled, 60 users each',
    },
    MANIFEST_SOURCE: {
      type: 'string',
      enum: ['files', 'store'],
      'x-default': 'files in local/demo, else store',
      description:
        "what users are served: `files`, the folder (watched; each valid edit is published as a release and activated), or `store`, the store's active release alone (the folder only seeds an empty store)",
    },
    LOCAL_MODULE_FOLDERS: {
      type: 'string',
      pattern: '^[a-z][a-z0-9]*=[^,]+(,[a-z][a-z0-9]*=[^,]+)*$',
      'x-rule': 'must be module=folder pairs, comma-separated (mr=modules/model-runtime/dist)',
      'x-default': 'unset (npm start names the built modules/*)',
      description:
        "local only, with MANIFEST_SOURCE=files: serve each module the screens its build folder holds now, uploaded as a version of their own and named in the folder's release; a rebuild is served as the next (npm run module:dev)",
    },
    RELEASES_KEPT: {
      type: 'integer',
      minimum: 0,
      maximum: 100_000,
      default: 200,
      description:
        'manifest releases that keep their files, newest first; publishing past it clears the files of the oldest, but never of the active release, the pilot or the last 10 made active; 0: keep all',
    },
    BUNDLE_QUOTA_VERSIONS: {
      type: 'integer',
      minimum: 1,
      maximum: 100_000,
      default: 100,
      description:
        'module bundle versions one module may keep (withdrawn ones do not count); an upload past it is refused (409 CFG_ERR_BUNDLE_QUOTA) until staff withdraw a version no release in service names',
    },
    BUNDLE_QUOTA_MEGABYTES: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      default: 250,
      description:
        "megabytes of one module's bundle files, as uploaded, across its versions (withdrawn ones do not count; the br and gzip forms kept beside them add about a half); an upload past it is refused (409 CFG_ERR_BUNDLE_QUOTA)",
    },
    MANIFESTS_DIR: {
      type: 'string',
      'x-default': 'route-manifests in the repository',
      description: 'the route manifests: watched and published under `files`, the first release under `store`',
    },
    WEB_DIST: { type: 'string', 'x-default': 'web/dist in the repository', description: 'the built web app to serve' },
    METRICS_TOKEN: {
      type: 'string',
      minLength: 16,
      'x-rule': 'must be at least 16 characters (e.g. `openssl rand -hex 24`)',
      'x-secret': true,
      'x-default': 'unset: /metrics open in local, closed elsewhere',
      description: 'bearer token that /metrics requires in every environment once set (decision 0018)',
    },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', description: 'service log level' },
    LOG_FORMAT: {
      type: 'string',
      enum: ['json', 'pretty'],
      'x-default': 'pretty in local/demo, else json',
      description: 'log lines: `json`, one object a line for a collector, or `pretty`, readable lines (needs pino-pretty, a development dependency)',
    },
    COGNITO_REGION: { ...region('region of the user pool'), default: 'us-east-1' },
    COGNITO_USER_POOL_ID: {
      type: 'string',
      pattern: '^[\\w-]+_[0-9a-zA-Z]+$',
      'x-rule': 'must be a user pool id such as eu-west-1_AbC123',
      'x-default': 'required when IDENTITY_PROVIDER is cognito',
      description: 'the user pool',
    },
    COGNITO_CLIENT_ID: {
      type: 'string',
      pattern: '^\\S+$',
      'x-rule': 'must be an app client id without spaces',
      'x-default': 'required when IDENTITY_PROVIDER is cognito',
      description: "the web app's client (no secret); ID tokens must have it as audience",
    },
    COGNITO_ISSUER: {
      type: 'string',
      pattern: '^https?://\\S+$',
      'x-rule': 'must be an http(s) URL',
      'x-default': 'https://cognito-idp.$COGNITO_REGION.amazonaws.com/$COGNITO_USER_POOL_ID',
      description: 'exact iss of the ID tokens',
    },
    COGNITO_JWKS_URL: {
      type: 'string',
      pattern: '^https?://\\S+$',
      'x-rule': 'must be an http(s) URL',
      'x-default': '$COGNITO_ISSUER/.well-known/jwks.json',
      description: 'where the signing keys are',
    },
    COGNITO_ENDPOINT: { type: 'string', ...httpAddress, description: 'a custom Cognito endpoint for the browser, if any' },
    COGNITO_OAUTH_DOMAIN: {
      type: 'string',
      pattern: '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$',
      'x-rule': 'must be a host name such as auth.example.com (no scheme, no path)',
      'x-default': 'unset: no single sign-on',
      description: "the pool's hosted UI domain, for single sign-on",
    },
    ALLOW_UNCHECKED_APP_CLIENT: allow(
      "skip reading the app client at start: /readyz then does not wait for proof that the web app's users cannot write custom:auth (prove it another way)",
    ),
    ALLOW_LOCAL_IDENTITY_PROVIDER: allow('outside local, allow IDENTITY_PROVIDER=local and trust its signing key, which is published with the code'),
    ALLOW_DEMO_DATA: allow('outside local, allow SEED_DEMO_DATA=true'),
    ALLOW_LOCAL_MAIN_API: allow('outside local, allow LOCAL_MAIN_API=true'),
    ALLOW_EMBEDDED_DATABASE: allow('outside local, allow running without DATABASE_URL on the embedded database (one process only)'),
    ALLOW_HTTP_IDENTITY_PROVIDER: allow('outside local, allow a COGNITO_ISSUER or COGNITO_JWKS_URL over plain http to a host other than loopback'),
    ALLOW_HTTP_MESSAGING_SINK: allow(
      'outside local, allow a MESSAGING_WEBHOOK_URL or MESSAGING_CUSTOMER_PROFILES_ENDPOINT over plain http to a host other than loopback',
    ),
    ALLOW_JWKS_OUTSIDE_ISSUER: allow(
      "outside local, allow a COGNITO_JWKS_URL that is not under COGNITO_ISSUER (another origin, or a path outside the issuer's)",
    ),
  },
} as const;

type Properties = typeof environmentSchema.properties;
/** Every variable the service reads. */
export type Variable = keyof Properties;
type ValueOf<P> = P extends { type: 'integer' } ? number : P extends { type: 'boolean' } ? boolean : P extends { enum: readonly (infer E)[] } ? E : string;

/** The environment once validated: numbers and booleans converted, literal defaults filled in. */
export type Environment = {
  [V in Variable]: ValueOf<Properties[V]> | (Properties[V] extends { default: unknown } ? never : undefined);
} & Record<BackendVariable, string | undefined>; // the spread of the generated backends loses its index signature
