import type { Charity } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { charityFixture, MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { AdminCharitiesScreen } from './charity-review';

const pending: Charity = charityFixture({
  name: 'Canal Friends',
  registration_number: '1234567',
  charity_types: [1],
  approval_status: 'pending',
});

describe('charity approvals', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('rejects with a reason, which it asks for first (the shared reason dialog)', async () => {
    session.signIn(
      makeLogin(Date.now() + 60 * MINUTE, { user: makeUser({ is_iic_admin: true, admin_type: 1 }) }),
    );
    const mock = stubFetch({
      'GET /api/admin/charity/pending/list': () =>
        jsonResponse({ items: [pending], next_cursor: null, prev_cursor: null }),
      'POST /api/admin/charity/pending/update': () =>
        jsonResponse({ ...pending, approval_status: 'rejected', rejection_reason: 'Not on the register' }),
    });
    renderRoutes([{ path: '/admin/charities', element: <AdminCharitiesScreen /> }], '/admin/charities');
    const card = await screen.findByRole('article', { name: 'Canal Friends' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject Canal Friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Canal Friends?' });
    await expectReasonAsked(dialog, 'Reject charity', 'Say why the charity is rejected.');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    await confirmWithReason(dialog, 'Reject charity', 'Not on the register');
    await waitFor(() => {
      const call = mock.mock.calls.find(
        (c) => new URL(String(c[0]), 'http://x').pathname === '/api/admin/charity/pending/update',
      );
      expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
        charity_id: 3,
        status: 'rejected',
        reason: 'Not on the register',
      });
    });
    expect(await screen.findByText('Charity rejected')).toBeInTheDocument();
  });

  it('locks only with a reason of at least 3 characters, and unlocks after confirming', async () => {
    session.signIn(
      makeLogin(Date.now() + 60 * MINUTE, { user: makeUser({ is_iic_admin: true, admin_type: 1 }) }),
    );
    let locked = false;
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/admin/charity/pending/list': () =>
        jsonResponse({ items: [{ ...pending, lock_status: locked }], next_cursor: null, prev_cursor: null }),
      'PATCH /api/admin/charity/3/lock': (_url, init) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        locked = body.lock_status;
        return jsonResponse({ ...pending, lock_status: locked });
      },
    });
    renderRoutes([{ path: '/admin/charities', element: <AdminCharitiesScreen /> }], '/admin/charities');
    const card = await screen.findByRole('article', { name: 'Canal Friends' });
    await userEvent.click(within(card).getByRole('button', { name: 'Lock Canal Friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock Canal Friends?' });
    expect(dialog.textContent).toContain('emailed to the charity’s admins');
    await expectReasonAsked(dialog, 'Lock charity', 'Say why the charity is locked.');
    expect(bodies).toEqual([]);
    await confirmWithReason(dialog, 'Lock charity', 'No');
    expect(within(dialog).getByText('Use at least 3 characters.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Reason/));
    await confirmWithReason(dialog, 'Lock charity', 'Complaint about misuse of funds');
    await waitFor(() =>
      expect(bodies).toEqual([{ lock_status: true, reason: 'Complaint about misuse of funds' }]),
    );
    expect(await screen.findByText('Charity locked')).toBeInTheDocument();

    // Unlocking asks for no reason, only a confirmation.
    await userEvent.click(await within(card).findByRole('button', { name: 'Unlock Canal Friends' }));
    const confirmUnlock = await screen.findByRole('dialog', { name: 'Unlock Canal Friends?' });
    await userEvent.click(within(confirmUnlock).getByRole('button', { name: 'Unlock charity' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ lock_status: false }));
  });
});
