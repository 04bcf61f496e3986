import type { ModuleView, Release, ReleaseDiff, ReleaseFiles, ReleaseSummary, ResolvedRoute } from '@platform/schemas';
import type { TestUser } from './fakePlatform.ts';

/** A staff member of the provider, who may administer releases. */
export const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };

/** A release as the service stores it, holding `files`. */
export const storedRelease = (id: string, files: ReleaseFiles, parent: string | null = null): Release => ({
  id,
  files,
  author: { sub: STAFF.sub, email: STAFF.email },
  publishedAt: '2026-11-26T09:00:00.000Z',
  reason: 'a test release',
  parent,
  report: { valid: true, files: Object.keys(files).length, modules: 0, routes: 0, problems: [] },
});

/** The difference between two releases that differ in nothing a user would notice; a test adds the changes it is about. */
export const noChange = (from: string, to: string): ReleaseDiff => ({
  from,
  to,
  identical: false,
  modules: [],
  renamed: [],
  exposure: [],
  bundles: [],
  routesAdded: [],
  routesRemoved: [],
  routesRetitled: [],
  routeRoles: [],
});

/** The list's view of a release: who published it, when and why, without its files. */
export const releaseSummary = ({ id, author, publishedAt, reason, parent }: Release): ReleaseSummary => ({ id, author, publishedAt, reason, parent });

const releaseRoute = (name: string, fullPath: string) => ({ name, fullPath, children: [] }) as unknown as ResolvedRoute;

/** The dashboard module as staff get it: with the release list and draft screens, so links to them resolve. */
export const STAFF_DASH: ModuleView = {
  key: 'dash',
  name: 'Dashboard',
  baseUrl: '/',
  breadcrumbs: false,
  landingPath: '/',
  routes: [releaseRoute('settings.releases.list', '/settings/releases'), releaseRoute('settings.releases.draft', '/settings/releases/draft')],
};
