import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { businessMembershipFixture } from '@/testing/fixtures';
import { bodyOfCall, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { notificationFixture } from '../testing/fixtures';
import { NotificationBell } from './notification-bell';

const page = (items: unknown[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

const signOff = notificationFixture({
  id: 2,
  kind: 'signoff_request',
  title: 'A gift waits for your sign-off',
  body: 'Emery Employee asks to give ₹120 to Clean-up of the river banks on behalf of Acme Ltd.',
  link: '/organisation/sign-off',
  account: { type: 'business', id: 9, name: 'Acme Ltd' },
});
const accepted = notificationFixture({ id: 1 });
const older = notificationFixture({
  id: 0,
  title: 'Your gift was approved',
  body: 'Kindred approved ₹50 to River Trust.',
  read_at: '2026-12-01T09:00:00.000Z',
});

function renderBell(routes: Record<string, Route> = {}) {
  let unread = 2;
  const fetchMock = stubFetch({
    'GET /api/notifications/unread_count': () => jsonResponse({ count: unread }),
    'GET /api/notifications': () => page([signOff, accepted, older]),
    'POST /api/notifications/mark_read': (_url, init) => {
      const body = JSON.parse(String(init.body));
      unread = body.all ? 0 : unread - body.ids.length;
      return jsonResponse({ count: unread });
    },
    ...routes,
  });
  // The bell stays in the header while the screens under it change.
  const view = renderRoutes([
    {
      element: (
        <>
          <NotificationBell />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <h1>Home</h1> },
        { path: '/giving', element: <h1>My giving</h1> },
        { path: '/organisation/sign-off', element: <h1>Sign-off</h1> },
        { path: '/notifications', element: <h1>All notifications</h1> },
      ],
    },
  ]);
  return { fetchMock, ...view };
}

/** The bodies of the calls that marked notifications read, in order. */
const markReadBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) => init?.method === 'POST' && pathOfCall([input]) === '/api/notifications/mark_read',
    )
    .map(bodyOfCall);

sessionClearedAfterEachTest();
afterEach(() => vi.unstubAllGlobals());

describe('the bell', { timeout: 20_000 }, () => {
  it('is for signed-in people only', () => {
    stubFetch({});
    renderRoutes([{ path: '/', element: <NotificationBell /> }]);
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('shows the unread count, opens on the newest with unread ones marked, and marks all read', async () => {
    signInWith();
    const { fetchMock } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Newest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAccessibleName(
      'Unread: A gift waits for your sign-off',
    );
    expect(items[0]).toHaveTextContent('Acme Ltd · 2 Dec 2026');
    expect(within(items[2] as HTMLElement).getByRole('link')).toHaveAccessibleName('Your gift was approved');
    // Only the newest few are asked for.
    const asked = fetchMock.mock.calls.find(([input]) => pathOfCall([input]) === '/api/notifications');
    expect(new URL(String(asked?.[0]), 'http://x').searchParams.get('limit')).toBe('6');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(markReadBodies(fetchMock)).toEqual([{ all: true }]);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('marks a notification read when followed, acting as the account it is about', async () => {
    signInWith({ business_membership: [businessMembershipFixture({ business_id: 9, name: 'Acme Ltd' })] });
    const { fetchMock, router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /A gift waits for your sign-off/ }));
    expect(await screen.findByRole('heading', { name: 'Sign-off' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organisation/sign-off');
    expect(session.getState().activeAccount).toEqual({ type: 'business', id: 9 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument(),
    );
    expect(markReadBodies(fetchMock)).toEqual([{ ids: [2] }]);
  });

  it('says when there is nothing, and leads to every notification', async () => {
    signInWith();
    renderBell({
      'GET /api/notifications/unread_count': () => jsonResponse({ count: 0 }),
      'GET /api/notifications': () => page([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(
      await screen.findByText('Nothing new. We’ll tell you here when something happens.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See all notifications' }));
    expect(await screen.findByRole('heading', { name: 'All notifications' })).toBeInTheDocument();
  });
});
