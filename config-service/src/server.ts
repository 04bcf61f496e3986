import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { buildApp } from './app.ts';
import { StartupError } from './errors.ts';
import { loggableDatabaseUrl, loggerOptions } from './logging/loggerOptions.ts';
import { AppClientWriteRights } from './identity/appClientWriteRights.ts';
import { poolPasswordPolicy } from './identity/poolPasswordPolicy.ts';
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS, DEMO_PASSWORD, INVITED_DEMO_ACCOUNT } from './identity/local/demoAccounts.ts';
import { callbackUrls } from './identity/local/seedLocalPool.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from './identity/local/startLocalIdentityProvider.ts';
import { formatProblem, ManifestSetError, moreLine } from './manifests/manifestProblem.ts';
import { ManifestFolder } from './manifests/manifestFolder.ts';
import { ManifestReleases } from './releases/manifestReleases.ts';
import type { ReloadEvent } from './releases/servedManifests.ts';
import { ReleaseStore } from './store/releaseStore.ts';
import { BundleStore } from './store/bundleStore.ts';
import { FolderWithLocalBundles } from './bundles/localModuleFolders.ts';
import { readScreenCatalogue } from './manifests/screenCatalogue.ts';
import { cognitoClaimedCustomerIds } from './customers/claimedCustomerIds.ts';
import { CustomerModules } from './customers/customerModules.ts';
import { CustomerStore } from './store/customerStore.ts';
import { openDatabase } from './store/openDatabase.ts';
import { cognitoUserDirectory } from './routes/main/userDirectory.ts';
import { cognitoMfaLookup } from './identity/cognitoMfaLookup.ts';
import { cognitoUserPoolAdmin } from './users/userPoolAdmin.ts';
import { MfaStatus } from './identity/mfaStatus.ts';
import { loadSettings, SettingsError } from './settings.ts';

/** How long shutdown may take before the process ends regardless. */
const SHUTDOWN_LIMIT_MS = 10_000;
/**
 * How long a stopping service keeps answering before it closes its port. Closing at once resets the
 * connections already made but not yet read (the kernel's queue, a request not yet parsed): requests
 * the client has sent. Meanwhile answers say `Connection: close` and /readyz says not ready, so callers
 * and load balancers move on.
 */
const SHUTDOWN_DRAIN_MS = 1_000;

async function main() {
  // The environment over .env, checked against its schema; production's risks refused unless allowed.
  const settings = loadSettings();
  const screens = readScreenCatalogue();
  // The folder first when it is served: an invalid one stops start-up before anything else is started.
  const watched =
    settings.manifestSource !== 'files'
      ? undefined
      : settings.localModuleFolders.length
        ? new FolderWithLocalBundles(settings.manifestsDir, { screens }, settings.localModuleFolders)
        : new ManifestFolder(settings.manifestsDir, { screens });

  // Then the database: migrated before anything is served, the demo customers added where wanted.
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    onError: (error) => console.error('database:', error.message),
  });
  // Users are served the store's releases; the folder is published into it (files), or seeds an empty one (store).
  const releaseStore = new ReleaseStore(database);
  let folder = watched;
  if (!folder && !(await releaseStore.state())) {
    if (!existsSync(settings.manifestsDir))
      throw new SettingsError(
        'MANIFESTS_DIR',
        `the store holds no manifest release yet, and ${settings.manifestsDir} does not exist to publish the first one from`,
      );
    folder = new ManifestFolder(settings.manifestsDir, { screens });
  }
  const bundles = new BundleStore(database);
  // Before the releases open: the folder's first release names what the module folders hold.
  if (watched instanceof FolderWithLocalBundles) await watched.upload(bundles);
  const releases = await ManifestReleases.open({
    store: releaseStore,
    bundles,
    load: { screens },
    source: settings.manifestSource,
    folder,
    kept: settings.releasesKept,
  });
  const customerModules = await CustomerModules.open(new CustomerStore(database), releases);
  if (settings.seedDemoData) {
    for (const customer of DEMO_CUSTOMERS) await customerModules.createCustomer({ ...customer }, { sub: 'system', email: 'demo-data' });
  }

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
  // use it (decision 0042), ListUsers for the customer ids in users' claims (decision 0050) and the local main
  // API's user lists, DescribeUserPool for the password rules the sign-in forms show (decision 0048), and the
  // admin calls of the user-management API (decision 0049).
  const userPool = new CognitoIdentityProviderClient(
    local ? { endpoint: local.upstream, region: cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : { region: cognito.region },
  );
  // Checked against the local pool too, so every run of the service exercises the check.
  const writeRights = settings.checkAppClientWriteRights ? new AppClientWriteRights({ client: userPool, userPoolId, clientId }) : undefined;

  const app = await buildApp({
    environment: settings.environment,
    productName: settings.productName,
    releases,
    authentication: {
      issuer,
      jwksUrl,
      clientId,
      trustLocalKey: settings.trustLocalIdentityKey,
      mfa: new MfaStatus(cognitoMfaLookup(userPool, userPoolId)),
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
    customerModules,
    claimedCustomerIds: cognitoClaimedCustomerIds(userPool, userPoolId),
    backends: settings.backends,
    backendRegions: settings.backendRegions,
    ...(settings.localMainApi
      ? {
          localMainApi: {
            users: cognitoUserDirectory(userPool, userPoolId),
            // Unset, a key of this process's own: enough for one replica. Behind a load balancer every replica
            // needs the same ARTIFACT_SIGNING_KEY, or a link signed by one is refused by the next.
            signingKey: settings.artifactSigningKey ?? randomBytes(32),
          },
        }
      : {}),
    ...(settings.localUserManagementApi ? { userManagement: { pool: cognitoUserPoolAdmin(userPool, userPoolId) } } : {}),
    messaging: settings.messaging,
    messagingQueue: settings.messagingQueue,
    appClientWriteRights: writeRights,
    corsOrigins: settings.corsOrigins,
    rateLimits: settings.rateLimits,
    manifestChecksPerUser: settings.manifestChecksPerUser,
    trustedProxyHops: settings.trustedProxyHops,
    streamLimits: settings.streamLimits,
    bundleUploads: settings.bundleUploads,
    bundleQuota: settings.bundleQuota,
    metricsToken: settings.metricsToken,
    webRoot: settings.webDist,
    logger: loggerOptions({ level: settings.logLevel, pretty: settings.logFormat === 'pretty' }),
  });
  releases.log = app.log;
  if (watched instanceof FolderWithLocalBundles) watched.log = app.log;
  // The first reading before the port opens (bounded by its time-out), so a replica whose client is fine
  // is ready as soon as it listens; later readings (with back-off until proved, then hourly) run in the background.
  if (writeRights) await writeRights.start(app.log);
  else app.log.warn('ALLOW_UNCHECKED_APP_CLIENT=true: the app client is not read; that its users cannot write custom:auth must be proved another way');

  // Administrators edit route-manifests/ while the service runs (files) or publish releases: valid
  // edits are served at once, invalid ones are logged with every problem and change nothing.
  releases.on('reload', (event: ReloadEvent) => {
    if (event.kind === 'loaded') app.log.info({ release: event.release, previous: event.previous }, 'manifest release activated');
    if (event.kind === 'pilot')
      app.log.info({ release: event.release, customers: event.customers }, event.release ? 'manifest release pilot changed' : 'manifest release pilot ended');
    if (event.kind === 'rejected') {
      app.log.error(
        { serving: event.serving, problems: event.problems, moreProblems: event.moreProblems },
        `route manifests edit rejected; still serving ${event.serving}:\n${[...event.problems.map(formatProblem), ...moreLine(event.moreProblems)].join('\n')}`,
      );
    }
  });
  watched?.watch();

  let stopping = false;
  // A callback, not async: this runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    // A second signal while stopping (a supervisor and a terminal both sending one) changes nothing.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs, the process ends: a supervisor's next signal would be SIGKILL anyway.
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    app.stopReadiness();
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
    let failed = false;
    for (const [what, step] of [
      ['manifest watcher', async () => watched?.close()],
      ['http server', () => app.close()],
      ['release listener', () => releases.close()],
      ['switch listener', () => customerModules.close()],
      ['database', () => database.close()],
      ['app client check', async () => writeRights?.stop()],
      ['identity provider', async () => local?.stop()],
    ] as const) {
      try {
        await step();
      } catch (error) {
        failed = true;
        app.log.error({ err: error }, `closing the ${what} failed`);
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  const lines = [
    '',
    `  Platform running at ${settings.publicOrigin}  (environment: ${settings.environment}, release ${releases.current().release}${watched ? `, publishing edits of ${settings.manifestsDir}` : ' from the store'})`,
    `  Database: ${settings.databaseUrl ? `PostgreSQL at ${loggableDatabaseUrl(settings.databaseUrl)}` : `embedded PGlite in ${join(settings.dataDir, 'pglite')}`}`,
  ];
  if (local) {
    lines.push(`  Local identity provider on ${local.upstream}; sign-up and reset codes are logged in ${local.logFile}`);
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) {
      const who = a.unusableAuth
        ? 'misconfigured (custom:auth cannot be read)'
        : `${a.auth?.role ?? '-'}${a.auth?.customerId ? ` @ ${a.auth.customerId}` : ''}`;
      lines.push(`    ${a.email.padEnd(26)} ${who}`);
    }
    lines.push(`    ${INVITED_DEMO_ACCOUNT.email.padEnd(26)} invited: its temporary password is in the log; sign-in asks for a new one`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // What the operator can act on is said in words, with the code docs/errors.md lists; anything else
  // is printed whole, stack and cause included, since nobody foresaw it.
  if (error instanceof StartupError || error instanceof ManifestSetError) console.error(`Cannot start: ${error.message}\n(${error.code}: see docs/errors.md)`);
  else console.error('Cannot start:', error);
  process.exit(1);
});
