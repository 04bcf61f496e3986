import { queryOptions } from '@tanstack/react-query';
import type { ArtifactLink, FlexcmAccess, MainUserList, NotificationList, SiteGroupList, UploadList } from '@platform/schemas';
import { saveBlob } from '../download/saveBlob.ts';
import { send, type ApiClient } from './apiClient.ts';

// Query-option factories for the main backend: modules use them with useQuery, so the keys (and
// with them caching and refetching on a changed site-group selection) are the same everywhere.

const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;

export const customerUsersQuery = (client: ApiClient, customerId: string) =>
  queryOptions({
    queryKey: ['main', customerId, 'users'],
    queryFn: () => client.json<MainUserList>('main', `${customerPath(customerId)}/users`, { siteGroups: [] }),
  });

/** Staff only: every user of every customer. */
export const allUsersQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['main', 'users'], queryFn: () => client.json<MainUserList>('main', '/users', { siteGroups: [] }) });

export const siteGroupsQuery = (client: ApiClient, customerId: string) =>
  queryOptions({
    queryKey: ['main', customerId, 'sitegroups'],
    // The groups to choose from are all of them, whatever is selected now.
    queryFn: () => client.json<SiteGroupList>('main', `${customerPath(customerId)}/sitegroups`, { siteGroups: [] }),
    staleTime: 5 * 60_000,
  });

export const uploadsQuery = (client: ApiClient, customerId: string, siteGroups: readonly string[]) =>
  queryOptions({
    queryKey: ['main', customerId, 'uploads', siteGroups],
    queryFn: () => client.json<UploadList>('main', `${customerPath(customerId)}/uploads`, { siteGroups }),
  });

export const notificationsQuery = (client: ApiClient, customerId: string, siteGroups: readonly string[]) =>
  queryOptions({
    queryKey: ['main', customerId, 'notifications', siteGroups],
    queryFn: () => client.json<NotificationList>('main', `${customerPath(customerId)}/notifications`, { siteGroups }),
  });

/** What the section 7 calls give back: their answer, or (section 8) the error object itself. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };

async function outcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** GET /customers/{customerId}/users/download-artifact/{artifact}: a signed download link. */
export function getDownloadArtifact(client: ApiClient, customerId: string, artifact: string): Promise<Outcome<ArtifactLink>> {
  return outcome(() =>
    client.json<ArtifactLink>('main', `${customerPath(customerId)}/users/download-artifact/${encodeURIComponent(artifact)}`, { siteGroups: [] }),
  );
}

/** GET /customers/flexcmaccess/{customerId}: its data field. */
function getFlexcmAccess(client: ApiClient, customerId: string): Promise<Outcome<FlexcmAccess['data']>> {
  return outcome(async () => (await client.json<FlexcmAccess>('main', `/customers/flexcmaccess/${encodeURIComponent(customerId)}`, { siteGroups: [] })).data);
}

export const flexcmAccessQuery = (client: ApiClient, customerId: string) =>
  queryOptions({
    queryKey: ['main', customerId, 'flexcmaccess'],
    queryFn: async () => {
      const result = await getFlexcmAccess(client, customerId);
      if (!result.ok) throw result.error;
      return result.value;
    },
  });

/**
 * Downloads the file at an address (a signed link needs no token) and saves it under `name`, with the
 * extension its content type calls for. Resolves to the name it was saved under, or the error.
 */
export function downloadFile(url: string, name: string): Promise<Outcome<string>> {
  return outcome(async () => saveBlob(await (await send(url, { headers: { accept: '*/*' } })).blob(), name));
}

/** GET /customers/{customerId}/uploads/{uploadId}/content with the session's token, saved under `name`. */
export function downloadUpload(client: ApiClient, customerId: string, uploadId: string, name: string): Promise<Outcome<string>> {
  return outcome(async () =>
    saveBlob(await client.blob('main', `${customerPath(customerId)}/uploads/${encodeURIComponent(uploadId)}/content`, { siteGroups: [] }), name),
  );
}
