import type { Business } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { AdminOrganisationsScreen } from './organisation-review';

const pending: Business = {
  id: 4,
  name: 'Widgets Ltd',
  registration_number: 'WI123456',
  description: 'We make widgets.',
  logo: null,
  is_franchise: false,
  parent_id: null,
  lock_status: false,
  approval_status: 'pending',
  rejection_reason: null,
  signoff_policy: { approvals_required: 1, threshold_amount: null, approvals_above_threshold: null },
  created_at: '2029-12-01T00:00:00.000Z',
};

const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find((c) => new URL(String(c[0]), 'http://x').pathname === path);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

function signInAdmin(adminType: number) {
  session.signIn(
    makeLogin(Date.now() + 60 * MINUTE, { user: makeUser({ is_iic_admin: true, admin_type: adminType }) }),
  );
}

describe('organisation approvals', { timeout: 30_000 }, () => {
  beforeEach(() => session.setNavigator(vi.fn()));
  afterEach(() => session.clearSession());

  it('approves a pending organisation after asking', async () => {
    signInAdmin(2);
    const mock = stubFetch({
      'GET /api/admin/business_list': () =>
        jsonResponse({ items: [pending], next_cursor: null, prev_cursor: null }),
      'POST /api/admin/business/pending/update': () =>
        jsonResponse({ ...pending, approval_status: 'approved' }),
    });
    renderRoutes(
      [{ path: '/admin/organisations', element: <AdminOrganisationsScreen /> }],
      '/admin/organisations',
    );
    const card = await screen.findByRole('article', { name: 'Widgets Ltd' });
    expect(within(card).getByText(/Company number WI123456/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Approve Widgets Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Widgets Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve organisation' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/business/pending/update')).toEqual({
        business_id: 4,
        status: 'approved',
      }),
    );
    expect(await screen.findByText('Organisation approved')).toBeInTheDocument();
  });

  it('rejects with a reason and locks with a reason', async () => {
    signInAdmin(1);
    const mock = stubFetch({
      'GET /api/admin/business_list': () =>
        jsonResponse({ items: [pending], next_cursor: null, prev_cursor: null }),
      'POST /api/admin/business/pending/update': () =>
        jsonResponse({ ...pending, approval_status: 'rejected', rejection_reason: 'No number' }),
      'PATCH /api/admin/business/4/lock': () => jsonResponse({ ...pending, lock_status: true }),
    });
    renderRoutes(
      [{ path: '/admin/organisations', element: <AdminOrganisationsScreen /> }],
      '/admin/organisations',
    );
    const card = await screen.findByRole('article', { name: 'Widgets Ltd' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject Widgets Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Widgets Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject organisation' }));
    expect(within(dialog).getByText('Say why, in a few words.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'No number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject organisation' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/business/pending/update')).toEqual({
        business_id: 4,
        status: 'rejected',
        reason: 'No number',
      }),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Lock Widgets Ltd' }));
    const lock = await screen.findByRole('dialog', { name: 'Lock Widgets Ltd?' });
    await userEvent.click(within(lock).getByRole('button', { name: 'Lock organisation' }));
    expect(within(lock).getByText('Say why it is locked.')).toBeInTheDocument();
    expect(bodyOf(mock, '/api/admin/business/4/lock')).toBeUndefined();
    await userEvent.type(within(lock).getByLabelText(/Reason/), 'Unpaid invoices');
    await userEvent.click(within(lock).getByRole('button', { name: 'Lock organisation' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/business/4/lock')).toEqual({
        lock_status: true,
        reason: 'Unpaid invoices',
      }),
    );
  });

  it('is view only for a platform Employee', async () => {
    signInAdmin(99);
    stubFetch({
      'GET /api/admin/business_list': () =>
        jsonResponse({ items: [pending], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(
      [{ path: '/admin/organisations', element: <AdminOrganisationsScreen /> }],
      '/admin/organisations',
    );
    const card = await screen.findByRole('article', { name: 'Widgets Ltd' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });
});
