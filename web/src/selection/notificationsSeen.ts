import type { NotificationList } from '@platform/schemas';

/**
 * When each user last saw each customer's notifications, kept in localStorage: the main backend keeps
 * no read state, so "unread" is what arrived after the user last opened the list in this browser.
 * One entry per user and customer: two people on one browser, or staff switching customers, each
 * keep their own.
 */
const SEEN_KEY = 'platform.notificationsSeen';

type Listener = () => void;
type Store = Pick<Storage, 'getItem' | 'setItem'>;
const listeners = new Set<Listener>();

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

/** The time of the newest notification the user has seen for the customer, or null: none yet. */
export function seenUpTo(sub: string, customerId: string, storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return readAll(storage)[entry(sub, customerId)] ?? null;
}

/** The user has seen the list: everything up to its newest notification is read. */
export function markSeen(sub: string, customerId: string, notifications: NotificationList['notifications'], storage: Store = localStorage): void {
  const newest = notifications.reduce<string | null>((latest, n) => (latest === null || Date.parse(n.at) > Date.parse(latest) ? n.at : latest), null);
  const before = seenUpTo(sub, customerId, storage);
  if (newest === null || (before !== null && Date.parse(before) >= Date.parse(newest))) return;
  storage.setItem(SEEN_KEY, JSON.stringify({ ...readAll(storage), [entry(sub, customerId)]: newest }));
  for (const listener of listeners) listener();
}

/** How many notifications arrived after `seen` (all of them when nothing was seen yet). */
export function unreadCount(notifications: NotificationList['notifications'], seen: string | null): number {
  if (seen === null) return notifications.length;
  const since = Date.parse(seen);
  return notifications.filter((n) => Date.parse(n.at) > since).length;
}

/** For useSyncExternalStore: hears this tab's changes, and other tabs' through the storage event. */
export function subscribeToSeen(listener: Listener): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === SEEN_KEY) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}
