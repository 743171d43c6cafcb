import type { Donation, Refund } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { donationFixture, refundFixture } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { AdminDonationsScreen } from './admin-donations-screen';

const routes = [{ path: '/admin/donations', element: <AdminDonationsScreen /> }];

/** A direct gift of ₹2,500 waiting for payout, paid from the wallet. */
function direct(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    id: 12,
    method: 2,
    status: 80,
    status_label: 'Approved',
    amount: 250_000,
    project: null,
    charity: { id: 1, name: 'River Trust' },
    donor: { kind: 'user', id: 7, name: 'Dana Donor' },
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    ...overrides,
  });
}

const byCard = direct({ id: 14, source: 'card', payment_id: 8, amount: 30_000 });

function refund(overrides: Partial<Refund> = {}): Refund {
  return refundFixture({
    amount: 250_000,
    by: { id: 1, name: 'Pat Admin' },
    created_at: new Date().toISOString(),
    ...overrides,
  });
}

const page = (items: Donation[]) => jsonResponse({ items, next_cursor: null, prev_cursor: null });
const config = (provider: 'sandbox' | 'stripe') => () =>
  jsonResponse({
    currency: 'INR',
    payment_provider: provider,
    stripe_publishable_key: provider === 'stripe' ? 'pk_test_x' : null,
    map_tile_url: '/tiles/{z}/{x}/{y}.png',
  });

function stubQueue(
  queue: () => Donation[],
  handlers: Record<string, Route> = {},
  provider = config('sandbox'),
) {
  return stubFetch({
    'GET /api/config': provider,
    'GET /api/admin/complete': () => page(queue()),
    ...handlers,
  });
}

async function openRefund(id: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Refund donation #${id}` }));
  return screen.findByRole('dialog', { name: `Refund donation #${id}?` });
}

describe('admin donations: refunds and the sandbox', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('refunds part of a gift with a reason and an Idempotency-Key, the rest staying in the queue', async () => {
    signInAsPlatformUser(true, 1);
    let gift = direct();
    const calls: { body: unknown; key: string | undefined }[] = [];
    stubQueue(() => [gift], {
      'POST /api/donation/12/refund': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { amount: number; reason: string };
        calls.push({ body, key: headersOf(init)['Idempotency-Key'] });
        const made = refund({ amount: body.amount, reason: body.reason });
        gift = { ...gift, refunded_amount: body.amount, refunds: [made] };
        return jsonResponse({ refund: made, donation_id: 12, refunded_amount: body.amount, status: 80 }, 201);
      },
    });
    renderRoutes(routes, '/admin/donations');
    const dialog = await openRefund(12);
    expect(dialog).toHaveTextContent(
      '₹2,500 from Dana Donor to River Trust. ₹2,500 is left to refund. The money goes back to the giver’s wallet, and the giver gets a credit note.',
    );

    await expectReasonAsked(dialog, 'Refund', 'Say why the gift is refunded.');
    await userEvent.type(within(dialog).getByLabelText('Amount to refund'), '3000');
    await confirmWithReason(dialog, 'Refund', 'Given twice by mistake');
    expect(within(dialog).getByText('At most ₹2,500 is left to refund.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to refund')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Amount to refund'));
    await userEvent.type(within(dialog).getByLabelText('Amount to refund'), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    expect(screen.getByText('₹1,000 to the giver’s wallet.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ amount: 100_000, reason: 'Given twice by mistake' });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    const card = await screen.findByRole('article', { name: /₹2,500 from Dana Donor/ });
    expect(await within(card).findByText('₹1,000 refunded')).toBeInTheDocument();
    expect(within(card).getByText(/₹1,000 refunded to the giver’s wallet on/)).toBeInTheDocument();
    expect(within(card).getByText(/By Pat Admin/)).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Download credit note KC-2030-000041 (PDF)' }),
    ).toBeInTheDocument();
  });

  it('says beside the choice when the charity was paid out, and refunds from the platform’s funds', async () => {
    signInAsPlatformUser(true, 1);
    let queue = [direct()];
    const bodies: unknown[] = [];
    stubQueue(() => queue, {
      'POST /api/donation/12/refund': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { reason: string; from_platform?: boolean };
        bodies.push(body);
        if (!body.from_platform)
          return errorResponse(
            409,
            'ALREADY_PAID_OUT',
            'The charity has already been paid out this money. Only a platform admin can refund it, from the platform’s own funds.',
          );
        const made = refund({ from_platform: true, reason: body.reason });
        queue = [];
        return jsonResponse({ refund: made, donation_id: 12, refunded_amount: 250_000, status: 90 }, 201);
      },
    });
    renderRoutes(routes, '/admin/donations');
    const dialog = await openRefund(12);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Goodwill after payout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const choice = within(dialog).getByRole('checkbox', {
      name: 'Pay from the platform’s own funds (the charity has been paid out)',
    });
    expect(
      await within(dialog).findByText(
        'The charity has already been paid out this money: tick this to refund it from the platform’s own funds.',
      ),
    ).toBeInTheDocument();
    expect(choice).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(choice);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    expect(bodies).toEqual([
      { reason: 'Goodwill after payout' },
      { reason: 'Goodwill after payout', from_platform: true },
    ]);

    // Refunded in full, it leaves the queue and stays in sight as it now is.
    const changed = await screen.findByRole('list', { name: 'Gifts changed just now' });
    const card = within(changed).getByRole('article', { name: /₹2,500 from Dana Donor/ });
    expect(within(card).getByText('Canceled')).toBeInTheDocument();
    expect(within(card).getByText('₹2,500 refunded, all of the gift')).toBeInTheDocument();
    expect(within(card).getByText(/paid from the platform’s own funds/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Refund donation #12' })).not.toBeInTheDocument();
    expect(screen.getByText('Nothing else is waiting for the platform.')).toBeInTheDocument();
  });

  it('puts the server’s word on the amount beside it', async () => {
    signInAsPlatformUser(true, 1);
    stubQueue(() => [direct()], {
      'POST /api/donation/12/refund': () =>
        errorResponse(409, 'REFUND_TOO_LARGE', 'At most ₹500 is left to refund.', {
          fields: { amount: 'At most ₹500 is left to refund.' },
          left: 50_000,
        }),
    });
    renderRoutes(routes, '/admin/donations');
    const dialog = await openRefund(12);
    await userEvent.type(within(dialog).getByLabelText('Amount to refund'), '1000');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Part of it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Amount to refund')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getAllByText('At most ₹500 is left to refund.').length).toBeGreaterThan(0);
  });

  it('raises the sandbox’s provider events on a gift by card, each confirmed, showing the dispute as it stands', async () => {
    signInAsPlatformUser(true, 1);
    let gift = byCard;
    let queue = [direct(), gift];
    const events: unknown[] = [];
    stubQueue(() => queue, {
      'POST /api/sandbox/events': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { type: string; outcome?: string };
        events.push(body);
        if (body.type === 'charge.dispute.created')
          gift = { ...gift, dispute: { status: 'open', amount: 30_000 } };
        if (body.type === 'charge.dispute.closed')
          gift = {
            ...gift,
            status: 90,
            status_label: 'Canceled',
            refunded_amount: 30_000,
            dispute: { status: 'lost', amount: 30_000 },
            refunds: [
              refund({
                id: 43,
                amount: 30_000,
                to: 'card',
                origin: 'dispute',
                by: null,
                credit_note_number: 'KC-2030-000043',
              }),
            ],
          };
        queue = gift.status === 90 ? [direct()] : [direct(), gift];
        return jsonResponse({ event: { id: 'evt_sbx_1', type: body.type }, donation: gift });
      },
    });
    renderRoutes(routes, '/admin/donations');
    const card = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(within(card).getByText('Card')).toBeInTheDocument();
    // Only a gift by card has the panel.
    const wallet = screen.getByRole('article', { name: /₹2,500 from Dana Donor/ });
    expect(
      within(wallet).queryByRole('region', { name: 'Payment provider (sandbox)' }),
    ).not.toBeInTheDocument();

    const panel = await within(card).findByRole('region', { name: 'Payment provider (sandbox)' });
    expect(within(panel).getByText('No dispute.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refund at the provider' })).toBeInTheDocument();

    // Declining the confirm raises nothing.
    await userEvent.click(within(panel).getByRole('button', { name: 'Open a dispute' }));
    let confirmDialog = await screen.findByRole('dialog', { name: 'Open a dispute?' });
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(events).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Open a dispute' }));
    confirmDialog = await screen.findByRole('dialog', { name: 'Open a dispute?' });
    expect(confirmDialog).toHaveTextContent('₹300 of the gift is set aside');
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByText('Dispute opened')).toBeInTheDocument();
    expect(events).toEqual([{ type: 'charge.dispute.created', payment_id: 8 }]);
    expect(
      await within(panel).findByText('A dispute of ₹300 is open: the money is set aside until it is closed.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        'The giver’s bank is disputing this payment: ₹300 is set aside until it decides.',
      ),
    ).toBeInTheDocument();
    // While the bank disputes it, nothing else refunds it.
    expect(within(card).queryByRole('button', { name: 'Refund donation #14' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Refund at the provider' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Close the dispute: lost' }));
    confirmDialog = await screen.findByRole('dialog', { name: 'Close the dispute as lost?' });
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Close the dispute: lost' }));
    expect(await screen.findByText('Dispute closed: lost')).toBeInTheDocument();
    expect(events.at(-1)).toEqual({ type: 'charge.dispute.closed', outcome: 'lost', payment_id: 8 });

    const changed = await screen.findByRole('list', { name: 'Gifts changed just now' });
    const after = within(changed).getByRole('article', { name: /₹300 from Dana Donor/ });
    expect(
      within(after).getByText('The dispute was lost: ₹300 went back to the giver’s card.'),
    ).toBeInTheDocument();
    expect(within(after).getByText(/₹300 refunded to the giver’s card on/)).toBeInTheDocument();
    expect(
      within(after).getByText(
        'The dispute of ₹300 was lost: the money went back to the giver’s card. ₹300 refunded so far.',
      ),
    ).toBeInTheDocument();
    // Nothing is left of it for the provider to refund or a bank to dispute.
    expect(
      within(after).queryByRole('button', { name: /Refund at the provider|Open a dispute/ }),
    ).not.toBeInTheDocument();
  });

  it('shows no sandbox panel when Stripe takes the payments, and an Employee neither refunds nor raises events', async () => {
    signInAsPlatformUser(true, 1);
    stubQueue(() => [byCard], {}, config('stripe'));
    const first = renderRoutes(routes, '/admin/donations');
    const card = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(within(card).getByRole('button', { name: 'Refund donation #14' })).toBeInTheDocument();
    expect(
      within(card).queryByRole('region', { name: 'Payment provider (sandbox)' }),
    ).not.toBeInTheDocument();
    first.unmount();

    signInAsPlatformUser(true, 99);
    stubQueue(() => [byCard]);
    renderRoutes(routes, '/admin/donations');
    const viewed = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(within(viewed).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(
      within(viewed).queryByRole('region', { name: 'Payment provider (sandbox)' }),
    ).not.toBeInTheDocument();
  });
});
