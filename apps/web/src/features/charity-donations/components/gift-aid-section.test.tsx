import { formatMoney, type GiftAidClaim } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '@/testing/downloads';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { page } from '../testing/fixtures';
import { GiftAidSection } from './gift-aid-section';

const full = { read: true, approve: true, claimGiftAid: true, refund: true };
const CSV =
  'Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\nMs,Dana,Donor,4,AB1 2CD,,,01/01/30,100.00\n';

function stubGiftAid() {
  let unclaimed = { donations: 2, total: 40_000, gift_aid: 10_000, awaiting_declaration: 0, adjustment: 0 };
  const claims: GiftAidClaim[] = [];
  const posts: string[] = [];
  stubFetch({
    'GET /api/charity/1/gift_aid/unclaimed': () => jsonResponse(unclaimed),
    'GET /api/charity/1/gift_aid/claims': () => jsonResponse(page(claims)),
    'POST /api/charity/1/gift_aid/claims': (url) => {
      posts.push(url.pathname);
      if (unclaimed.donations === 0) return errorResponse(409, 'NOTHING_TO_CLAIM', 'Nothing to claim.');
      const claim = { id: 3, created_at: '2030-01-02T09:00:00.000Z', ...unclaimed };
      claims.unshift(claim);
      unclaimed = { donations: 0, total: 0, gift_aid: 0, awaiting_declaration: 0, adjustment: 0 };
      return jsonResponse({ claim }, 201);
    },
    'GET /api/charity/1/gift_aid/claims/3/csv': () =>
      new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  });
  return { posts };
}

describe('Gift Aid claims', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('shows the unclaimed Gift Aid, claims it after a confirm, and downloads the claim as CSV', async () => {
    const { posts } = stubGiftAid();
    const saved = captureDownloads();

    renderWithProviders(<GiftAidSection charityId={1} access={full} />);
    expect((await screen.findByTestId('unclaimed-donations')).textContent).toBe('2');
    expect(screen.getByTestId('unclaimed-total').textContent).toBe(formatMoney(40_000));
    expect(screen.getByTestId('unclaimed-gift-aid').textContent).toBe(formatMoney(10_000));
    expect(screen.queryByTestId('unclaimed-adjustment')).not.toBeInTheDocument();
    expect(await screen.findByText(/No claims yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim Gift Aid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Gift Aid?' });
    expect(dialog.textContent).toContain(formatMoney(10_000));
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make the claim' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByText('Gift Aid claimed')).toBeInTheDocument();
    expect(await screen.findByText(/No Gift Aid to claim/)).toBeInTheDocument();

    const claims = screen.getByRole('region', { name: 'Claims' });
    const row = await within(claims).findByRole('row', { name: /2 Jan 2030/ });
    expect(row.textContent).toContain(formatMoney(40_000));
    await userEvent.click(within(row).getByRole('button', { name: /Download CSV of claim 3/ }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['gift-aid-claim-3.csv']));
    expect(await saved[0]?.blob.text()).toBe(CSV);
  });

  it('makes no claim when the confirm is declined', async () => {
    const { posts } = stubGiftAid();
    renderWithProviders(<GiftAidSection charityId={1} access={full} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim Gift Aid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Gift Aid?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
    expect(screen.getByTestId('unclaimed-donations').textContent).toBe('2');
  });

  it('says how many Gift Aid donations wait for their donors to declare for the charity', async () => {
    stubFetch({
      'GET /api/charity/1/gift_aid/unclaimed': () =>
        jsonResponse({ donations: 0, total: 0, gift_aid: 0, awaiting_declaration: 2 }),
      'GET /api/charity/1/gift_aid/claims': () => jsonResponse(page([])),
    });
    renderWithProviders(<GiftAidSection charityId={1} access={full} />);
    expect((await screen.findByTestId('unclaimed-awaiting')).textContent).toMatch(
      /^2 more donations with Gift Aid wait for their donors to make a declaration naming your charity/,
    );
    expect(screen.getByText(/No Gift Aid to claim/)).toBeInTheDocument();
  });

  it('says how much Gift Aid claimed before on since refunded gifts comes off the next claim', async () => {
    stubFetch({
      'GET /api/charity/1/gift_aid/unclaimed': () =>
        jsonResponse({ donations: 1, total: 4_000, gift_aid: 750, awaiting_declaration: 0, adjustment: 250 }),
      'GET /api/charity/1/gift_aid/claims': () =>
        jsonResponse(
          page([
            {
              id: 4,
              created_at: '2030-02-01T09:00:00.000Z',
              donations: 2,
              total: 8_000,
              gift_aid: 1_800,
              adjustment: 200,
            },
            {
              id: 3,
              created_at: '2030-01-02T09:00:00.000Z',
              donations: 1,
              total: 4_000,
              gift_aid: 1_000,
              adjustment: 0,
            },
          ]),
        ),
    });
    renderWithProviders(<GiftAidSection charityId={1} access={full} />);
    expect((await screen.findByTestId('unclaimed-adjustment')).textContent).toBe(
      '₹2.50 claimed before on gifts since refunded will be taken off the next claim.',
    );
    expect(screen.getByText('Gift Aid to claim (25%, less refunds)')).toBeInTheDocument();
    expect(screen.getByTestId('unclaimed-gift-aid').textContent).toBe('₹7.50');
    const claims = screen.getByRole('region', { name: 'Claims' });
    const later = await within(claims).findByRole('row', { name: /1 Feb 2030/ });
    expect(within(later).getByRole('cell', { name: '− ₹2' })).toBeInTheDocument();
    expect(within(later).getByRole('cell', { name: '₹18' })).toBeInTheDocument();
    const earlier = within(claims).getByRole('row', { name: /2 Jan 2030/ });
    expect(within(earlier).getByRole('cell', { name: 'None' })).toBeInTheDocument();
  });

  it('hides the claims from a member without the Gift Aid permission', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<GiftAidSection charityId={1} access={{ ...full, claimGiftAid: false }} />);
    expect(await screen.findByText(/You need the View finance permission to claim/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Gift Aid' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
