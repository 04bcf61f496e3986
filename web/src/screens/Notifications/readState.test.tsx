// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@platform/schemas';
import { NotificationsScreen } from './NotificationsScreen.tsx';
import type { ScreenProps } from '../screenProps.ts';
import { fakePlatform, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { useUnreadNotifications } from '../../hooks/useUnreadNotifications.ts';

const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const note = (id: string, at: string): NotificationList['notifications'][number] => ({
  id,
  at,
  severity: 'info',
  title: `Title ${id}`,
  body: '',
  siteGroupId: 'north',
});
const NOTIFICATIONS = [note('n3', '2026-11-21T04:00:00.000Z'), note('n2', '2026-11-20T04:00:00.000Z'), note('n1', '2026-11-19T04:00:00.000Z')];

function Unread() {
  const unread = useUnreadNotifications();
  return <p>{unread === undefined ? 'Unread: unknown' : `Unread: ${unread}`}</p>;
}

/** One device: the top bar's count, and the list when `open`. */
function device(readNotifications: string[], open = false) {
  const platform = fakePlatform({
    user: ERIN,
    siteGroups: { acme: [{ id: 'north', name: 'North', sites: [] }] },
    notifications: { acme: NOTIFICATIONS },
    readNotifications,
  });
  const view = renderInApp(
    <>
      <Unread />
      {open && <NotificationsScreen {...({ title: 'Notifications' } as ScreenProps)} />}
    </>,
  );
  return { ...platform, ...view };
}

describe('notification read state', () => {
  it('counts as unread what the user has read on no device', async () => {
    device(['n1', 'n2']);
    expect(await screen.findByText('Unread: 1')).toBeDefined();
  });

  it('marks what the list shows read on the service, so another device counts none', async () => {
    const onService: string[] = ['n1'];
    const first = device(onService, true);
    expect(await screen.findByText('Title n3')).toBeDefined();
    await waitFor(() => expect(screen.getByText('Unread: 0')).toBeDefined());
    expect(
      first
        .requestsTo('/api/v1/notifications/read')
        .filter((r) => r.method === 'PUT')
        .map((r) => r.body),
    ).toEqual([{ ids: ['n3', 'n2'] }]);
    first.unmount();

    device(onService);
    expect(await screen.findByText('Unread: 0')).toBeDefined();
  });

  it("sends this browser's old local marks up once, then forgets them", async () => {
    // Seen in this browser up to n2, before the service kept read marks; another user's record stays.
    localStorage.setItem('platform.notificationsSeen', JSON.stringify({ 'u-erin acme': NOTIFICATIONS[1]!.at, 'u-dana acme': NOTIFICATIONS[0]!.at }));
    const onService: string[] = [];
    const first = device(onService);
    expect(await screen.findByText('Unread: 1')).toBeDefined();
    await waitFor(() => expect(onService.sort()).toEqual(['n1', 'n2']));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('platform.notificationsSeen') ?? '{}')).toEqual({ 'u-dana acme': NOTIFICATIONS[0]!.at }));
    first.unmount();

    device(onService);
    expect(await screen.findByText('Unread: 1')).toBeDefined();
    expect(first.requestsTo('/api/v1/notifications/read').filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
