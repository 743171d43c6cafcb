import type { Donation, Refund } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CharityDonationAccess } from '@/entities/charity';
import { captureDownloads } from '@/testing/downloads';
import { refundFixture } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { makeDonation, page } from '../testing/fixtures';
import { DonationsInbox } from './donations-inbox';

const ADMIN: CharityDonationAccess = { read: true, approve: true, claimGiftAid: true, refund: true };
const FINANCE: CharityDonationAccess = { read: true, approve: false, claimGiftAid: true, refund: false };

/** A gift of ₹25 from Fran Funder's wallet to the charity's project, approved. */
function gift(overrides: Partial<Donation> = {}): Donation {
  return makeDonation({
    id: 5,
    type: 2,
    status: 80,
    status_label: 'Approved',
    amount: 2_500,
    source: 'wallet',
    hours: null,
    date: null,
    donor: { kind: 'user', id: 12, name: 'Fran Funder' },
    ...overrides,
  });
}

function refundOf(overrides: Partial<Refund> = {}): Refund {
  return refundFixture({
    credit_note_number: 'KC-2030-0007',
    created_at: '2030-01-05T10:00:00.000Z',
    ...overrides,
  });
}

interface Sent {
  path: string;
  body: unknown;
  key: string | undefined;
}

/** The inbox's calls with `shown` as the charity's donations; the refund answers with `refund`. */
function stubInbox(shown: Donation[], refund?: (body: { amount?: number; reason: string }) => Response) {
  const sent: Sent[] = [];
  let donations = shown;
  const fetchMock = stubFetch({
    'GET /api/charity/1/donations': (url) =>
      jsonResponse(page(url.searchParams.get('status') === '30' ? [] : donations)),
    'GET /api/charity/projects/1': () => jsonResponse(page([])),
    'GET /api/charity/1/refund_requests': () => jsonResponse(page([])),
    'GET /api/donation/5/refunds/41/credit_note': () =>
      new Response('%PDF-1.4', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="credit-note-KC-2030-0007.pdf"',
        },
      }),
    'POST /api/donation/5/refund': (url, init) => {
      const body = JSON.parse(String(init.body)) as { amount?: number; reason: string };
      sent.push({ path: url.pathname, body, key: headersOf(init)['Idempotency-Key'] });
      if (refund) return refund(body);
      const made = refundOf({ amount: body.amount ?? 2_500, reason: body.reason });
      donations = donations.map((d) =>
        d.id === 5
          ? { ...d, refunded_amount: d.refunded_amount + made.amount, refunds: [...d.refunds, made] }
          : d,
      );
      return jsonResponse({ refund: made, donation_id: 5, refunded_amount: made.amount, status: 80 }, 201);
    },
  });
  const listReads = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/charity/1/donations')).length;
  return { sent, listReads };
}

function renderInbox(access: CharityDonationAccess = ADMIN) {
  return renderRoutes(
    [{ path: '/charity/donations', element: <DonationsInbox charityId={1} access={access} /> }],
    '/charity/donations',
  );
}

const refundButton = () =>
  screen.findByRole('button', { name: 'Refund ₹25 from Fran Funder' }, { timeout: 5000 });

async function openRefund() {
  await userEvent.click(await refundButton());
  return screen.findByRole('dialog', { name: 'Refund a gift' });
}

describe('refunding a gift from the inbox', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('refunds part of a gift after saying what will happen, then shows it on the card', async () => {
    const { sent, listReads } = stubInbox([gift()]);
    renderInbox();
    const dialog = await openRefund();
    expect(dialog).toHaveTextContent('₹25 is left to refund.');
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('25');
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Given twice by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const summary = within(dialog).getByTestId('refund-summary');
    expect(summary).toHaveTextContent('₹10 goes back to the giver’s wallet. The giver gets a credit note.');
    expect(summary).toHaveTextContent('₹15 of the gift stays with the charity.');
    expect(sent).toEqual([]);
    const before = listReads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹10' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ amount: 1_000, reason: 'Given twice by mistake' });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Gift refunded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));

    const card = screen.getByTestId('donation-5');
    expect(await within(card).findByText('₹10 refunded')).toBeInTheDocument();
    const refunds = within(card).getByRole('list', { name: 'Refunds of this gift' });
    expect(refunds).toHaveTextContent('₹10 refunded to the giver’s wallet on 5 Jan 2030');
    expect(refunds).toHaveTextContent('Reason: Given twice by mistake · By Rita Trustee');
    expect(
      within(refunds).getByRole('button', { name: 'Download credit note KC-2030-0007 (PDF)' }),
    ).toBeInTheDocument();
    // ₹15 is still left: the gift can be refunded again.
    expect(within(card).getByRole('button', { name: 'Refund ₹25 from Fran Funder' })).toBeInTheDocument();
  });

  it('checks the amount and the reason beside their fields before anything is sent', async () => {
    const { sent } = stubInbox([gift()]);
    renderInbox();
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('At most ₹25 is left to refund.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Say why the gift is refunded.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('The amount cannot be 0.')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('refund-summary')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of the amount beside the field, keeping what was typed", async () => {
    const { sent } = stubInbox([gift()], () =>
      errorResponse(409, 'REFUND_TOO_LARGE', 'At most ₹5 is left to refund.', {
        fields: { amount: 'At most ₹5 is left to refund.' },
        left: 500,
      }),
    );
    renderInbox();
    const dialog = await openRefund();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹25' }));
    expect(await within(dialog).findByText('At most ₹5 is left to refund.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Amount to refund/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Amount to refund/)).toHaveValue('25');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Duplicate');
    expect(sent).toHaveLength(1);
  });

  it('says why a refund was refused, and sends the same key when a lost answer is retried', async () => {
    let calls = 0;
    const { sent } = stubInbox([gift()], () => {
      calls += 1;
      return calls === 1
        ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.')
        : errorResponse(
            409,
            'DISPUTE_OPEN',
            'The giver’s bank is disputing this payment: the dispute’s outcome settles it.',
          );
    });
    renderInbox();
    const dialog = await openRefund();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹25' }));
    const refusal = await within(dialog).findByTestId('form-refusal');
    expect(refusal).toHaveTextContent('the same refund is retried, so the giver is not refunded twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹25' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(await within(dialog).findByText(/The giver’s bank is disputing this payment/)).toBeInTheDocument();
    expect(screen.queryByText('Gift refunded')).not.toBeInTheDocument();
  });

  it("shows a gift's refunds, its dispute, and downloads a credit note", async () => {
    stubInbox([
      gift({ refunded_amount: 1_000, refunds: [refundOf()] }),
      gift({
        id: 6,
        source: 'card',
        donor: { kind: 'user', id: 13, name: 'Cal Card' },
        dispute: { status: 'open', amount: 2_500 },
      }),
      gift({
        id: 7,
        donor: { kind: 'user', id: 14, name: 'Wyn Won' },
        dispute: { status: 'won', amount: 2_500 },
      }),
    ]);
    const saved = captureDownloads();

    renderInbox();
    const refunded = await screen.findByTestId('donation-5', {}, { timeout: 5000 });
    expect(within(refunded).getByText('₹10 refunded')).toBeInTheDocument();
    await userEvent.click(
      within(refunded).getByRole('button', { name: 'Download credit note KC-2030-0007 (PDF)' }),
    );
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['credit-note-KC-2030-0007.pdf']));
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.4');

    const disputed = screen.getByTestId('donation-6');
    expect(within(disputed).getByText('Disputed by the giver’s bank')).toBeInTheDocument();
    expect(disputed).toHaveTextContent('The giver’s bank is disputing this payment: ₹25 is set aside');
    // The dispute's outcome settles it: no refund meanwhile.
    expect(within(disputed).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();

    const won = screen.getByTestId('donation-7');
    expect(within(won).getByText('Dispute won')).toBeInTheDocument();
    expect(within(won).getByRole('button', { name: 'Refund ₹25 from Wyn Won' })).toBeInTheDocument();
  });

  it('offers no refund of a gift refunded in full, nor to a member who is not an admin', async () => {
    stubInbox([
      gift({
        refunded_amount: 2_500,
        status: 90,
        status_label: 'Canceled',
        refunds: [refundOf({ amount: 2_500 })],
      }),
      gift({ id: 6, donor: { kind: 'user', id: 13, name: 'Ola Other' } }),
    ]);
    renderInbox(FINANCE);
    const card = await screen.findByTestId('donation-5', {}, { timeout: 5000 });
    expect(within(card).getByText('₹25 refunded, all of the gift')).toBeInTheDocument();
    expect(screen.getByTestId('donation-6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    // Who sees the donations downloads their credit notes.
    expect(
      within(card).getByRole('button', { name: 'Download credit note KC-2030-0007 (PDF)' }),
    ).toBeInTheDocument();
  });
});
