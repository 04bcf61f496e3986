import { useQueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { useEffect } from 'react';
import { serviceUrl } from '../api/apiClient.ts';
import { changesWithSteps, RELEASES_KEY } from '../api/releaseKeys.ts';
import { signedInHeaders } from '../api/signedInHeaders.ts';

/** After the stream failed for good (e.g. a 401), how long before trying again with a fresh token. */
const RETRY_MS = 5_000;

/**
 * Listens to the service's event stream while signed in and refetches the manifest when it says the
 * manifest may have changed: the customer's module switches, a manifest reload, or events missed.
 * The browser's own EventSource cannot send the Authorization header; this one fetches with the same
 * headers as every other call to the service, read afresh on every reconnect.
 */
export function useLiveUpdates(sub: string | undefined, customerId: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sub) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['userManifest'] });
    // A release activated, piloted or ended: an open release list and audit show it.
    const refreshReleases = () => void queryClient.invalidateQueries({ queryKey: RELEASES_KEY, predicate: changesWithSteps });

    const connect = () => {
      source = new EventSource(serviceUrl('/events'), {
        fetch: async (input, init) =>
          fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...(await signedInHeaders('service')) } }),
      });
      // Whatever changed before the stream was open (or while it was broken) was not heard; the
      // manifest's ETag makes this a cheap 304 when nothing did.
      source.addEventListener('ready', refresh);
      source.addEventListener('modules', (event) => {
        // Staff hear of every customer; their own manifest depends on the one they act for only.
        const changed = (JSON.parse(event.data) as { customerId?: string }).customerId;
        if (changed === undefined || changed === customerId) refresh();
        void queryClient.invalidateQueries({ queryKey: ['customers'] });
      });
      source.addEventListener('manifests', () => {
        refresh();
        refreshReleases();
      });
      source.addEventListener('resync', () => {
        refresh();
        refreshReleases();
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [sub, customerId, queryClient]);
}
