import type { ReleaseState } from '@platform/schemas';
import type { LoadOptions, ManifestSet } from '../manifests/loadManifestSet.ts';
import type { FolderEvent, RejectedEdit } from '../manifests/manifestFolder.ts';

/** A change in what is served: a release activated, an edit of the folder taken or refused, or the pilot changed. */
export type ReloadEvent =
  | FolderEvent
  /** The pilot started, changed or ended; `customers` are those whose users' set changed. */
  | { kind: 'pilot'; release: string | null; customers: string[]; at: string };

/** What GET /api/v1/admin/modules reports of the set in service. */
export interface ManifestStatus {
  /** The release being served to everyone outside a pilot. */
  release: string;
  loadedAt: string;
  /** The last edit of the watched folder that was refused, until a valid one replaces it; null without a watched folder. */
  rejected: RejectedEdit | null;
}

/**
 * What users are served, as the routes and plugins read it: the manifest releases in the store
 * (`ManifestReleases`, the one implementation; the folder only feeds it). Each reader asks for the
 * part it uses (`Pick<ServedManifests, …>`), so a test of one plugin can hand in just that.
 */
export interface ServedManifests {
  /** The set everyone outside a pilot is served. */
  current(): ManifestSet;
  /** The set a customer's users (and staff acting for it) are served; null: no customer in context. */
  servedTo(customerId: string | null): ManifestSet;
  /** The release in service and the pilot. */
  state(): ReleaseState;
  /** Any release, built as a set; undefined when there is none. */
  find(release: string): Promise<ManifestSet | undefined>;
  /** A release built and held in memory. */
  built(release: string): ManifestSet | undefined;
  /** Releases served here lately, oldest first; the last is the one in service. */
  recentReleases(): { release: string; loadedAt: string }[];
  status(): ManifestStatus;
  /** How many edits of the watched folder were refused since start (the metrics' counter). */
  readonly rejectedReloads: number;
  /** What a release is checked with (the web app's screens). */
  readonly load: LoadOptions;
  on(event: 'reload', listener: (event: ReloadEvent) => void): unknown;
  off(event: 'reload', listener: (event: ReloadEvent) => void): unknown;
}
