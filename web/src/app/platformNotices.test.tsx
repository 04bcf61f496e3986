// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationList, PlatformNotices } from '@platform/schemas';
import { NotificationsLink } from './NotificationsLink.tsx';
import { NotificationsScreen } from '../screens/Notifications/NotificationsScreen.tsx';
import type { ScreenProps } from '../screens/screenProps.ts';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@platform.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const GUARD_NOTICE: PlatformNotices['notices'][number] = {
  id: 'guard-42',
  at: '2026-11-29T01:00:00.000Z',
  title: 'Pilot of r-7 ended by its guard',
  detail: 'module lcc bundle 2.0.0 failed 20 of 20 opens (100.0%) for acme',
  link: '/settings/releases',
};
const note = (id: string): NotificationList['notifications'][number] => ({
  id,
  at: '2026-11-20T04:00:00.000Z',
  severity: 'info',
  title: `Title ${id}`,
  body: '',
  siteGroupId: 'north',
});

/** The service as staff meet it: the guard's notice, and `readNotifications` as the read marks. */
function platform(user: TestUser, readNotifications: string[] = []) {
  return fakePlatform({
    user,
    readNotifications,
    siteGroups: { acme: [{ id: 'north', name: 'North', sites: [] }] },
    notifications: { acme: [note('n1')] },
    serve: (request) => (request.url.pathname === '/api/v1/admin/notices' ? ({ notices: [GUARD_NOTICE] } satisfies PlatformNotices) : undefined),
  });
}

describe("staff's platform notices", () => {
  it("count among the top bar's unread notifications until read", async () => {
    platform(STAFF);
    renderInApp(<NotificationsLink />);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeDefined();
  });

  it('count none once read on any device', async () => {
    const service = platform(STAFF, ['guard-42']);
    renderInApp(<NotificationsLink />);
    await waitFor(() => expect(service.requestsTo('/api/v1/admin/notices')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeDefined();
  });

  it('are listed on the Notifications screen with the way to Releases, and marked read', async () => {
    const onService: string[] = [];
    const service = platform(STAFF, onService);
    renderInApp(<NotificationsScreen {...({ title: 'Notifications' } as ScreenProps)} />);
    const list = await screen.findByRole('list', { name: 'Platform notices' });
    expect(within(list).getByText('Pilot of r-7 ended by its guard')).toBeDefined();
    expect(within(list).getByText(GUARD_NOTICE.detail)).toBeDefined();
    expect(within(list).getByRole('link', { name: 'Open Releases' }).getAttribute('href')).toBe('/settings/releases');
    await waitFor(() => expect(onService).toEqual(['guard-42']));
    expect(service.requestsTo('/api/v1/notifications/read').filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it("are never asked for by a customer's user", async () => {
    const service = platform(ERIN);
    renderInApp(
      <>
        <NotificationsLink />
        <NotificationsScreen {...({ title: 'Notifications' } as ScreenProps)} />
      </>,
    );
    expect(await screen.findByText('Title n1')).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Platform notices' })).toBeNull();
    expect(service.requestsTo('/api/v1/admin/notices')).toHaveLength(0);
  });
});
