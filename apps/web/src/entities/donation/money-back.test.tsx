import type { Refund } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '@/testing/downloads';
import { donationFixture, refundFixture, refundRequestFixture } from '@/testing/fixtures';
import { stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { canAskForRefund, isRefundable, refundLeft } from './money-back';
import { MoneyBackDetails } from './money-back-details';

const DAY = 86_400_000;
const GIVEN = '2030-01-10T10:00:00.000Z';

function refund(overrides: Partial<Refund> = {}): Refund {
  return refundFixture({ to: 'card', ...overrides });
}

describe('money back', () => {
  it('leaves out what was refunded and what is on its way back', () => {
    const gift = donationFixture({
      amount: 5_000,
      refunded_amount: 1_000,
      refunds: [refund(), refund({ id: 42, amount: 1_500, status: 'pending', credit_note_number: null })],
    });
    expect(refundLeft(gift)).toBe(2_500);
    expect(refundLeft(donationFixture({ type: 3, amount: null }))).toBe(0);
  });

  it('may be asked back within 30 days, once at a time, while the gift stands and nobody disputes it', () => {
    const gift = donationFixture({ created_at: GIVEN });
    const at = (days: number) => Date.parse(GIVEN) + days * DAY;
    expect(canAskForRefund(gift, at(29))).toBe(true);
    expect(canAskForRefund(gift, at(31))).toBe(false);
    const open = refundRequestFixture({ id: 1, reason: 'x', created_at: GIVEN });
    expect(canAskForRefund({ ...gift, refund_request: open }, at(1))).toBe(false);
    expect(
      canAskForRefund({ ...gift, refund_request: { ...open, status: 'declined', answer: 'No' } }, at(1)),
    ).toBe(true);
    expect(canAskForRefund({ ...gift, status: 40 }, at(1))).toBe(false);
    expect(canAskForRefund({ ...gift, dispute: { status: 'open', amount: 2_500 } }, at(1))).toBe(false);
    expect(isRefundable({ ...gift, refunded_amount: 2_500 })).toBe(false);
    expect(isRefundable({ ...gift, status: 85 })).toBe(true);
  });

  it('shows the giver each refund, where it went, and downloads its credit note', async () => {
    const fetchMock = stubFetch({
      'GET /api/donation/5/refunds/41/credit_note': () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="kindred-credit-note-KC-2030-000041.pdf"',
          },
        }),
    });
    const saved = captureDownloads();
    renderWithProviders(
      <MoneyBackDetails
        viewer="giver"
        donation={donationFixture({
          id: 5,
          refunded_amount: 1_000,
          refunds: [
            refund(),
            refund({
              id: 42,
              amount: 500,
              to: 'wallet',
              status: 'pending',
              credit_note_number: null,
            }),
          ],
          dispute: { status: 'won', amount: 2_500 },
        })}
      />,
    );
    expect(screen.getByText('₹10 refunded')).toBeInTheDocument();
    expect(
      screen.getByText('Your bank’s dispute of this payment was decided for the charity: the gift stands.'),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Refunds of this gift' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('₹10 refunded to your card on 12 Jan 2030');
    expect(items[0]).toHaveTextContent('Reason: Given twice by mistake');
    expect(items[1]).toHaveTextContent('₹5 on its way back to your wallet');
    expect(within(items[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download credit note KC-2030-000041 (PDF)' }));
    expect(await screen.findByText('Credit note downloaded')).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['kindred-credit-note-KC-2030-000041.pdf']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells the charity’s people whose card and who refunded', () => {
    renderWithProviders(
      <MoneyBackDetails
        viewer="staff"
        donation={donationFixture({
          amount: 2_500,
          refunded_amount: 2_500,
          refunds: [refund({ amount: 2_500, origin: 'dispute', by: null, from_platform: true })],
          dispute: { status: 'lost', amount: 2_500 },
        })}
      />,
    );
    expect(screen.getByText('₹25 refunded, all of the gift')).toBeInTheDocument();
    expect(screen.getByText('The dispute was lost: ₹25 went back to the giver’s card.')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('₹25 refunded to the giver’s card');
    expect(screen.getByRole('listitem')).toHaveTextContent('paid from the platform’s own funds');
  });

  it('says so when a credit note cannot be downloaded', async () => {
    stubFetch({
      'GET /api/donation/5/refunds/41/credit_note': () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'NO_CREDIT_NOTE',
              message: 'The credit note is made once the money is back with the giver.',
            },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderWithProviders(
      <MoneyBackDetails
        viewer="giver"
        donation={donationFixture({ id: 5, refunded_amount: 1_000, refunds: [refund()] })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download credit note KC-2030-000041 (PDF)' }));
    expect(
      await screen.findByText('The credit note is made once the money is back with the giver.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Credit note downloaded')).not.toBeInTheDocument();
  });

  it('shows nothing for a gift with no money back', () => {
    const { container } = renderWithProviders(
      <MoneyBackDetails viewer="giver" donation={donationFixture()} />,
    );
    expect(container.querySelector('[data-testid="money-back"]')).toBeNull();
  });
});
