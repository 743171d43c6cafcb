import type { Business } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageFixture } from '@/testing/fixtures';
import { jsonResponse, type Route, stubFetch } from '@/testing/http';
import { acme } from '@/testing/organisation';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { AdminOrganisationsScreen } from './organisation-review';

const pending: Business = {
  ...acme,
  id: 4,
  name: 'Widgets Ltd',
  registration_number: 'WI123456',
  description: 'We make widgets.',
  approval_status: 'pending',
  created_at: '2029-12-01T00:00:00.000Z',
};

const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find((c) => new URL(String(c[0]), 'http://x').pathname === path);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

/** Opens the approvals as a platform admin of the given type, with Widgets Ltd pending; returns its card. */
async function openApprovals(adminType: number, routes: Record<string, Route> = {}) {
  signInAsPlatformUser(true, adminType);
  const mock = stubFetch({
    'GET /api/admin/business_list': () => jsonResponse(pageFixture([pending])),
    ...routes,
  });
  renderRoutes(
    [{ path: '/admin/organisations', element: <AdminOrganisationsScreen /> }],
    '/admin/organisations',
  );
  return { mock, card: await screen.findByRole('article', { name: 'Widgets Ltd' }) };
}

describe('organisation approvals', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('approves a pending organisation after asking', async () => {
    const { mock, card } = await openApprovals(2, {
      'POST /api/admin/business/pending/update': () =>
        jsonResponse({ ...pending, approval_status: 'approved' }),
    });
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
    const { mock, card } = await openApprovals(1, {
      'POST /api/admin/business/pending/update': () =>
        jsonResponse({ ...pending, approval_status: 'rejected', rejection_reason: 'No number' }),
      'PATCH /api/admin/business/4/lock': () => jsonResponse({ ...pending, lock_status: true }),
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject Widgets Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Widgets Ltd?' });
    await expectReasonAsked(dialog, 'Reject organisation', 'Say why, in a few words.');
    await confirmWithReason(dialog, 'Reject organisation', 'No number');
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/business/pending/update')).toEqual({
        business_id: 4,
        status: 'rejected',
        reason: 'No number',
      }),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Lock Widgets Ltd' }));
    const lock = await screen.findByRole('dialog', { name: 'Lock Widgets Ltd?' });
    await expectReasonAsked(lock, 'Lock organisation', 'Say why it is locked.');
    expect(bodyOf(mock, '/api/admin/business/4/lock')).toBeUndefined();
    await confirmWithReason(lock, 'Lock organisation', 'Unpaid invoices');
    await waitFor(() =>
      expect(bodyOf(mock, '/api/admin/business/4/lock')).toEqual({
        lock_status: true,
        reason: 'Unpaid invoices',
      }),
    );
  });

  it('is view only for a platform Employee', async () => {
    const { card } = await openApprovals(99);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });
});
