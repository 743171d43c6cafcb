import type { Donation, ManageView } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayIsForEachTest } from '@/testing/clock';
import { captureDownloads } from '@/testing/downloads';
import { refundFixture, refundRequestFixture } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse } from '@/testing/http';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { GIFT_TOKEN, giftView, renderManage, stubManageApi } from '../testing/manage';

/** Ten days after the link's gift was made (10 Jan 2030). */
const TODAY = new Date('2030-01-20T12:00:00.000Z');
const VIEW = `/api/manage/${GIFT_TOKEN}`;

function viewWith(overrides: Partial<Donation>): ManageView {
  const view = giftView();
  return { ...view, donation: { ...(view.donation as Donation), ...overrides } };
}

describe('manage from the mail: refunds', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();
  todayIsForEachTest(TODAY);

  it('shows the gift’s refunds and downloads a credit note with the link alone', async () => {
    const saved = captureDownloads();
    const fetchMock = stubManageApi({
      [`GET ${VIEW}`]: () =>
        jsonResponse(
          viewWith({
            refunded_amount: 1_000,
            refunds: [refundFixture({ reason: 'Part of the project was cancelled', to: 'card' })],
          }),
        ),
      [`GET ${VIEW}/credit_note/41`]: () =>
        new Response('%PDF-1.7 credit note', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="kindred-credit-note-KC-2030-000041.pdf"',
          },
        }),
    });
    renderManage(GIFT_TOKEN);
    const gift = await screen.findByRole('region', { name: '₹25' });
    expect(within(gift).getByText('₹10 refunded')).toBeInTheDocument();
    expect(within(gift).getByText('₹10 refunded to your card on 12 Jan 2030')).toBeInTheDocument();
    expect(within(gift).getByText('Reason: Part of the project was cancelled')).toBeInTheDocument();
    // Something is left, within 30 days: it may be asked back.
    expect(within(gift).getByRole('button', { name: 'Ask for a refund' })).toBeInTheDocument();

    await userEvent.click(
      within(gift).getByRole('button', { name: 'Download credit note KC-2030-000041 (PDF)' }),
    );
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['kindred-credit-note-KC-2030-000041.pdf']),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/credit_note/41'));
    expect(headersOf(call?.[1] as RequestInit).Authorization).toBeUndefined();
  });

  it('asks for a refund through the link, with the reason required, and shows the request waiting', async () => {
    let view = giftView();
    const bodies: unknown[] = [];
    stubManageApi({
      [`GET ${VIEW}`]: () => jsonResponse(view),
      [`POST ${VIEW}/refund_request`]: (_url, init) => {
        const body = JSON.parse(String(init.body)) as { reason: string };
        bodies.push(body);
        const made = refundRequestFixture({
          donation_id: 5,
          reason: body.reason,
          created_at: TODAY.toISOString(),
        });
        view = viewWith({ refund_request: made });
        return jsonResponse({ refund_request: made }, 201);
      },
    });
    renderManage(GIFT_TOKEN);
    const gift = await screen.findByRole('region', { name: '₹25' });
    await userEvent.click(within(gift).getByRole('button', { name: 'Ask for a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a refund' });
    expect(dialog).toHaveTextContent('If it accepts, the money goes back the way you gave it: to your card.');
    await expectReasonAsked(dialog, 'Send the request', 'Say why you would like your money back.');
    expect(bodies).toEqual([]);

    await confirmWithReason(dialog, 'Send the request', 'The card was not mine to use');
    expect(await screen.findByText('Refund asked for')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'The card was not mine to use' }]);
    expect(
      await within(gift).findByText(
        'You asked for a refund on 20 Jan 2030. Waiting for River Trust to answer.',
      ),
    ).toBeInTheDocument();
    expect(within(gift).queryByRole('button', { name: 'Ask for a refund' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(gift).getByRole('heading', { name: '₹25' })),
    );
  });

  it('shows a refusal in the dialog and reads the gift again', async () => {
    let reads = 0;
    stubManageApi({
      [`GET ${VIEW}`]: () => {
        reads += 1;
        return jsonResponse(giftView());
      },
      [`POST ${VIEW}/refund_request`]: () =>
        errorResponse(
          409,
          'REFUND_REQUEST_OPEN',
          'You have already asked for this refund: the charity will answer.',
        ),
    });
    renderManage(GIFT_TOKEN);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a refund' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Changed my mind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already asked for this refund: the charity will answer.',
    );
    await waitFor(() => expect(reads).toBe(2));
  });

  it('offers no refund once 30 days have passed, nor while the bank disputes the payment', async () => {
    vi.setSystemTime(new Date('2030-02-15T12:00:00.000Z'));
    stubManageApi({ [`GET ${VIEW}`]: () => jsonResponse(giftView()) });
    const first = renderManage(GIFT_TOKEN);
    await screen.findByRole('region', { name: '₹25' });
    expect(screen.queryByRole('button', { name: 'Ask for a refund' })).not.toBeInTheDocument();
    first.unmount();

    vi.setSystemTime(TODAY);
    stubManageApi({
      [`GET ${VIEW}`]: () => jsonResponse(viewWith({ dispute: { status: 'open', amount: 2_500 } })),
    });
    renderManage(GIFT_TOKEN);
    const gift = await screen.findByRole('region', { name: '₹25' });
    expect(
      within(gift).getByText('Your bank is disputing this payment (₹25). Its decision settles the gift.'),
    ).toBeInTheDocument();
    expect(within(gift).queryByRole('button', { name: 'Ask for a refund' })).not.toBeInTheDocument();
  });
});
