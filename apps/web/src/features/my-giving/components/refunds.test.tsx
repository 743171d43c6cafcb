import type { Donation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { todayIsForEachTest } from '@/testing/clock';
import { captureDownloads } from '@/testing/downloads';
import { refundFixture, refundRequestFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { makeDonation, pageOf } from '../testing/fixtures';
import { renderGiving } from '../testing/render';

/** Ten days after the fixtures' gifts were made (10 Jan 2030). */
const TODAY = new Date('2030-01-20T12:00:00.000Z');

const refund = refundFixture;
const request = refundRequestFixture;

/** The donor's donation cards (the list's own items, not the refunds listed inside them). */
async function cards(): Promise<HTMLElement[]> {
  return [...(await screen.findByRole('list', { name: 'Your donations' })).children] as HTMLElement[];
}

describe('my giving: refunds', { timeout: 20_000 }, () => {
  todayIsForEachTest(TODAY);
  afterEach(() => {
    session.clearSession();
  });

  it('shows what was refunded, where it went, its credit note, a dispute and the charity’s answer', async () => {
    const saved = captureDownloads();
    const partly = makeDonation({
      id: 1,
      amount: 5_000,
      refunded_amount: 1_000,
      refunds: [refund()],
      refund_request: request({
        status: 'declined',
        answer: 'The project has already bought the boat',
        answered_at: '2030-01-16T09:00:00.000Z',
      }),
    });
    const disputed = makeDonation({
      id: 2,
      source: 'card',
      payment_id: 8,
      receipt_number: 'KR-000002',
      dispute: { status: 'open', amount: 2_500 },
    });
    const returned = makeDonation({
      id: 3,
      status: 90,
      status_label: 'Canceled',
      source: 'card',
      payment_id: 9,
      receipt_number: 'KR-000003',
      refunded_amount: 2_500,
      dispute: { status: 'lost', amount: 2_500 },
      refunds: [
        refund({
          id: 43,
          amount: 2_500,
          to: 'card',
          origin: 'dispute',
          by: null,
          credit_note_number: 'KC-2030-000043',
          reason: 'The giver’s bank decided the dispute for the giver.',
        }),
      ],
    });
    stubFetch({
      'GET /api/user/donations': () => pageOf([partly, disputed, returned]),
      'GET /api/donation/1/refunds/41/credit_note': () =>
        new Response('%PDF-1.7 credit note', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="kindred-credit-note-KC-2030-000041.pdf"',
          },
        }),
    });
    renderGiving();

    const [first, second, third] = await cards();
    const card = first as HTMLElement;
    expect(within(card).getByText('₹10 refunded')).toBeInTheDocument();
    expect(within(card).getByText('₹10 refunded to your wallet on 12 Jan 2030')).toBeInTheDocument();
    expect(within(card).getByText('Reason: Given twice by mistake')).toBeInTheDocument();
    expect(
      within(card).getByText('River Trust declined your request for a refund on 16 Jan 2030.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('River Trust’s reason: “The project has already bought the boat”'),
    ).toBeInTheDocument();
    // Declined, something left, within 30 days: the giver may ask again.
    expect(within(card).getByRole('button', { name: /Ask for a refund/ })).toBeInTheDocument();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Download credit note KC-2030-000041 (PDF)' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('kindred-credit-note-KC-2030-000041.pdf');
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.7 credit note');
    expect(await screen.findByText('Credit note downloaded')).toBeInTheDocument();

    const disputedCard = second as HTMLElement;
    expect(
      within(disputedCard).getByText(
        'Your bank is disputing this payment (₹25). Its decision settles the gift.',
      ),
    ).toBeInTheDocument();
    expect(within(disputedCard).queryByRole('button', { name: /Ask for a refund/ })).not.toBeInTheDocument();

    const returnedCard = third as HTMLElement;
    expect(within(returnedCard).getByText('₹25 refunded, all of the gift')).toBeInTheDocument();
    expect(
      within(returnedCard).getByText('Your bank’s dispute was decided for you: ₹25 went back to your card.'),
    ).toBeInTheDocument();
    expect(within(returnedCard).getByText('₹25 refunded to your card on 12 Jan 2030')).toBeInTheDocument();
    expect(
      within(returnedCard).getByText('Your bank decided its dispute of the payment for you.'),
    ).toBeInTheDocument();
    // A gift refunded in full keeps its receipt, and its reason is the refund's.
    expect(
      within(returnedCard).getByRole('button', { name: 'Download receipt KR-000003 (PDF)' }),
    ).toBeInTheDocument();
    expect(within(returnedCard).queryByText(/^Reason:/)).not.toBeInTheDocument();
    expect(within(returnedCard).queryByRole('button', { name: /Ask for a refund/ })).not.toBeInTheDocument();
  });

  it('asks for a refund with a reason, says what happens next, and shows the request waiting', async () => {
    let gift: Donation = makeDonation({ id: 1 });
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/user/donations': () => pageOf([gift]),
      'POST /api/donation/1/refund_request': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { reason: string };
        bodies.push(body);
        const made = request({ reason: body.reason, created_at: TODAY.toISOString() });
        gift = { ...gift, refund_request: made };
        return jsonResponse({ refund_request: made }, 201);
      },
    });
    renderGiving();
    await screen.findByRole('list', { name: 'Your donations' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ask for a refund of ₹25 to Clean the River Wey' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a refund' });
    expect(dialog).toHaveTextContent('₹25 to Clean the River Wey, given on 10 Jan 2030.');
    expect(dialog).toHaveTextContent(
      'The charity answers your request. If it accepts, the money goes back the way you gave it: to your wallet.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Say why you would like your money back.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.type(reason, 'I gave to the wrong project');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Refund asked for')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'I gave to the wrong project' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('You asked for a refund on 20 Jan 2030. Waiting for River Trust to answer.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your reason: “I gave to the wrong project”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for a refund/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Details of ₹25/ })),
    );
  });

  it('puts the server’s word on the reason beside it, and a refusal above it', async () => {
    let answer = () =>
      errorResponse(400, 'VALIDATION_ERROR', 'Check the fields.', {
        fields: { reason: 'The reason holds a character that is not allowed.' },
      });
    stubFetch({
      'GET /api/user/donations': () => pageOf([makeDonation({ id: 1 })]),
      'POST /api/donation/1/refund_request': () => answer(),
    });
    renderGiving();
    await userEvent.click(await screen.findByRole('button', { name: /Ask for a refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a refund' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Changed my mind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(
      await within(dialog).findByText('The reason holds a character that is not allowed.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');

    answer = () =>
      errorResponse(
        409,
        'REFUND_REQUEST_TOO_LATE',
        'Refunds can be asked for within 30 days of giving. Write to the charity instead.',
      );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('The request was not sent');
    expect(refusal).toHaveTextContent('Refunds can be asked for within 30 days of giving.');
  });

  it('offers no refund after 30 days, before approval, for time, or while a request waits', async () => {
    stubFetch({
      'GET /api/user/donations': () =>
        pageOf([
          makeDonation({ id: 1, created_at: '2029-12-01T10:00:00.000Z' }),
          makeDonation({ id: 2, status: 40, status_label: 'Awaiting platform admin approval' }),
          makeDonation({ id: 3, type: 3, amount: null, hours: 4, source: null }),
          makeDonation({ id: 4, refund_request: request({ donation_id: 4 }) }),
          makeDonation({
            id: 5,
            amount: 2_500,
            refunded_amount: 2_500,
            status: 90,
            status_label: 'Canceled',
          }),
        ]),
    });
    renderGiving();
    await screen.findByRole('list', { name: 'Your donations' });
    expect(screen.getAllByRole('button', { name: /^Details of/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Ask for a refund/ })).not.toBeInTheDocument();
  });
});
