// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@platform/schemas';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { NotificationsLink } from './NotificationsLink.tsx';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const note = (id: string, at: string): NotificationList['notifications'][number] => ({ id, at, severity: 'info', title: id, body: '', siteGroupId: 'north' });

/** The words a sighted user reads on an element: its text without what is there for screen readers only. */
function seenText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return copy.textContent ?? '';
}
/** As axe's label-content-name-mismatch compares: punctuation out, spaces folded, any case. */
const words = (text: string) => text.replace(/\p{P}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

describe('NotificationsLink', () => {
  it('has a name that begins with the words it shows, then says what the badge counts', async () => {
    fakePlatform({
      user: ENGINEER,
      siteGroups: { acme: [{ id: 'north', name: 'North', sites: [] }] },
      notifications: { acme: [note('n2', '2026-11-20T04:00:00.000Z'), note('n1', '2026-11-19T04:00:00.000Z')] },
    });
    renderInApp(<NotificationsLink />);
    const link = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(seenText(link).trim()).toBe('Notifications 2');
    expect(words('Notifications, 2 unread').startsWith(words(seenText(link)))).toBe(true);
  });
});
