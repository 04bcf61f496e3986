import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './app.ts';
import { FolderWithLocalBundles } from './bundles/localModuleFolders.ts';
import { directoryClaimedCustomerIds } from './customers/claimedCustomerIds.ts';
import { AppClientWriteRights } from './identity/appClientWriteRights.ts';
import { cognitoMfaLookup } from './identity/cognitoMfaLookup.ts';
import { MfaStatus } from './identity/mfaStatus.ts';
import { UserStatus } from './identity/userStatus.ts';
import { poolPasswordPolicy } from './identity/poolPasswordPolicy.ts';
import { seedDemoCustomers } from './local/demoData/seedDemoCustomers.ts';
import { callbackUrls } from './local/identityProvider/seedLocalPool.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from './local/identityProvider/startLocalIdentityProvider.ts';
import { ManifestFolder } from './manifests/manifestFolder.ts';
import { formatProblem, moreLine } from './manifests/manifestProblem.ts';
import { readScreenCatalogue } from './manifests/screenCatalogue.ts';
import type { ManifestReleases } from './releases/manifestReleases.ts';
import type { ReloadEvent } from './releases/servedManifests.ts';
import { SettingsError, type Settings } from './settings.ts';
import { DirectorySyncStore } from './store/directorySyncStore.ts';
import { openDatabase } from './store/openDatabase.ts';
import { openPlatformServices, type PlatformServices } from './platformServices.ts';
import { refreshFromSignIn } from './users/refreshFromSignIn.ts';
import { DirectoryReconciliation } from './users/directoryReconciliation.ts';
import { cognitoUserPoolAdmin } from './users/userPoolAdmin.ts';
import { PilotGuard } from './telemetry/pilotGuard.ts';
import { SCREEN_REPORT_LIMITS } from './routes/telemetry/index.ts';

/** One step of a graceful shutdown: what it closes, for the log when it fails, and how. */
export type ShutdownStep = readonly [what: string, step: () => Promise<unknown>];

/** The platform as the settings describe it, ready for buildApp. */
export interface Platform extends PlatformServices {
  /** Everything buildApp registers its plugins and routes from, but the logger. */
  app: Omit<AppOptions, 'logger' | 'loggerInstance'>;
  /** The folder whose edits are published and activated (files mode); watched once the app is built. */
  watched: ManifestFolder | undefined;
  /** The local identity provider, when it is the one in use. */
  localIdentityProvider: LocalIdentityProvider | undefined;
  /** The proof that the app client's users cannot write custom:auth; unset: not checked (ALLOW_UNCHECKED_APP_CLIENT). */
  writeRights: AppClientWriteRights | undefined;
  /** Keeps the user directory true to the pool (decision 0092); started here, stopped on shutdown. */
  directorySync: DirectoryReconciliation;
  /** What closes, in order, around `closeServer` (the HTTP server, which answers until then). */
  shutdownSteps(closeServer: () => Promise<void>): readonly ShutdownStep[];
}

/**
 * The composition root (decision 0077): opens the database once, builds every service the settings ask
 * for on it, and starts the stand-ins for other teams' systems where the settings say this service plays
 * them. Everything that logs is given `logger` as it is built.
 */
export async function createPlatform(settings: Settings, logger: FastifyBaseLogger): Promise<Platform> {
  const screens = readScreenCatalogue();
  // The folder first when it is served: an invalid one stops start-up before anything else is started.
  const watched =
    settings.manifestSource !== 'files'
      ? undefined
      : settings.localModuleFolders.length
        ? new FolderWithLocalBundles(settings.manifestsDir, { screens }, settings.localModuleFolders, logger)
        : new ManifestFolder(settings.manifestsDir, { screens });

  // Then the database: migrated before anything is served, the demo customers added where wanted.
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    onError: (error) => console.error('database:', error.message),
  });
  // Users are served the store's releases; the folder is published into it (files), or seeds an empty one (store).
  const services = await openPlatformServices(database, async ({ releaseStore, bundles }) => {
    let folder = watched;
    if (!folder && !(await releaseStore.state())) {
      if (!existsSync(settings.manifestsDir))
        throw new SettingsError(
          'MANIFESTS_DIR',
          `the store holds no manifest release yet, and ${settings.manifestsDir} does not exist to publish the first one from`,
        );
      folder = new ManifestFolder(settings.manifestsDir, { screens });
    }
    // Before the releases open: the folder's first release names what the module folders hold.
    if (watched instanceof FolderWithLocalBundles) await watched.upload(bundles);
    return { load: { screens }, source: settings.manifestSource, folder, kept: settings.releasesKept, log: logger };
  });
  const { releases, customerModules } = services;
  if (settings.seedDemoData) await seedDemoCustomers(customerModules);
  logReloads(releases, logger);
  // Every replica watches a guarded pilot; the store lets one of them end it (decision 0088).
  const pilotGuard = new PilotGuard({ releases, reports: services.screenReports, tallies: services.guardTallies, log: logger });
  pilotGuard.start();

  let local: LocalIdentityProvider | undefined;
  // The names a browser on this machine may use for the platform; single sign-on returns only to them.
  const webOrigins = [...new Set([settings.publicOrigin, `http://localhost:${settings.port}`, `http://127.0.0.1:${settings.port}`])];
  if (settings.identityProvider === 'local') {
    local = await startLocalIdentityProvider({
      dataDir: settings.dataDir,
      port: settings.localIdpPort,
      lambdaEndpoint: `http://127.0.0.1:${settings.port}/idp/lambda`,
      webOrigins,
    });
  }
  const cognito = settings.cognito;
  const issuer = local?.issuer ?? cognito.issuer;
  const jwksUrl = local?.jwksUrl ?? cognito.jwksUrl;
  const clientId = local?.clientId ?? cognito.clientId;
  const userPoolId = local?.userPoolId ?? cognito.userPoolId;
  if (!issuer || !jwksUrl || !clientId || !userPoolId) throw new SettingsError('COGNITO_USER_POOL_ID', 'identity provider settings are incomplete');
  // The service's own calls to the user pool. The local emulator takes any credentials; a real pool needs
  // the deployment's own: DescribeUserPoolClient (decision 0041), AdminGetUser for the MFA of users who must
  // use it (decision 0042), ListUsers to reconcile the user directory (decision 0092), DescribeUserPool for the
  // password rules the sign-in forms show (decision 0048), and the admin calls of the user-management API
  // (decision 0049).
  const userPool = new CognitoIdentityProviderClient(
    local ? { endpoint: local.upstream, region: cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : { region: cognito.region },
  );
  // The directory follows the pool: reconciled at start when it never was, then on schedule. Under the local
  // identity provider the first run is awaited (a few users), so the demo's users are listed from the start.
  const directorySync = new DirectoryReconciliation({
    client: userPool,
    userPoolId,
    directory: services.userDirectory,
    sync: new DirectorySyncStore(database),
    ...settings.userDirectorySync,
    log: logger,
  });
  const firstSync = directorySync.start();
  if (local) await firstSync;
  // Checked against the local pool too, so every run of the service exercises the check.
  const writeRights = settings.checkAppClientWriteRights ? new AppClientWriteRights({ client: userPool, userPoolId, clientId }) : undefined;

  const app: Platform['app'] = {
    ...services,
    environment: settings.environment,
    productName: settings.productName,
    authentication: {
      issuer,
      jwksUrl,
      clientId,
      trustLocalKey: settings.trustLocalIdentityKey,
      mfa: new MfaStatus(cognitoMfaLookup(userPool, userPoolId)),
      staffAdminRequiresMfa: settings.staffAdminRequiresMfa,
      // A disabled user's tokens are refused by every replica within the window (decision 0093).
      userStatus: new UserStatus(services.userDirectory, { cacheMs: settings.userStatusCacheMs, log: logger }),
      onVerified: refreshFromSignIn(services.userDirectory),
    },
    browserAuth: {
      region: cognito.region,
      userPoolId,
      userPoolClientId: clientId,
      // Relative, so the browser reaches it on whichever name it used for the platform.
      userPoolEndpoint: local ? '/idp' : (cognito.endpoint ?? null),
      // cognito-local has no SRP; a real pool keeps Amplify's default.
      authFlowType: local ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
      // Spec section 9: response type code, scope openid. The local hosted UI is served by this
      // origin (domain ''); a real pool's domain comes from its settings.
      passwordPolicy: await poolPasswordPolicy(userPool, userPoolId, (message) => console.warn(`warning: ${message}`)),
      oauth:
        local || cognito.oauthDomain ? { domain: cognito.oauthDomain && !local ? cognito.oauthDomain : '', scopes: ['openid'], responseType: 'code' } : null,
    },
    ...(local
      ? { localIdp: { upstream: local.upstream, userPoolId: local.userPoolId, clientId: local.clientId, callbackUrls: callbackUrls(webOrigins) } }
      : {}),
    claimedCustomerIds: directoryClaimedCustomerIds(services.userDirectory),
    backends: settings.backends,
    backendRegions: settings.backendRegions,
    ...(settings.localMainApi
      ? {
          localMainApi: {
            // Unset, a key of this process's own: enough for one replica. Behind a load balancer every replica
            // needs the same ARTIFACT_SIGNING_KEY, or a link signed by one is refused by the next.
            signingKey: settings.artifactSigningKey ?? randomBytes(32),
          },
        }
      : {}),
    ...(settings.localUserManagementApi ? { userManagement: { pool: cognitoUserPoolAdmin(userPool, userPoolId), sync: directorySync } } : {}),
    messaging: settings.messaging,
    messagingQueue: settings.messagingQueue,
    appClientWriteRights: writeRights,
    corsOrigins: settings.corsOrigins,
    rateLimits: settings.rateLimits,
    manifestChecksPerUser: settings.manifestChecksPerUser,
    screenReportLimits: { ...SCREEN_REPORT_LIMITS, perUserPerMinute: settings.screenReportsPerUser },
    trustedProxyHops: settings.trustedProxyHops,
    streamLimits: settings.streamLimits,
    bundleUploads: settings.bundleUploads,
    bundleQuota: settings.bundleQuota,
    metricsToken: settings.metricsToken,
    webRoot: settings.webDist,
  };

  return {
    ...services,
    app,
    watched,
    localIdentityProvider: local,
    writeRights,
    directorySync,
    shutdownSteps: (closeServer) => [
      ['manifest watcher', async () => watched?.close()],
      ['http server', closeServer],
      ['pilot guard', () => pilotGuard.stop()],
      ['release listener', () => releases.close()],
      ['switch listener', () => customerModules.close()],
      ['user directory reconciliation', () => directorySync.stop()],
      ['database', () => database.close()],
      ['app client check', async () => writeRights?.stop()],
      ['identity provider', async () => local?.stop()],
    ],
  };
}

/**
 * Administrators edit route-manifests/ while the service runs (files) or publish releases: valid
 * edits are served at once, invalid ones are logged with every problem and change nothing.
 */
function logReloads(releases: ManifestReleases, logger: FastifyBaseLogger): void {
  releases.on('reload', (event: ReloadEvent) => {
    if (event.kind === 'loaded') logger.info({ release: event.release, previous: event.previous }, 'manifest release activated');
    if (event.kind === 'pilot')
      logger.info({ release: event.release, customers: event.customers }, event.release ? 'manifest release pilot changed' : 'manifest release pilot ended');
    if (event.kind === 'rejected') {
      logger.error(
        { serving: event.serving, problems: event.problems, moreProblems: event.moreProblems },
        `route manifests edit rejected; still serving ${event.serving}:\n${[...event.problems.map(formatProblem), ...moreLine(event.moreProblems)].join('\n')}`,
      );
    }
  });
}
