import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@platform/schemas';
import { markSeen, seenUpTo, unreadCount } from './notificationsSeen.ts';

const note = (id: string, at: string): NotificationList['notifications'][number] => ({ id, at, severity: 'info', title: id, body: '', siteGroupId: 'g' });
const older = note('a', '2026-11-19T16:00:00.000Z');
const newer = note('b', '2026-11-21T04:12:00.000Z');

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const store = new Map<string, string>();
  return { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value) };
}

describe('notifications seen', () => {
  it('counts every notification as unread until the list was seen, then only those that arrived after', () => {
    const storage = memory();
    expect(unreadCount([newer, older], seenUpTo('u1', 'acme', storage))).toBe(2);
    markSeen('u1', 'acme', [older], storage);
    expect(unreadCount([newer, older], seenUpTo('u1', 'acme', storage))).toBe(1);
    markSeen('u1', 'acme', [newer, older], storage);
    expect(unreadCount([newer, older], seenUpTo('u1', 'acme', storage))).toBe(0);
  });

  it('keeps one mark per user and customer', () => {
    const storage = memory();
    markSeen('u1', 'acme', [newer], storage);
    expect(seenUpTo('u1', 'acme', storage)).toBe(newer.at);
    expect(seenUpTo('u2', 'acme', storage)).toBeNull();
    expect(seenUpTo('u1', 'globex', storage)).toBeNull();
  });

  it('never moves the mark back: a filtered list (fewer site groups) does not make older news unread again', () => {
    const storage = memory();
    markSeen('u1', 'acme', [newer, older], storage);
    markSeen('u1', 'acme', [older], storage);
    markSeen('u1', 'acme', [], storage);
    expect(seenUpTo('u1', 'acme', storage)).toBe(newer.at);
  });

  it('reads a damaged entry as nothing seen', () => {
    const storage = memory();
    storage.setItem('platform.notificationsSeen', '{not json');
    expect(seenUpTo('u1', 'acme', storage)).toBeNull();
    markSeen('u1', 'acme', [older], storage);
    expect(seenUpTo('u1', 'acme', storage)).toBe(older.at);
  });
});
