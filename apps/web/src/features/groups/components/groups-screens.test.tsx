import type { Group, GroupMemberStats, GroupStatistics, GroupWithTotals } from '@kindred/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { groupFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CreateGroupScreen } from './create-group';
import { EditGroupRouteScreen, GroupRouteScreen } from './group-routes';
import { MyGroupsScreen } from './my-groups';

const TOTALS = { funds: 125_000, volunteering_hours: 6, skilled_hours: 2, gifts: 3, gifts_value: 4_000 };

const group = groupFixture;

const member = (id: number, first: string, isAdmin: boolean, funds: number): GroupMemberStats => ({
  user_id: id,
  first_name: first,
  last_name: 'Smith',
  avatar: null,
  is_admin: isAdmin,
  joined_at: '2029-01-01T00:00:00.000Z',
  totals: { ...TOTALS, funds },
});

const STATS: GroupStatistics = {
  group_id: 11,
  members: 2,
  totals: TOTALS,
  by_month: [{ month: '2029-12', ...TOTALS }],
};

const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find(
    (c) => new URL(String(c[0]), 'http://x').pathname === path && (c[1] as RequestInit | undefined)?.body,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

function render(path: string) {
  return renderRoutes(
    [
      { path: '/groups', element: <MyGroupsScreen /> },
      { path: '/groups/new', element: <CreateGroupScreen /> },
      { path: '/groups/:id', element: <GroupRouteScreen /> },
      { path: '/groups/:id/edit', element: <EditGroupRouteScreen /> },
    ],
    path,
  );
}

describe('groups', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('lists my groups with their totals, or says there are none', async () => {
    const mine: GroupWithTotals[] = [{ ...group({ is_admin: true }), totals: TOTALS }];
    stubFetch({
      'GET /api/group/individual/7/list_with_total_stats': () =>
        jsonResponse({ items: mine, next_cursor: null, prev_cursor: null }),
    });
    render('/groups');
    expect(await screen.findByRole('link', { name: 'Bristol Giving Circle' })).toBeInTheDocument();
    expect(screen.getByText('₹1,250 given · 8 hours · 3 gifts')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('shows an empty state without groups', async () => {
    stubFetch({
      'GET /api/group/individual/7/list_with_total_stats': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    render('/groups');
    expect(await screen.findByText(/You are not in a group yet/)).toBeInTheDocument();
  });

  it('joins by PIN: the field takes 6 digits without a leading 0; a request waits, a wrong PIN is named', async () => {
    let answer = jsonResponse({ status: 1, group_id: 11 });
    const mock = stubFetch({
      'GET /api/group/individual/7/list_with_total_stats': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'POST /api/group/join': () => answer,
      'GET /api/user/get': () => jsonResponse({ user: {}, group_membership: [] }),
    });
    render('/groups');
    const pin = (await screen.findByLabelText('Group PIN')) as HTMLInputElement;
    expect(pin.maxLength).toBe(6);
    // The pin key filter: a leading 0 and letters are blocked.
    expect(fireEvent.keyDown(pin, { key: '0' })).toBe(false);
    expect(fireEvent.keyDown(pin, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(pin, { key: '7' })).toBe(true);
    await userEvent.type(pin, '730215');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(bodyOf(mock, '/api/group/join')).toEqual({ pin: '730215' }));
    expect(await screen.findByText('Request sent')).toBeInTheDocument();

    answer = errorResponse(404, 'PIN_NOT_FOUND', 'No group has this PIN.', {
      fields: { pin: 'No group has this PIN.' },
    });
    await userEvent.type(screen.getByLabelText('Group PIN'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findAllByText('No group has this PIN.')).length).toBeGreaterThan(0);

    await userEvent.clear(screen.getByLabelText('Group PIN'));
    await userEvent.type(screen.getByLabelText('Group PIN'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Enter the 6-digit PIN.')).toBeInTheDocument();
  });

  it("creates a group with the toast 'Group created' and shows field refusals", async () => {
    const mock = stubFetch({
      'POST /api/group/create': () => jsonResponse(group({ is_admin: true, pin: '482913', members: 1 }), 201),
      'GET /api/group/11': () => jsonResponse(group({ is_admin: true, pin: '482913', members: 1 })),
      'GET /api/user/get': () => jsonResponse({ user: {}, group_membership: [] }),
    });
    render('/groups/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Use at least 2 characters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Bristol Giving Circle');
    await userEvent.click(screen.getByRole('switch', { name: /New members need an admin/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/group/create')).toEqual({
        name: 'Bristol Giving Circle',
        description: null,
        type: 2,
        requires_approval: true,
        is_public: true,
      }),
    );
    expect(await screen.findByText('Group created')).toBeInTheDocument();
  });

  it('shows a group to its admin: PIN, requests to accept, statistics and the leaderboard', async () => {
    const mock = stubFetch({
      'GET /api/group/11': () =>
        jsonResponse(group({ is_admin: true, pin: '730215', requires_approval: true })),
      'GET /api/group/11/admins': () => jsonResponse({ items: [member(7, 'Dana', true, 0)] }),
      'GET /api/group/members_total_statistics/11': () =>
        jsonResponse({ items: [member(8, 'Sam', false, 90_000), member(7, 'Dana', true, 35_000)] }),
      'GET /api/group/total_statistics/11': () => jsonResponse(STATS),
      'GET /api/group/11/requests': () =>
        jsonResponse({
          items: [
            {
              id: 3,
              group_id: 11,
              user_id: 9,
              first_name: 'Eve',
              last_name: 'Jones',
              avatar: null,
              status: 1,
              created_at: '2029-12-01T00:00:00.000Z',
            },
          ],
          next_cursor: null,
          prev_cursor: null,
        }),
      'POST /api/membership/group/11/set': () => jsonResponse({ message: 'Request accepted' }),
      'POST /api/group/11/generate_new_pin': () => jsonResponse(group({ is_admin: true, pin: '915624' })),
    });
    render('/groups/11');
    expect(await screen.findByTestId('group-pin')).toHaveProperty('textContent', '730215');
    expect((await screen.findAllByText('₹1,250')).length).toBe(2);
    const board = await screen.findByRole('table', { name: /Members by what they gave/ });
    const rows = within(board).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Sam Smith');
    expect(rows[2]?.textContent).toContain('Dana Smith');

    await userEvent.click(await screen.findByRole('button', { name: 'Accept Eve Jones' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/membership/group/11/set')).toEqual({ user_id: 9, status: 2 }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give the group a new PIN?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New PIN' }));
    await waitFor(() => expect(screen.getByTestId('group-pin').textContent).toBe('915624'));
  });

  it("leaves after the confirm dialog with the toast 'Left Group'", async () => {
    const navigate = vi.fn();
    session.setNavigator(navigate);
    const mock = stubFetch({
      'GET /api/group/11': () => jsonResponse(group()),
      'GET /api/group/11/admins': () => jsonResponse({ items: [member(8, 'Sam', true, 0)] }),
      'GET /api/group/members_total_statistics/11': () =>
        jsonResponse({ items: [member(8, 'Sam', true, 0), member(7, 'Dana', false, 0)] }),
      'GET /api/group/total_statistics/11': () => jsonResponse({ ...STATS, by_month: [] }),
      'POST /api/group/leave': () => jsonResponse({ code: 200, message: 'Left Group' }),
      'GET /api/user/get': () => jsonResponse({ user: {}, group_membership: [] }),
    });
    render('/groups/11');
    expect(await screen.findByText(/Nothing given yet/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Bristol Giving Circle?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(bodyOf(mock, '/api/group/leave')).toEqual({ group_id: 11 }));
    expect(await screen.findByText('Left Group')).toBeInTheDocument();
  });

  it('asks someone who is not a member for the PIN, and offers no leaving', async () => {
    stubFetch({
      'GET /api/group/11': () => jsonResponse(group({ is_member: false })),
      'GET /api/group/11/admins': () => jsonResponse({ items: [] }),
      'GET /api/group/total_statistics/11': () => jsonResponse(STATS),
    });
    render('/groups/11');
    expect(await screen.findByLabelText('Group PIN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave group' })).not.toBeInTheDocument();
  });

  it('edits a group for its admin, and deleting asks first and says why the API refused', async () => {
    const mock = stubFetch({
      'GET /api/group/11': () => jsonResponse(group({ is_admin: true, pin: '730215' })),
      'PATCH /api/group/update/11': () =>
        jsonResponse(group({ is_admin: true, pin: '730215', is_public: false })),
      'DELETE /api/group/11': () => errorResponse(409, 'CONFLICT', 'The group could not be deleted now.'),
    });
    render('/groups/11/edit');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Bristol Giving Circle' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Group logo file')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Show the group on Explore/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/group/update/11')).toEqual({
        name: 'Bristol Giving Circle',
        description: 'Neighbours pooling donations.',
        requires_approval: false,
        is_public: false,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bristol Giving Circle?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('The group could not be deleted now.')).toBeInTheDocument();
  });

  it("shows what the route composes for inviting to the group's admins only", async () => {
    const panel = (g: Group) => <p>Invite people to {g.name}</p>;
    const stats = {
      'GET /api/group/11/admins': () => jsonResponse({ items: [member(7, 'Dana', true, 0)] }),
      'GET /api/group/members_total_statistics/11': () =>
        jsonResponse({ items: [member(7, 'Dana', true, 0)] }),
      'GET /api/group/total_statistics/11': () => jsonResponse(STATS),
      'GET /api/group/11/requests': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    };
    stubFetch({
      'GET /api/group/11': () => jsonResponse(group({ is_admin: true, pin: '730215' })),
      ...stats,
    });
    const admin = renderRoutes(
      [{ path: '/groups/:id', element: <GroupRouteScreen invitePanel={panel} /> }],
      '/groups/11',
    );
    expect(await screen.findByText('Invite people to Bristol Giving Circle')).toBeInTheDocument();
    admin.unmount();

    stubFetch({ 'GET /api/group/11': () => jsonResponse(group()), ...stats });
    renderRoutes([{ path: '/groups/:id', element: <GroupRouteScreen invitePanel={panel} /> }], '/groups/11');
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByText('Invite people to Bristol Giving Circle')).not.toBeInTheDocument();
  });

  it('tells a member who is not an admin that only admins edit', async () => {
    stubFetch({ 'GET /api/group/11': () => jsonResponse(group()) });
    render('/groups/11/edit');
    expect(await screen.findByText('Only the group’s admins edit it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save group' })).not.toBeInTheDocument();
  });

  it('asks the last admin to choose who takes over before leaving', async () => {
    const mock = stubFetch({
      'GET /api/group/11': () => jsonResponse(group({ is_admin: true, pin: '730215' })),
      'GET /api/group/11/admins': () => jsonResponse({ items: [member(7, 'Dana', true, 0)] }),
      'GET /api/group/11/requests': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/group/members_total_statistics/11': () =>
        jsonResponse({ items: [member(7, 'Dana', true, 0), member(8, 'Sam', false, 0)] }),
      'GET /api/group/total_statistics/11': () => jsonResponse({ ...STATS, by_month: [] }),
      'POST /api/group/leave': () => jsonResponse({ code: 200, message: 'Left Group' }),
      'GET /api/user/get': () => jsonResponse({ user: {}, group_membership: [] }),
    });
    render('/groups/11');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Bristol Giving Circle?' });
    expect(within(dialog).getByText(/only admin/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('New admin', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Smith' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(bodyOf(mock, '/api/group/leave')).toEqual({ group_id: 11, new_admin_id: 8 }));
    expect(await screen.findByText('Left Group')).toBeInTheDocument();
  });
});
