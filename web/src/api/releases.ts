import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Release, ReleaseAuditPage, ReleaseDiff, ReleaseFiles, ReleaseList, ReleaseState } from '@platform/schemas';
import { authorization } from './authorization.ts';
import { getJson, postJson, putJson, send } from './http.ts';
import { RELEASES_KEY } from './releaseKeys.ts';

/** Every step names the active release it was decided on: the service refuses (409) if it moved on meanwhile. */
const seen = (active: string) => ({ 'if-match': `"${active}"` });

const BASE = '/api/v1/admin/releases';
const PAGE = 20;

/** The releases newest first, a page at a time; every page also says which is active and the pilot. */
export const releaseListQuery = infiniteQueryOptions({
  queryKey: [...RELEASES_KEY, 'list'],
  queryFn: async ({ pageParam }) => {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (pageParam) query.set('cursor', pageParam);
    return getJson<ReleaseList>(`${BASE}?${query}`, await authorization());
  },
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** A release with its files; immutable, so never refetched. */
export const releaseQuery = (id: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, 'release', id],
    queryFn: async () => getJson<Release>(`${BASE}/${encodeURIComponent(id)}`, await authorization()),
    staleTime: Infinity,
  });

/** What changes for users going from release `from` to release `to`. */
export const releaseDiffQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, 'diff', from, to],
    queryFn: async () => getJson<ReleaseDiff>(`${BASE}/${encodeURIComponent(to)}/diff?against=${encodeURIComponent(from)}`, await authorization()),
    staleTime: Infinity,
  });

/** Every step taken on the releases, newest first. */
export const releaseAuditQuery = infiniteQueryOptions({
  queryKey: [...RELEASES_KEY, 'audit'],
  queryFn: async ({ pageParam }) => {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (pageParam) query.set('cursor', pageParam);
    return getJson<ReleaseAuditPage>(`${BASE}/audit?${query}`, await authorization());
  },
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Stores a manifest set as a release (201, or 200 when that content already is one); activates nothing. */
export async function publishRelease(files: ReleaseFiles, reason: string): Promise<Release> {
  return postJson<Release>(BASE, { files, reason }, await authorization());
}

/** Makes a release the one everyone is served: a publication's last step, or a rollback. */
export async function activateRelease(release: string, reason: string, active: string): Promise<ReleaseState> {
  return putJson<ReleaseState>(`${BASE}/active`, { release, reason }, { ...(await authorization()), ...seen(active) });
}

/** Serves a release to the named customers' users first. */
export async function startPilot(release: string, customers: string[], reason: string, active: string): Promise<ReleaseState> {
  return putJson<ReleaseState>(`${BASE}/pilot`, { release, customers, reason }, { ...(await authorization()), ...seen(active) });
}

/** Ends the pilot of `release`: its customers get the active release again. */
export async function endPilot(release: string, reason: string, active: string): Promise<ReleaseState> {
  const response = await send(`${BASE}/pilot`, { method: 'DELETE', body: { release, reason }, headers: { ...(await authorization()), ...seen(active) } });
  return (await response.json()) as ReleaseState;
}

/** Makes the pilot's release the one everyone is served. */
export async function promotePilot(release: string, reason: string, active: string): Promise<ReleaseState> {
  return postJson<ReleaseState>(`${BASE}/pilot/promote`, { release, reason }, { ...(await authorization()), ...seen(active) });
}

