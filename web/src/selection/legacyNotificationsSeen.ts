import type { NotificationList } from '@platform/schemas';

/**
 * What this browser recorded as seen before read marks moved to the service (decision 0075): per user
 * and customer, the time of the newest notification seen. Read once to send those marks up, then
 * dropped, so it is never consulted again.
 */
const SEEN_KEY = 'platform.notificationsSeen';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const entry = (sub: string, customerId: string) => `${sub} ${customerId}`;

function readAll(storage: Pick<Storage, 'getItem'>): Record<string, string> {
  try {
    const parsed = JSON.parse(storage.getItem(SEEN_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * The ids of these notifications this browser had counted as read for the user and customer (those up
 * to the time it recorded), or null when it recorded nothing for them.
 */
export function legacyReadIds(
  sub: string,
  customerId: string,
  notifications: NotificationList['notifications'],
  storage: Pick<Storage, 'getItem'> = localStorage,
): string[] | null {
  const seen = readAll(storage)[entry(sub, customerId)];
  if (seen === undefined) return null;
  const upTo = Date.parse(seen);
  return notifications.filter((n) => Date.parse(n.at) <= upTo).map((n) => n.id);
}

/** Forgets the user's record for the customer once the service has it; the key goes with the last record. */
export function dropLegacySeen(sub: string, customerId: string, storage: Store = localStorage): void {
  const { [entry(sub, customerId)]: _dropped, ...rest } = readAll(storage);
  if (Object.keys(rest).length === 0) storage.removeItem(SEEN_KEY);
  else storage.setItem(SEEN_KEY, JSON.stringify(rest));
}
