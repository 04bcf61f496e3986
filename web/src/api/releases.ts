import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  releaseEntityTag,
  type PilotHealth,
  type Release,
  type ReleaseAuditPage,
  type ReleaseDiff,
  type ReleaseFiles,
  type ReleaseList,
  type ReleasePilot,
  type ReleaseState,
} from '@platform/schemas';
import { callService } from './apiClient.ts';
import { RELEASES_KEY } from './releaseKeys.ts';

/** Every step names the active release it was decided on: the service refuses (409) if it moved on meanwhile. */
const seen = (active: string) => ({ 'if-match': releaseEntityTag(active) });

const BASE = '/admin/releases';
const PAGE = 20;

/** The releases newest first, a page at a time; every page also says which is active and the pilot. */
export const releaseListQuery = infiniteQueryOptions({
  queryKey: [...RELEASES_KEY, 'list'],
  queryFn: ({ pageParam }) => {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (pageParam) query.set('cursor', pageParam);
    return callService<ReleaseList>(`${BASE}?${query}`);
  },
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** A release with its files; immutable, so never refetched. */
export const releaseQuery = (id: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, 'release', id],
    queryFn: () => callService<Release>(`${BASE}/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });

/** What changes for users going from release `from` to release `to`. */
export const releaseDiffQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, 'diff', from, to],
    queryFn: () => callService<ReleaseDiff>(`${BASE}/${encodeURIComponent(to)}/diff?against=${encodeURIComponent(from)}`),
    staleTime: Infinity,
  });

/** Every step taken on the releases, newest first. */
export const releaseAuditQuery = infiniteQueryOptions({
  queryKey: [...RELEASES_KEY, 'audit'],
  queryFn: ({ pageParam }) => {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (pageParam) query.set('cursor', pageParam);
    return callService<ReleaseAuditPage>(`${BASE}/audit?${query}`);
  },
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** How the screens the pilot changes fare for its users and for everyone else; refreshed while open, reports arriving all the time. */
export const pilotHealthQuery = queryOptions({
  queryKey: [...RELEASES_KEY, 'pilot-health'],
  queryFn: () => callService<PilotHealth>(`${BASE}/pilot/health`),
  refetchInterval: 15_000,
});

/** Stores a manifest set as a release (201, or 200 when that content already is one); activates nothing. */
export function publishRelease(files: ReleaseFiles, reason: string): Promise<Release> {
  return callService<Release>(BASE, { method: 'POST', body: { files, reason } });
}

/** Makes a release the one everyone is served: a publication's last step, or a rollback. */
export function activateRelease(release: string, reason: string, active: string): Promise<ReleaseState> {
  return callService<ReleaseState>(`${BASE}/active`, { method: 'PUT', body: { release, reason }, headers: seen(active) });
}

/** A pilot's guard: it ends by itself when a screen it changes fails for its users more than this (issue 39). */
export type PilotGuard = NonNullable<ReleasePilot['guard']>;

/** Serves a release to the named customers' users first; with a guard, it ends by itself if its screens fail them. */
export function startPilot(release: string, customers: string[], reason: string, active: string, guard?: PilotGuard): Promise<ReleaseState> {
  return callService<ReleaseState>(`${BASE}/pilot`, {
    method: 'PUT',
    body: { release, customers, reason, ...(guard ? { guard } : {}) },
    headers: seen(active),
  });
}

/** Ends the pilot of `release`: its customers get the active release again. */
export function endPilot(release: string, reason: string, active: string): Promise<ReleaseState> {
  return callService<ReleaseState>(`${BASE}/pilot`, { method: 'DELETE', body: { release, reason }, headers: seen(active) });
}

/** Makes the pilot's release the one everyone is served. */
export function promotePilot(release: string, reason: string, active: string): Promise<ReleaseState> {
  return callService<ReleaseState>(`${BASE}/pilot/promote`, { method: 'POST', body: { release, reason }, headers: seen(active) });
}
