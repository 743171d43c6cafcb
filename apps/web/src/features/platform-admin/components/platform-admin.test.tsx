import {
  type AdminUser,
  type AdminUserDetail,
  STATISTIC_NAMES,
  STATISTICS,
  type StatisticName,
} from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { ExpiringScreen } from './expiring-screen';
import { PeopleScreen } from './people-screen';
import { PersonScreen } from './person-screen';
import { StatisticsDashboard } from './statistics-dashboard';

const person: AdminUser = {
  id: 7,
  email: 'ada@example.org',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  city: null,
  post_code: null,
  is_active: true,
  deactivated: false,
  deleted: false,
  is_iic_admin: false,
  admin_type: null,
  created_at: '2026-01-02T10:00:00.000Z',
};

const detail = (user: Partial<AdminUser> = {}): AdminUserDetail => ({
  user: { ...person, ...user },
  memberships: {
    businesses: [],
    charities: [{ id: 3, name: 'River Trust', role: 'Admin' }],
    projects: [],
    groups: [],
  },
  wallet: { wallet: 12_345, credits: 0, held: 0 },
  giving: { donations: 2, funds: 5_000, hours: 3, gifts: 0 },
});

const calls = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter((c) => new URL(String(c[0]), 'http://x').pathname === path);
const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = calls(mock, path).at(-1);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

function signInAdmin(adminType: number) {
  session.signIn(
    makeLogin(Date.now() + 60 * MINUTE, {
      user: makeUser({ id: 1, is_iic_admin: true, admin_type: adminType }),
    }),
  );
}

describe('the platform admin area', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('is for platform admins only', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE, { user: makeUser({ is_iic_admin: false }) }));
    stubFetch({});
    renderRoutes([{ path: '/admin/people', element: <PeopleScreen /> }], '/admin/people');
    expect(await screen.findByText('This area is for platform admins only.')).toBeInTheDocument();
  });

  it('finds people by name and filters them', async () => {
    signInAdmin(2);
    const mock = stubFetch({
      'GET /api/admin/user_list': () =>
        jsonResponse({ items: [person], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes([{ path: '/admin/people', element: <PeopleScreen /> }], '/admin/people');
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/people/7',
    );
    await userEvent.type(screen.getByLabelText('Name or email'), 'ada');
    await waitFor(() => {
      const last = calls(mock, '/api/admin/user_list').at(-1);
      expect(new URL(String(last?.[0]), 'http://x').searchParams.get('q')).toBe('ada');
    });
  });

  it('deactivates a person after asking', async () => {
    signInAdmin(2);
    let current = detail();
    const mock = stubFetch({
      'GET /api/admin/user/7': () => jsonResponse(current),
      'PATCH /api/admin/user': () => {
        current = detail({ deactivated: true });
        return jsonResponse(current);
      },
    });
    renderRoutes([{ path: '/admin/people/:id', element: <PersonScreen /> }], '/admin/people/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('River Trust (Admin)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ada Lovelace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/user')).toEqual({ user_id: 7, action: 'deactivate' }),
    );
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    // Admins cannot make platform admins, and are told why.
    expect(screen.getByRole('button', { name: 'Make platform admin' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText('Only platform Super Admins can do this.').length).toBeGreaterThan(0);
  });

  it('shows Employees everything but lets them change nothing, saying why', async () => {
    signInAdmin(99);
    const mock = stubFetch({ 'GET /api/admin/user/7': () => jsonResponse(detail()) });
    renderRoutes([{ path: '/admin/people/:id', element: <PersonScreen /> }], '/admin/people/7');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: 'Deactivate' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save details' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText(/As an Employee you can look but not change anything/).length).toBeGreaterThan(
      0,
    );
    expect(calls(mock, '/api/admin/user')).toHaveLength(0);
  });

  it('mails the chosen expiring projects behind the confirm dialog', async () => {
    signInAdmin(2);
    const project = {
      id: 11,
      title: 'River clean-up',
      status: 2,
      charity_id: 3,
      charity_name: 'River Trust',
      end_date: '2026-03-15',
      funds_target: null,
      funds_raised: 0,
      donors_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      days_left: 5,
      last_reminded_at: null,
    };
    const mock = stubFetch({
      'GET /api/admin/projects/all_expire_projects': () =>
        jsonResponse({ items: [project], next_cursor: null, prev_cursor: null }),
      'POST /api/admin/projects/mails': () =>
        jsonResponse({ mailed: [{ project_id: 11, recipients: 2 }], skipped: [] }),
    });
    renderRoutes([{ path: '/admin/expiring', element: <ExpiringScreen /> }], '/admin/expiring');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select River clean-up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mail selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mail the admins of 1 project?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    await waitFor(() => expect(bodyOf(mock, '/api/admin/projects/mails')).toEqual({ project_ids: [11] }));
    expect(await screen.findByText('Reminders sent')).toBeInTheDocument();
  });

  it('shows every statistic with its definition and asks again for a new date range', async () => {
    signInAdmin(99);
    const answer = (name: StatisticName, from: string, to: string) => ({
      name,
      label: STATISTICS[name].label,
      unit: STATISTICS[name].unit,
      definition: STATISTICS[name].definition,
      from,
      to,
      value: name === 'all_money_donated' ? 123_400 : 4,
      series: [{ month: from.slice(0, 7), value: 4 }],
      computed_at: '2026-03-10T10:00:00.000Z',
    });
    const mock = stubFetch(
      Object.fromEntries(
        STATISTIC_NAMES.map((name) => [
          `GET /api/admin/statistics/${name}`,
          (url: URL) =>
            jsonResponse(answer(name, url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '')),
        ]),
      ),
    );
    renderRoutes([{ path: '/admin/statistics', element: <StatisticsDashboard /> }], '/admin/statistics');
    expect(await screen.findByRole('heading', { name: 'Money donated' })).toBeInTheDocument();
    expect(screen.getByTestId('value-all_money_donated').textContent).toContain('1,234');
    for (const name of STATISTIC_NAMES)
      expect(screen.getByText(STATISTICS[name].definition)).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-01-01');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2025-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(
        calls(mock, '/api/admin/statistics/all_projects').some(
          (c) => new URL(String(c[0]), 'http://x').searchParams.get('from') === '2025-01-01',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/Showing 2025-01-01 to 2025-06-30/)).toBeInTheDocument();
  });
});
