import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { renderRoutes, textsOf } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { notificationFixture } from '../testing/fixtures';
import { NotificationsScreen } from './notifications-screen';

const first = Array.from({ length: 3 }, (_, index) =>
  notificationFixture({
    id: 10 - index,
    title: `Newer ${index + 1}`,
    read_at: index === 0 ? null : '2026-12-02T11:00:00.000Z',
  }),
);
const second = [
  notificationFixture({
    id: 4,
    kind: 'offer_waiting',
    title: 'An offer waits for your answer',
    body: 'Dana Donor offers 3 hours to Clean-up of the river banks.',
    link: '/charity/donations',
    account: { type: 'charity', id: 3, name: 'River Trust' },
  }),
];

function renderScreen(routes: Record<string, Route> = {}) {
  let unread = 2;
  const fetchMock = stubFetch({
    'GET /api/notifications/unread_count': () => jsonResponse({ count: unread }),
    'GET /api/notifications': (url) =>
      url.searchParams.get('cursor') === 'page-2'
        ? jsonResponse({ items: second, next_cursor: null, prev_cursor: 'x' })
        : jsonResponse({ items: first, next_cursor: 'page-2', prev_cursor: null }),
    'POST /api/notifications/mark_read': (_url, init) => {
      const body = JSON.parse(String(init.body));
      unread = body.all ? 0 : Math.max(0, unread - body.ids.length);
      return jsonResponse({ count: unread });
    },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/notifications', element: <NotificationsScreen /> },
      { path: '/charity/donations', element: <h1>Donations inbox</h1> },
      { path: '/profile/notifications', element: <h1>Settings</h1> },
    ],
    '/notifications',
  );
  return { fetchMock, ...view };
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && pathOfCall([input]) === path,
  );

sessionClearedAfterEachTest();
beforeEach(() =>
  signInWith({
    charity_membership: [{ charity_id: 3, name: 'River Trust', admin_type: 1, permissions: [] }],
  }),
);
afterEach(() => vi.unstubAllGlobals());

describe('the notifications page', { timeout: 20_000 }, () => {
  it('lists the newest, loads older ones with Load more, and leads to the settings', async () => {
    const { fetchMock } = renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(textsOf(within(list).getAllByRole('link'))).toEqual(['Unread: Newer 1', 'Newer 2', 'Newer 3']);
    expect(await screen.findByText('2 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(list).findByRole('link', { name: /An offer waits for your answer/ }),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(list).toHaveTextContent('River Trust · 2 Dec 2026');
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const older = callsTo(fetchMock, 'GET', '/api/notifications').at(-1);
    const asked = new URL(String(older?.[0]), 'http://x').searchParams;
    expect([asked.get('cursor'), asked.get('direction')]).toEqual(['page-2', 'after']);

    expect(screen.getByRole('link', { name: 'Choose what you are told' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  });

  it('marks one read when followed, acting as its account, and all read with one button', async () => {
    const { fetchMock, router } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(bodyOfCall(callsTo(fetchMock, 'POST', '/api/notifications/mark_read').at(-1))).toEqual({
      all: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await userEvent.click(await screen.findByRole('link', { name: /An offer waits for your answer/ }));
    expect(await screen.findByRole('heading', { name: 'Donations inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/charity/donations');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/notifications/mark_read')).toHaveLength(2));
    expect(bodyOfCall(callsTo(fetchMock, 'POST', '/api/notifications/mark_read').at(-1))).toEqual({
      ids: [4],
    });
  });

  it('says when there is nothing yet', async () => {
    renderScreen({
      'GET /api/notifications': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    expect(
      await screen.findByText('Nothing new. We’ll tell you here when something happens.'),
    ).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    renderScreen({
      'GET /api/notifications': () =>
        fail
          ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.')
          : jsonResponse({ items: first, next_cursor: null, prev_cursor: null }),
    });
    expect(
      await screen.findByText('Your notifications could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The service is unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your notifications' })).toBeInTheDocument();
  });
});
