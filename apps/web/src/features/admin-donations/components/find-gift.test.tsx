import type { Donation, Refund } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { donationFixture, refundFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { AdminDonationsScreen } from './admin-donations-screen';

const routes = [{ path: '/admin/donations', element: <AdminDonationsScreen /> }];

/** A card gift of ₹300 to a project, delivered (85): never in the platform's queue. */
function delivered(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    id: 1042,
    status: 85,
    status_label: 'Completed',
    amount: 30_000,
    source: 'card',
    payment_id: 8,
    project: { id: 3, title: 'River clean-up' },
    charity: { id: 1, name: 'River Trust' },
    created_at: '2030-01-05T10:00:00.000Z',
    ...overrides,
  });
}

function refund(overrides: Partial<Refund> = {}): Refund {
  return refundFixture({
    amount: 30_000,
    to: 'card',
    by: { id: 1, name: 'Pat Admin' },
    created_at: '2030-01-06T10:00:00.000Z',
    ...overrides,
  });
}

const emptyQueue = () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null });
const sandbox = () =>
  jsonResponse({
    currency: 'INR',
    payment_provider: 'sandbox',
    stripe_publishable_key: null,
    map_tile_url: '/tiles/{z}/{x}/{y}.png',
  });

/** The screen with an empty queue, the sandbox as provider and `gift()` found by its number. */
function stubScreen(gift: () => Donation | null, handlers: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/config': sandbox,
    'GET /api/admin/complete': emptyQueue,
    [`GET /api/admin/donation/${gift()?.id ?? 1042}`]: () => {
      const found = gift();
      return found
        ? jsonResponse({ donation: found })
        : errorResponse(404, 'NOT_FOUND', 'The donation was not found.');
    },
    ...handlers,
  });
}

async function find(number: string) {
  const form = await screen.findByRole('form', { name: 'Find a gift by its number' });
  const field = within(form).getByLabelText('Gift number');
  await userEvent.clear(field);
  if (number) await userEvent.type(field, number);
  await userEvent.click(within(form).getByRole('button', { name: 'Find' }));
  return field;
}

const lookups = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter((call) => pathOfCall(call).startsWith('/api/admin/donation/'));

describe('admin donations: find a gift by its number', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('says beside the field what it cannot look up, asking the API nothing', async () => {
    signInAsPlatformUser(true, 1);
    const fetchMock = stubScreen(() => delivered());
    renderRoutes(routes, '/admin/donations');

    let field = await find('');
    expect(await screen.findByText('Enter the gift’s number.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());

    field = await find('10.5');
    expect(await screen.findByText('A gift’s number is a whole number, like 1042.')).toBeInTheDocument();
    field = await find('-3');
    expect(await screen.findByText('A gift’s number is a whole number, like 1042.')).toBeInTheDocument();
    field = await find('99999999999');
    expect(await screen.findByText('No gift has a number that large.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(lookups(fetchMock)).toEqual([]);
  });

  it('says beside the field when there is no such gift', async () => {
    signInAsPlatformUser(true, 1);
    stubScreen(() => null);
    renderRoutes(routes, '/admin/donations');
    const field = await find('1042');
    expect(await screen.findByText('The donation was not found.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says above the field when the lookup failed, and nothing is shown', async () => {
    signInAsPlatformUser(true, 1);
    stubScreen(() => delivered(), {
      'GET /api/admin/donation/1042': () =>
        errorResponse(500, 'INTERNAL', 'Something went wrong on our side.'),
    });
    renderRoutes(routes, '/admin/donations');
    const field = await find('1042');
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('The gift could not be looked up');
    expect(refusal).toHaveTextContent('Something went wrong on our side.');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows a delivered card gift to a project, refunds it in full and keeps it shown as it now is', async () => {
    signInAsPlatformUser(true, 1);
    let gift = delivered();
    stubScreen(() => gift, {
      'POST /api/donation/1042/refund': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { reason: string };
        const made = refund({ reason: body.reason });
        gift = { ...gift, status: 90, status_label: 'Canceled', refunded_amount: 30_000, refunds: [made] };
        return jsonResponse({ refund: made, donation_id: 1042, refunded_amount: 30_000, status: 90 }, 201);
      },
    });
    renderRoutes(routes, '/admin/donations');
    await find('#1042');

    const card = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(screen.getByText('Found gift #1042.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'River clean-up' })).toHaveAttribute('href', '/projects/3');
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    expect(within(card).getByText('Delivered to the charity’s funds.')).toBeInTheDocument();
    expect(
      await within(card).findByRole('region', { name: 'Payment provider (sandbox)' }),
    ).toBeInTheDocument();
    // Found, it is not the queue's: nothing to select or reject.
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Refund donation #1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation #1042?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Given twice by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const after = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(await within(after).findByText('Canceled')).toBeInTheDocument();
    expect(within(after).getByText('₹300 refunded, all of the gift')).toBeInTheDocument();
    expect(within(after).getByText('Canceled: its history says why.')).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Refund donation #1042' })).not.toBeInTheDocument();
    // Focus went back to the field, the button that opened the dialog being gone.
    await waitFor(() => expect(screen.getByLabelText('Gift number')).toHaveFocus());
  });

  it('raises the sandbox’s provider events on a found gift and shows it as the event left it', async () => {
    signInAsPlatformUser(true, 1);
    let gift = delivered();
    const events: unknown[] = [];
    stubScreen(() => gift, {
      'POST /api/sandbox/events': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { type: string };
        events.push(body);
        gift = { ...gift, dispute: { status: 'open', amount: 30_000 } };
        return jsonResponse({ event: { id: 'evt_sbx_1', type: body.type }, donation: gift });
      },
    });
    renderRoutes(routes, '/admin/donations');
    await find('1042');
    const card = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    const panel = await within(card).findByRole('region', { name: 'Payment provider (sandbox)' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Open a dispute' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Open a dispute?' });
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByText('Dispute opened')).toBeInTheDocument();
    expect(events).toEqual([{ type: 'charge.dispute.created', payment_id: 8 }]);

    const after = screen.getByRole('article', { name: /₹300 from Dana Donor/ });
    expect(
      await within(after).findByText('A dispute of ₹300 is open: the money is set aside until it is closed.'),
    ).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Refund donation #1042' })).not.toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Close the dispute: won' })).toBeInTheDocument();
  });

  it('lets an Employee look a gift up without refunding it, and clears it', async () => {
    signInAsPlatformUser(true, 99);
    stubScreen(() => delivered());
    renderRoutes(routes, '/admin/donations');
    await find('1042');
    const card = await screen.findByRole('article', { name: /₹300 from Dana Donor/ });
    expect(within(card).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('region', { name: 'Payment provider (sandbox)' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear gift #1042' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Gift number')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Gift number')).toHaveFocus());
  });
});
