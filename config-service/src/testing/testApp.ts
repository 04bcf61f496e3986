// Test support: an app wired as in production but with a key pair of the test's own, published
// by a small JWKS server, so tokens are signed and verified for real, never stubbed.
import { createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { AuthenticationOptions } from '../plugins/authentication.ts';
import { isLocalEnvironment } from '../settings.ts';
import { ManifestFolder, type FolderEvent } from '../manifests/manifestFolder.ts';
import type { ServedManifests } from '../releases/servedManifests.ts';
import { CustomerModules } from '../customers/customerModules.ts';
import { CustomerStore } from '../store/customerStore.ts';
import { openMigratedPglite } from './migratedPglite.ts';
import { ManifestReleases } from '../releases/manifestReleases.ts';
import { openPlatformServices, type PlatformServices } from '../platformServices.ts';
import { ReleaseStore } from '../store/releaseStore.ts';
import { BundleStore } from '../store/bundleStore.ts';
import { NotificationReadStore } from '../store/notificationReadStore.ts';
import { PublisherStore } from '../store/publisherStore.ts';
import { UserAuditStore } from '../store/userAuditStore.ts';
import { UserDirectoryStore } from '../store/userDirectoryStore.ts';
import { GuardTallyStore } from '../store/guardTallyStore.ts';
import { ScreenReportStore } from '../store/screenReportStore.ts';
import type { MfaStatus } from '../identity/mfaStatus.ts';
import { signJwt, startJwksIssuer } from './jwksIssuer.ts';

export const ISSUER = 'http://issuer.test/local_pool';
export const CLIENT = 'web-client';
export const ROUTE_MANIFESTS = new URL('../../../route-manifests', import.meta.url).pathname;

const keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** A key no JWKS publishes. */
export const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
/** cognito-local's published signing key, which only local environments may trust. */
export const localIdp = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string; jwk: object };

export const now = () => Math.floor(Date.now() / 1000);

/** A token of `payload` signed with the test apps' key, or with another key, key id or algorithm. */
export const sign = (payload: Record<string, unknown>, options: { key?: KeyObject | string; kid?: string; alg?: string } = {}): string =>
  signJwt(payload, options.key ?? keyPair.privateKey, { kid: options.kid ?? 'test-key', ...(options.alg ? { alg: options.alg } : {}) });

/** ID token claims of a customer engineer at acme, with any field replaced. */
export const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  iss: ISSUER,
  aud: CLIENT,
  token_use: 'id',
  iat: now(),
  exp: now() + 3600,
  email: 'erin@acme.example',
  given_name: 'Erin',
  family_name: 'Engineer',
  'custom:auth': JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' }),
  ...extra,
});

/** A signed ID token whose custom:auth is the given object. */
export const tokenFor = (auth: object) => sign(claims({ 'custom:auth': JSON.stringify(auth) }));

/** A signed ID token of platform staff (role sentient), who may act for any customer. */
export const staffToken = () => tokenFor({ role: 'sentient' });

async function addDemoCustomers(modules: CustomerModules): Promise<void> {
  for (const customer of [
    { id: 'acme', name: 'Acme Industrial' },
    { id: 'globex', name: 'Globex Energy' },
  ]) {
    await modules.createCustomer(customer, { sub: 'system', email: 'test-setup' });
  }
}

/** An in-memory PGlite database, migrated, with the demo customers acme and globex. */
export async function demoCustomerModules(manifests: Pick<ServedManifests, 'current'>): Promise<CustomerModules> {
  const db = await openMigratedPglite();
  const modules = await CustomerModules.open(new CustomerStore(db), manifests);
  await addDemoCustomers(modules);
  const close = modules.close.bind(modules);
  modules.close = async () => {
    await close();
    await db.close();
  };
  return modules;
}

/** Demo customers with the given modules switched off, written as an operator would. */
export async function customersWithModulesOff(manifests: Pick<ServedManifests, 'current'>, off: Record<string, string[]>): Promise<CustomerModules> {
  const modules = await demoCustomerModules(manifests);
  for (const [customerId, keys] of Object.entries(off)) {
    for (const key of keys) {
      const current = (await modules.modulesOf(customerId)).find((m) => m.key === key)!;
      await modules.setModule({
        customerId,
        moduleKey: key,
        enabled: false,
        reason: 'test',
        expectedVersion: current.version,
        actor: { sub: 'op', email: 'op@test' },
      });
    }
  }
  return modules;
}

/**
 * Manifest releases in the customers' database, the first one published from `folder` (store mode:
 * the folder is not watched). Closed with the customer modules.
 */
export async function releasesOn(modules: CustomerModules, folder: ManifestFolder): Promise<ManifestReleases> {
  const releases = await ManifestReleases.open({
    store: new ReleaseStore(modules.store.db),
    bundles: new BundleStore(modules.store.db),
    source: 'store',
    folder,
  });
  const close = modules.close.bind(modules);
  modules.close = async () => {
    await releases.close();
    await close();
  };
  return releases;
}

// ---- What users are served, wired as createPlatform wires it (issue 29 point 1) ----

/** What an app serves, as createPlatform opens it: the releases, the customers whose switches they default, and the stores beside them. */
export type Served = PlatformServices;

/**
 * The production wiring on an in-memory database: manifest releases published from `folder` (store
 * mode; files mode: its edits are published and activated as it reloads, as while developing), and
 * the demo customers acme and globex. Closed with the customer modules.
 */
export async function servedFrom(folder: ManifestFolder, source: 'store' | 'files' = 'store'): Promise<Served> {
  const db = await openMigratedPglite();
  const services = await openPlatformServices(db, () => ({ source, folder }));
  const { releases, customerModules } = services;
  await addDemoCustomers(customerModules);
  const close = customerModules.close.bind(customerModules);
  customerModules.close = async () => {
    await releases.close();
    await close();
    await db.close();
  };
  return services;
}

/** The stores createPlatform builds beside the customers, on the database of customers a test opened itself. */
const storesBeside = (modules: CustomerModules) => ({
  database: modules.store.db,
  bundles: new BundleStore(modules.store.db),
  userAudit: new UserAuditStore(modules.store.db),
  notificationReads: new NotificationReadStore(modules.store.db),
  userDirectory: new UserDirectoryStore(modules.store.db),
  screenReports: new ScreenReportStore(modules.store.db),
  guardTallies: new GuardTallyStore(modules.store.db),
  publishers: new PublisherStore(modules.store.db),
});

/**
 * Reloads a folder the releases follow (files mode) and waits until they have taken the edit, published
 * and served, or told that it was refused: what a request sees next is the outcome, without polling.
 */
export async function reloadFolder(folder: ManifestFolder, releases: ManifestReleases): Promise<FolderEvent> {
  const told = once(releases, 'reload');
  const event = folder.reload();
  await told;
  return event;
}

/** The key set the test apps' identity provider publishes: the tests' signing key and the local emulator's. */
export const TEST_JWKS = {
  keys: [
    { ...keyPair.publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' },
    // Its public half, as cognito-local publishes it: a key set holding private keys is refused.
    { ...createPublicKey({ key: localIdp.jwk as JsonWebKey, format: 'jwk' }).export({ format: 'jwk' }), kid: 'CognitoLocal', alg: 'RS256', use: 'sig' },
  ],
};

export interface TestApps {
  /**
   * Builds an app; options override the defaults. Closed by `close()`. The local identity provider's
   * key is trusted where its provider may run without an ALLOW_ variable: in the local environment only.
   * Without `mfa`, no user who must use MFA has it; without `onVerified`, sign-ins refresh no user directory. Without `releases`, the apps share one wiring
   * as server.ts makes it (`servedFrom` the route-manifests/ folder). Without `staffAdminRequiresMfa`, staff administer without MFA.
   */
  app(
    options?: Partial<AppOptions> & {
      trustLocalKey?: boolean;
      mfa?: MfaStatus;
      onVerified?: AuthenticationOptions['onVerified'];
      staffAdminRequiresMfa?: boolean;
    },
  ): Promise<FastifyInstance>;
  /** The route-manifests/ folder the shared releases were published from. */
  folder: ManifestFolder;
  /** `servedFrom(folder, source)`, closed with the apps. */
  served(folder: ManifestFolder, source?: 'store' | 'files'): Promise<Served>;
  /** Closed with the apps. */
  track(modules: CustomerModules): CustomerModules;
  close(): Promise<void>;
}

/** Starts the JWKS server; call in beforeAll and close in afterAll. */
export async function startTestApps(): Promise<TestApps> {
  // Publishes TEST_JWKS: the tests' own key, and the local emulator's beside it.
  const { jwksUrl, close: closeJwks } = await startJwksIssuer({ pool: 'local_pool', clientId: CLIENT, keyPair, otherKeys: TEST_JWKS.keys.slice(1) });
  const apps: FastifyInstance[] = [];
  const folder = new ManifestFolder(ROUTE_MANIFESTS);
  const opened: CustomerModules[] = [];
  const served = async (from: ManifestFolder, source?: 'store' | 'files') => {
    const wiring = await servedFrom(from, source);
    opened.push(wiring.customerModules);
    return wiring;
  };
  let shared: Promise<Served> | undefined;
  return {
    folder,
    served,
    track(modules) {
      opened.push(modules);
      return modules;
    },
    async app({ environment = 'local', trustLocalKey = isLocalEnvironment(environment), mfa, onVerified, staffAdminRequiresMfa, ...options } = {}) {
      const wiring = options.releases && options.customerModules ? undefined : await (shared ??= served(folder));
      const customerModules = options.customerModules ?? wiring!.customerModules;
      const stores = wiring && customerModules === wiring.customerModules ? wiring : storesBeside(customerModules);
      const instance = await buildApp({
        environment,
        productName: 'AssetTwin',
        releases: options.releases ?? wiring!.releases,
        customerModules,
        database: stores.database,
        bundles: stores.bundles,
        userAudit: stores.userAudit,
        notificationReads: stores.notificationReads,
        userDirectory: stores.userDirectory,
        screenReports: stores.screenReports,
        guardTallies: stores.guardTallies,
        publishers: stores.publishers,
        authentication: {
          issuer: ISSUER,
          jwksUrl,
          clientId: CLIENT,
          trustLocalKey,
          ...(mfa ? { mfa } : {}),
          ...(onVerified ? { onVerified } : {}),
          ...(staffAdminRequiresMfa ? { staffAdminRequiresMfa } : {}),
        },
        browserAuth: {
          region: 'us-east-1',
          userPoolId: 'local_pool',
          userPoolClientId: CLIENT,
          userPoolEndpoint: null,
          authFlowType: 'USER_PASSWORD_AUTH',
          oauth: null,
          passwordPolicy: null,
        },
        ...options,
      });
      apps.push(instance);
      return instance;
    },
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await Promise.all([...new Set(opened)].map((m) => m.close()));
      await closeJwks();
    },
  };
}
