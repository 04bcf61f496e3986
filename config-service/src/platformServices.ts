import { CustomerModules } from './customers/customerModules.ts';
import { ManifestReleases, type ManifestReleasesOptions } from './releases/manifestReleases.ts';
import { BundleStore } from './store/bundleStore.ts';
import { CustomerStore } from './store/customerStore.ts';
import { NotificationReadStore } from './store/notificationReadStore.ts';
import { PublisherStore } from './store/publisherStore.ts';
import type { Database } from './store/database.ts';
import { ReleaseStore } from './store/releaseStore.ts';
import { GuardTallyStore } from './store/guardTallyStore.ts';
import { ScreenReportStore } from './store/screenReportStore.ts';
import { UserAuditStore } from './store/userAuditStore.ts';
import { UserDirectoryStore } from './store/userDirectoryStore.ts';

/** The services the platform keeps in its one database. */
export interface PlatformServices {
  database: Database;
  /** What users are served: the manifest releases in the store. */
  releases: ManifestReleases;
  customerModules: CustomerModules;
  bundles: BundleStore;
  userAudit: UserAuditStore;
  /** Which notifications each user has read (decision 0075). */
  notificationReads: NotificationReadStore;
  /** The platform's index of the identity provider's users (decision 0085). */
  userDirectory: UserDirectoryStore;
  /** How module screens fared in browsers (decision 0088). */
  screenReports: ScreenReportStore;
  guardTallies: GuardTallyStore;
  /** Trusted publishers and their publish tokens (issue 38, decision 0086). */
  publishers: PublisherStore;
}

/** How the releases open, but for the stores, which the database gives. */
export type ReleaseOptions = Omit<ManifestReleasesOptions, 'store' | 'bundles'>;

/**
 * The stores over `database` and the services on them, each built once (tests open theirs here too).
 * `releasesFrom` sees the stores before the releases open: what the first release is published from
 * may depend on what the store already holds.
 */
export async function openPlatformServices(
  database: Database,
  releasesFrom: (stores: { releaseStore: ReleaseStore; bundles: BundleStore }) => ReleaseOptions | Promise<ReleaseOptions>,
): Promise<PlatformServices> {
  const releaseStore = new ReleaseStore(database);
  const bundles = new BundleStore(database);
  const releases = await ManifestReleases.open({ store: releaseStore, bundles, ...(await releasesFrom({ releaseStore, bundles })) });
  const customerModules = await CustomerModules.open(new CustomerStore(database), releases);
  return {
    database,
    releases,
    customerModules,
    bundles,
    userAudit: new UserAuditStore(database),
    notificationReads: new NotificationReadStore(database),
    userDirectory: new UserDirectoryStore(database),
    screenReports: new ScreenReportStore(database),
    guardTallies: new GuardTallyStore(database),
    publishers: new PublisherStore(database),
  };
}
