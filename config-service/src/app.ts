import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { PublicConfig } from '@platform/schemas';
import { ajv, coercingAjv } from './validation/schemaValidator.ts';
import { BACKENDS, environmentSchema, type MessagingQueueSettings, type MessagingSettings, type RateLimits, type StreamLimits } from './settings.ts';
import type { MessagingSink } from './messaging/messagingSink.ts';
import adminApi from './plugins/adminApi.ts';
import authentication, { type AuthenticationOptions } from './plugins/authentication.ts';
import { trustProxyHops } from './clientAddress.ts';
import { requestIdOptions } from './logging/loggerOptions.ts';
import { answerClientError } from './plugins/clientError.ts';
import { pageDirectives } from './plugins/contentSecurityPolicy.ts';
import { answerFrameworkError } from './plugins/frameworkError.ts';
import health from './plugins/health.ts';
import metrics, { metricsAccess } from './plugins/metrics.ts';
import openApi from './plugins/openApi.ts';
import bodyDepth from './plugins/bodyDepth.ts';
import type { InFlightLimits } from './plugins/inFlightLimit.ts';
import controlCharacters from './plugins/controlCharacters.ts';
import manifestChecksInFlight from './plugins/manifestChecksInFlight.ts';
import problem from './plugins/problem.ts';
import rateLimits from './plugins/rateLimits.ts';
import security from './plugins/security.ts';
import webApp from './plugins/webApp.ts';
import configRoutes from './routes/config/index.ts';
import customerRoutes from './routes/customers/index.ts';
import { CODINGS } from './contentCodings.ts';
import { MIN_COMPRESSED_BYTES } from './plugins/compressedBodies.ts';
import eventRoutes from './routes/events/index.ts';
import messagingRoutes from './routes/messaging/index.ts';
import notificationReadRoutes from './routes/notifications/index.ts';
import type { ClaimedCustomerIds } from './customers/claimedCustomerIds.ts';
import userManagementRoutes, { type UserManagementOptions } from './routes/userManagement/index.ts';
import type { NotificationReadStore } from './store/notificationReadStore.ts';
import type { PublisherStore } from './store/publisherStore.ts';
import publisherRoutes from './routes/publishers/index.ts';
import publishTokenRoutes from './routes/publishTokens/index.ts';
import type { UserAuditStore } from './store/userAuditStore.ts';
import type { UserDirectoryStore } from './store/userDirectoryStore.ts';
import type { CustomerModules } from './customers/customerModules.ts';
import type { WriteRightsState } from './identity/appClientWriteRights.ts';
import manifestRoutes from './routes/manifest/index.ts';
import adminRoutes from './routes/admin/index.ts';
import releaseRoutes from './routes/releases/index.ts';
import bundleRoutes from './routes/bundles/index.ts';
import type { BundleQuota, BundleStore } from './store/bundleStore.ts';
import type { Database } from './store/database.ts';
import type { ManifestReleases } from './releases/manifestReleases.ts';
import localStandIns, { type LocalIdpOptions } from './local/localStandIns.ts';
import type { LocalMainApiOptions } from './local/mainBackend/index.ts';
import telemetryRoutes, { type ScreenReportLimits } from './routes/telemetry/index.ts';
import screenHealthRoutes from './routes/screenHealth/index.ts';
import noticeRoutes from './routes/notices/index.ts';
import type { GuardTallyStore } from './store/guardTallyStore.ts';
import type { ScreenReportStore } from './store/screenReportStore.ts';

export interface AppOptions {
  environment: string;
  productName: string;
  /** What users are served: the manifest releases in the store (the route-manifests/ folder only feeds them). */
  releases: ManifestReleases;
  /** Customers and their module switches, in the database. */
  customerModules: CustomerModules;
  /** The platform's one database (createPlatform opens it), which the stores below and the health check use. */
  database: Database;
  /** Module bundles, in the database. */
  bundles: BundleStore;
  /** Who changed which user, in the database. */
  userAudit: UserAuditStore;
  /** The platform's index of the identity provider's users (decision 0085), which the users list reads. */
  userDirectory: UserDirectoryStore;
  /** Which notifications each user has read, in the database. */
  notificationReads: NotificationReadStore;
  /** How module screens fared in browsers, added up in the database (decision 0088). */
  screenReports: ScreenReportStore;
  /** What pilots' guards count: each user's first opens of the modules a pilot changes (decision 0096). */
  guardTallies: GuardTallyStore;
  /** The bounds of screen reports; unset: the route's defaults (120 events a minute a user, 10 000 rows, written every 2 s). */
  screenReportLimits?: ScreenReportLimits;
  /** Trusted publishers and their publish tokens, in the database (issue 38). */
  publishers: PublisherStore;
  /** The customer ids the user pool's claims name, for the operators' "not yet added" list; unset: no such list. */
  claimedCustomerIds?: ClaimedCustomerIds;
  authentication: AuthenticationOptions;
  /** Identity settings the browser is given. */
  browserAuth: PublicConfig['auth'];
  /** Backend bases the browser is given. */
  backends?: PublicConfig['backends'];
  /** The region of each backend the browser is given; left out, all are in the identity settings' region. */
  backendRegions?: PublicConfig['backendRegions'];
  /** The sink the service forwards messaging profiles to (the browser sends them here); unset or null: none. */
  messaging?: MessagingSettings | null;
  /** The bounds of the messaging retry queue; unset: the environment schema's defaults. */
  messagingQueue?: MessagingQueueSettings;
  /** A sink instead of the one `messaging` names (tests). */
  messagingSink?: MessagingSink;
  /** The main backend's local counterpart at /api/main, when this service plays it. */
  localMainApi?: LocalMainApiOptions;
  /** The user-management backend at /api/user-management, when this service plays it: the identity provider's admin API. */
  userManagement?: UserManagementOptions;
  /** The local identity provider, when it is the one in use: its address, web client and return addresses. */
  localIdp?: LocalIdpOptions;
  /** The proof that the app client's users cannot write custom:auth; /readyz waits for it. Unset: not checked (tests, ALLOW_UNCHECKED_APP_CLIENT). */
  appClientWriteRights?: { state(): WriteRightsState };
  /** Folder of the built web app, served with history-mode fallback. */
  webRoot?: string;
  /** Foreign origins whose pages may call the API (CORS); unset or empty: none. */
  corsOrigins?: readonly string[];
  /**
   * Proxies in front whose X-Forwarded-For entry is believed: the client address (logs, the sign-in
   * limit) is the entry that many hops back. Unset or 0: the connection's own address.
   */
  trustedProxyHops?: number;
  /** Requests per minute on sign-in and administrative writes; server.ts passes the settings. Unset: no limits (tests). */
  rateLimits?: RateLimits;
  /** Previews and release publications each user may have in flight (decision 0069); server.ts passes the setting. Unset or 0: no limit (tests). */
  manifestChecksPerUser?: number;
  /** Open event streams per user and per process, and the idle time; server.ts passes the settings. Unset: unbounded (tests). */
  streamLimits?: StreamLimits;
  /** Bundle uploads in flight at once, per user and per process; unset: the settings' defaults (2 and 4). */
  bundleUploads?: InFlightLimits;
  /** How much one module may keep of its bundles; server.ts passes the settings. Unset: the environment schema's defaults. */
  bundleQuota?: BundleQuota;
  /** How often an event stream gets a comment line and is checked for a client that stopped reading; unset: 20 s. Tests shorten it. */
  eventHeartbeatMs?: number;
  /** How long clients may take (SERVER_TIMEOUTS unless given; tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** Bearer token GET /metrics asks for; unset: open in local, closed (404) elsewhere. */
  metricsToken?: string;
  logger?: FastifyServerOptions['logger'];
  /** The logger the platform's services already write to (server.ts); instead of `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

/** How long a client may hold a connection without getting on with it (decision 0044). */
export interface ServerTimeouts {
  /** Receiving one whole request, headers and body, from its first byte (Node's requestTimeout). */
  requestMs: number;
  /** Receiving the request line and headers (Node's headersTimeout). */
  headersMs: number;
  /** A connection with no byte moving either way, at any point (Fastify's connectionTimeout). */
  idleSocketMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
  /** How often Node looks for requests past requestMs or headersMs. */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // Bodies are at most 1 MB (a bundle upload 10 MB) and nginx sends a request only once it has all of it; 30 s leaves a
  // browser on a poor link room, and a client dribbling bytes to hold a connection open none.
  requestMs: 30_000,
  headersMs: 10_000,
  // Over the event stream's heartbeat (20 s): a quiet stream writes a comment well within it, so only a
  // connection nobody reads from or writes to is cut, such as a client that stopped reading an answer.
  // Covers only the socket: Node's requestTimeout counts the request's arrival, never an answer's life.
  idleSocketMs: 60_000,
  // Longer than the proxy's own idle limit for kept-alive upstream connections (nginx: 60 s), so the
  // proxy closes them first and never sends a request on one the service is closing.
  keepAliveMs: 72_000,
  checkEveryMs: 5_000,
};

// Tests that write a hundred times a second as one user measure other things; the limits have their own.
const NO_RATE_LIMITS: RateLimits = { signInPerMinute: 0, adminWritesPerMinute: 0 };
const DEFAULT_MESSAGING_QUEUE: MessagingQueueSettings = {
  limit: environmentSchema.properties.MESSAGING_QUEUE_LIMIT.default,
  maxAttempts: environmentSchema.properties.MESSAGING_MAX_ATTEMPTS.default,
};
const DEFAULT_BUNDLE_QUOTA: BundleQuota = {
  versions: environmentSchema.properties.BUNDLE_QUOTA_VERSIONS.default,
  bytes: environmentSchema.properties.BUNDLE_QUOTA_MEGABYTES.default * 1024 * 1024,
};
const NO_BACKENDS = Object.fromEntries(BACKENDS.map((name) => [name, null])) as PublicConfig['backends'];

export interface RouteSummary {
  method: string;
  url: string;
  /** Whether the route verifies the bearer token before anything else. */
  signedIn: boolean;
  /** Whether the route answers a user whose MFA is pending, where every other signed-in route refuses them. */
  servesMfaPending: boolean;
  /** The route's own JSON body limit in bytes, where it differs from the service's 64 KB. */
  bodyLimit?: number;
  /** The query parameters its schema names. */
  queryNames: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteSummary[];
  }
}

/** Builds the service without listening, so tests can use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { requestTimeout: timeouts.requestMs, headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // Every log line of a request carries its id, the caller's X-Request-Id when usable; answers echo it.
    ...requestIdOptions,
    bodyLimit: 64 * 1024,
    // Never `true`: only the entries our proxies appended are believed, never a client's own.
    trustProxy: trustProxyHops(options.trustedProxyHops ?? 0),
    // Refused rather than stripped: a body carrying them is hostile or broken, and the client should know.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  // The API reads JSON only: a text/plain body is refused 415 rather than read as a string the schema
  // then refuses (the identity provider's adapter has parsers of its own).
  app.removeContentTypeParser('text/plain');
  // Bodies are JSON and must match exactly; query strings, parameters and headers are text, which the
  // coercing instance turns into the numbers and booleans their schemas name.
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? ajv : coercingAjv).compile(schema));
  // Ajv also holds the draft 2020-12 meta-schemas; no route refers to them, and their `properties.$id`
  // breaks the OpenAPI generator's reference resolver.
  for (const id of Object.keys(ajv.schemas).filter((k) => k.startsWith('https://') && !k.startsWith('https://json-schema.org/'))) {
    app.addSchema(ajv.getSchema(id)?.schema as { $id: string });
  }

  // Every route the service registers, with whether it requires sign-in: hardening tests walk it so
  // that a new route cannot escape them.
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    for (const method of [route.method].flat()) {
      routeTable.push({
        method: String(method),
        url: route.url,
        // Read once every onRoute hook has run: the admin API plugin's, which adds sign-in, runs after this one.
        get signedIn() {
          return [route.onRequest ?? []].flat().some((h) => h === app.authenticate);
        },
        servesMfaPending: route.config?.servesMfaPending === true,
        queryNames: Object.keys(query?.properties ?? {}),
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      });
    }
  });

  // Hooks that run on every request take a callback: an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  await app.register(problem);
  await app.register(controlCharacters);
  await app.register(bodyDepth);
  // Before anything answers: its hooks time every response, and routes count with `app.metrics`.
  const { releases, database, bundles } = options;
  // The active release's set and a pilot's: whose modules take bundles, and whose bundles the page maps.
  const servedSets = () => {
    const pilot = releases.state().pilot;
    const pilotSet = pilot && releases.built(pilot.release);
    return pilotSet ? [releases.current(), pilotSet] : [releases.current()];
  };
  await app.register(metrics, { access: metricsAccess(options.environment, options.metricsToken), manifests: releases, database });
  // What the browser is told to call is what the policy lets it call.
  const directives = pageDirectives({ auth: options.browserAuth, backends: options.backends ?? NO_BACKENDS });
  await app.register(security, { directives, corsOrigins: options.corsOrigins ?? [] });
  // Before the routes, which it attaches to as they are declared. JSON and pages over 1 KB go out
  // compressed to a client that takes it (the user manifest compresses its own prepared bodies once;
  // the web app's scripts come precompressed from the build, bundle files from their upload, decision
  // 0067). Request bodies are not decompressed:
  // a compressed body would slip past the body limits.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: MIN_COMPRESSED_BYTES,
    encodings: [...CODINGS],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } },
  });
  // Before the routes: the limits attach to routes as they are declared.
  await app.register(rateLimits, options.rateLimits ?? NO_RATE_LIMITS);
  // After the rate limits, whose guards it follows on each route: a request over the limit holds no slot.
  await app.register(manifestChecksInFlight, { perUser: options.manifestChecksPerUser ?? 0 });
  await app.register(authentication, { ...options.authentication, publishTokens: (token) => options.publishers.holderOf(token) });
  // Before the routes: the document is collected from their onRoute hooks.
  await app.register(openApi, { productName: options.productName });
  await app.register(health, {
    manifests: releases,
    database,
    jwksUrl: options.authentication.jwksUrl,
    appClient: options.appClientWriteRights,
  });
  await app.register(configRoutes, {
    manifests: releases,
    environment: options.environment,
    productName: options.productName,
    auth: options.browserAuth,
    backends: options.backends ?? NO_BACKENDS,
    backendRegions:
      options.backendRegions ?? (Object.fromEntries(BACKENDS.map((name) => [name, options.browserAuth.region])) as PublicConfig['backendRegions']),
    messaging: !!options.messaging,
  });
  const served = { manifests: releases, environment: options.environment, productName: options.productName, customerModules: options.customerModules };
  await app.register(manifestRoutes, served);
  // Staff's routes: sign-in, the staff check, no-store and the acting user come with the plugin.
  await app.register(adminApi, {
    routes: async (admin) => {
      await admin.register(adminRoutes, served);
      await admin.register(releaseRoutes, { releases, customerModules: options.customerModules, productName: options.productName, bundles });
      await admin.register(customerRoutes, { ...served, claimedCustomerIds: options.claimedCustomerIds });
      await admin.register(screenHealthRoutes, { releases, reports: options.screenReports, guardTallies: options.guardTallies });
      await admin.register(noticeRoutes, { releases });
      await admin.register(publisherRoutes, { publishers: options.publishers, manifests: releases, environment: options.environment });
      if (options.userManagement)
        await admin.register(userManagementRoutes, {
          ...options.userManagement,
          audit: options.userAudit,
          directory: options.userDirectory,
          heldCustomerIds: (ids) => options.customerModules.store.existingIds(ids),
          manifests: releases,
          mfa: options.authentication.mfa,
          userStatus: options.authentication.userStatus,
        });
    },
  });
  // A trusted publisher's CI exchanges its own token here; what the publish token may do is the admin API's.
  await app.register(publishTokenRoutes, { publishers: options.publishers, environment: options.environment });
  // Their files are public: the upload, list and withdrawal register under the admin API themselves.
  await app.register(bundleRoutes, { bundles, servedSets, uploads: options.bundleUploads, quota: options.bundleQuota ?? DEFAULT_BUNDLE_QUOTA });
  await app.register(eventRoutes, { ...served, streamLimits: options.streamLimits, heartbeatMs: options.eventHeartbeatMs });
  // Served whoever plays the main backend: it keeps no read state (decision 0075).
  await app.register(notificationReadRoutes, { store: options.notificationReads });
  await app.register(telemetryRoutes, {
    reports: options.screenReports,
    guardTallies: options.guardTallies,
    releases,
    customerModules: options.customerModules,
    environment: options.environment,
    limits: options.screenReportLimits,
  });
  if (options.messaging)
    await app.register(messagingRoutes, {
      settings: options.messaging,
      queue: options.messagingQueue ?? DEFAULT_MESSAGING_QUEUE,
      customers: options.customerModules,
      sink: options.messagingSink,
    });
  // Other teams' systems, where this service plays them (decision 0077).
  await app.register(localStandIns, {
    mainApi: options.localMainApi,
    idp: options.localIdp,
    customerModules: options.customerModules,
    users: options.userDirectory,
    productName: options.productName,
  });

  await app.register(webApp, { webRoot: options.webRoot, directives, servedSets });
  return app;
}
