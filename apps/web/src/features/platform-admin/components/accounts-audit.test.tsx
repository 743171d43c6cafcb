import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { AccountsScreen } from './accounts-screen';
import { AuditScreen } from './audit-screen';

const lastQuery = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.filter((c) => new URL(String(c[0]), 'http://x').pathname === path).at(-1);
  return call ? new URL(String(call[0]), 'http://x').searchParams : undefined;
};

describe('accounts and the audit log', { timeout: 30_000 }, () => {
  signedInForEachTest(() =>
    makeLogin(Date.now() + 60 * MINUTE, { user: makeUser({ is_iic_admin: true, admin_type: 99 }) }),
  );

  it('lists charities with filters and switches to projects', async () => {
    const mock = stubFetch({
      'GET /api/admin/charity_list': () =>
        jsonResponse({
          items: [
            {
              id: 3,
              name: 'River Trust',
              email: 'hello@river.org.uk',
              approval_status: 'approved',
              lock_status: false,
              created_at: '2026-01-01T00:00:00.000Z',
            },
          ],
          next_cursor: null,
          prev_cursor: null,
        }),
      'GET /api/admin/projects_list': () =>
        jsonResponse({
          items: [
            {
              id: 9,
              title: 'River clean-up',
              status: 2,
              charity_id: 3,
              charity_name: 'River Trust',
              end_date: '2026-04-01',
              funds_target: null,
              funds_raised: 0,
              donors_count: 0,
              created_at: '2026-01-01T00:00:00.000Z',
            },
          ],
          next_cursor: null,
          prev_cursor: null,
        }),
    });
    renderRoutes([{ path: '/admin/accounts', element: <AccountsScreen /> }], '/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Charities' });
    expect(within(table).getByRole('link', { name: 'River Trust' })).toBeInTheDocument();
    // Employees get no export buttons.
    expect(within(table).queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'river');
    await waitFor(() => expect(lastQuery(mock, '/api/admin/charity_list')?.get('q')).toBe('river'));
    await userEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    const projects = await screen.findByRole('table', { name: 'Projects' });
    expect(within(projects).getByRole('link', { name: 'River clean-up' })).toHaveAttribute(
      'href',
      '/admin/projects/9',
    );
  });

  it('shows who did what to whom, by name, and filters by what it was about', async () => {
    const mock = stubFetch({
      'GET /api/admin/audit': () =>
        jsonResponse({
          items: [
            {
              id: 1,
              actor_id: 2,
              actor_name: 'Alex Admin',
              action: 'user.deactivate',
              target_type: 'user',
              target_id: 7,
              target_name: 'Dana Donor',
              reason: 'Fraud report',
              details: {},
              created_at: '2026-03-10T10:00:00.000Z',
            },
            {
              id: 2,
              actor_id: 2,
              actor_name: 'Alex Admin',
              action: 'charity.lock',
              target_type: 'charity',
              target_id: 12,
              target_name: 'Riverside Trust',
              reason: 'Complaint about misuse of funds',
              details: {},
              created_at: '2026-03-10T09:00:00.000Z',
            },
            {
              id: 3,
              actor_id: 2,
              actor_name: 'Alex Admin',
              action: 'donation.refund',
              target_type: 'donation',
              target_id: 40,
              target_name: null,
              reason: 'Asked by the donor',
              details: {},
              created_at: '2026-03-10T08:00:00.000Z',
            },
          ],
          next_cursor: null,
          prev_cursor: null,
        }),
    });
    renderRoutes([{ path: '/admin/audit', element: <AuditScreen /> }], '/admin/audit');
    const table = await screen.findByRole('table', { name: 'Admin actions' });
    expect(within(table).getAllByText('Alex Admin')).toHaveLength(3);
    expect(within(table).getByText('Fraud report')).toBeInTheDocument();
    // What an entry is about is named, not "charity 12".
    expect(within(table).getByText('Dana Donor (person)')).toBeInTheDocument();
    expect(within(table).getByText('Riverside Trust (charity)')).toBeInTheDocument();
    expect(within(table).getByText('Donation #40')).toBeInTheDocument();
    expect(within(table).queryByText('charity 12')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Its number'), '7x');
    await waitFor(() => expect(lastQuery(mock, '/api/admin/audit')?.get('target_id')).toBe('7'));
  });
});
