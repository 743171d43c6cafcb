import type { Donation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CharityDonationAccess } from '@/entities/charity';
import { errorResponse, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import type { RefundRequestWithGift } from '../api/get-refund-requests';
import { makeDonation, page } from '../testing/fixtures';
import { DonationsInbox } from './donations-inbox';

const ADMIN: CharityDonationAccess = { read: true, approve: true, claimGiftAid: true, refund: true };
const FINANCE: CharityDonationAccess = { read: true, approve: false, claimGiftAid: true, refund: false };

function giftOf(id: number, name: string, overrides: Partial<Donation> = {}): Donation {
  return makeDonation({
    id,
    type: 2,
    status: 80,
    status_label: 'Approved',
    amount: 4_000,
    source: 'wallet',
    hours: null,
    date: null,
    created_at: '2030-01-03T10:00:00.000Z',
    donor: { kind: 'user', id: 100 + id, name },
    ...overrides,
  });
}

function requestOf(id: number, donation: Donation, overrides: Partial<RefundRequestWithGift> = {}) {
  return {
    id,
    donation_id: donation.id,
    status: 'open',
    reason: `I gave to the wrong project (${id})`,
    answer: null,
    created_at: '2030-01-04T10:00:00.000Z',
    answered_at: null,
    donation,
    ...overrides,
  } satisfies RefundRequestWithGift;
}

interface Answer {
  path: string;
  body: unknown;
  key: string | undefined;
}

/**
 * The inbox with `open` requests waiting (two pages when `more` is given) and nothing answered;
 * each answer takes the request out of the open ones.
 */
function stubRequests(options: {
  open: RefundRequestWithGift[];
  more?: RefundRequestWithGift[];
  answer?: (body: unknown) => Response;
}) {
  let open = options.open;
  const answers: Answer[] = [];
  const reads: string[] = [];
  const fetchMock = stubFetch({
    'GET /api/charity/1/donations': () => jsonResponse(page([])),
    'GET /api/charity/projects/1': () => jsonResponse(page([])),
    'GET /api/charity/1/refund_requests': (url) => {
      const status = url.searchParams.get('status') ?? '';
      reads.push(status);
      if (status !== 'open') return jsonResponse(page([]));
      if (url.searchParams.get('cursor') === 'p2') return jsonResponse(page(options.more ?? []));
      return jsonResponse(page(open, options.more ? 'p2' : null));
    },
  });
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const match = /^\/api\/charity\/1\/refund_requests\/(\d+)$/.exec(url.pathname);
    if (init.method === 'POST' && match) {
      const body = JSON.parse(String(init.body));
      answers.push({ path: url.pathname, body, key: headersOf(init)['Idempotency-Key'] });
      if (options.answer) return options.answer(body);
      const id = Number(match[1]);
      open = open.filter((request) => request.id !== id);
      return jsonResponse({
        refund_request: { id, status: body.action === 'accept' ? 'accepted' : 'declined' },
        refund: null,
      });
    }
    return (base as typeof fetch)(input, init);
  });
  return { answers, reads };
}

function renderInbox(access: CharityDonationAccess = ADMIN) {
  return renderRoutes(
    [{ path: '/charity/donations', element: <DonationsInbox charityId={1} access={access} /> }],
    '/charity/donations',
  );
}

const section = () => screen.findByRole('region', { name: /^Refund requests/ }, { timeout: 5000 });

describe("the givers' refund requests in the inbox", { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('lists the open requests above the donations: the gift, what is left and the giver’s reason', async () => {
    const partly = giftOf(5, 'Fran Funder', { refunded_amount: 1_500 });
    stubRequests({ open: [requestOf(1, partly), requestOf(2, giftOf(6, 'Gil Giver'))] });
    renderInbox();
    const requests = await section();
    expect(within(requests).getByRole('heading', { name: 'Refund requests (2)' })).toBeInTheDocument();
    const first = within(requests).getByRole('listitem', { name: '₹40 from Fran Funder' });
    expect(first).toHaveTextContent('Given 3 Jan 2030 · ₹25 left to refund (₹15 refunded)');
    expect(first).toHaveTextContent('“I gave to the wrong project (1)”');
    expect(within(first).getByRole('button', { name: 'Accept Fran Funder’s request' })).toBeInTheDocument();
    // The section comes before the donations.
    const donations = screen.getByRole('region', { name: 'All other donations' });
    expect(requests.compareDocumentPosition(donations) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('accepts a request after asking, with a key, and reads the requests again', async () => {
    const { answers, reads } = stubRequests({ open: [requestOf(1, giftOf(5, 'Fran Funder'))] });
    renderInbox();
    const requests = await section();
    await userEvent.click(within(requests).getByRole('button', { name: 'Accept Fran Funder’s request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹40 to Fran Funder?' });
    expect(dialog).toHaveTextContent(
      'What is left of the gift goes back to the giver’s wallet. The giver gets a credit note.',
    );
    expect(answers).toEqual([]);
    const readsBefore = reads.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹40' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toMatchObject({
      path: '/api/charity/1/refund_requests/1',
      body: { action: 'accept' },
    });
    expect(answers[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Request accepted')).toBeInTheDocument();
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
    expect(await within(requests).findByText('No requests wait for an answer.')).toBeInTheDocument();
  });

  it('declines only with a reason the giver will see', async () => {
    const { answers } = stubRequests({ open: [requestOf(1, giftOf(5, 'Fran Funder'))] });
    renderInbox();
    const requests = await section();
    await userEvent.click(within(requests).getByRole('button', { name: 'Decline Fran Funder’s request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request?' });
    expect(dialog).toHaveTextContent('is told your reason');
    await expectReasonAsked(dialog, 'Decline', 'Say why, so the giver knows.');
    expect(answers).toEqual([]);
    await confirmWithReason(dialog, 'Decline', 'The project has already spent it');
    await waitFor(() =>
      expect(answers.map((a) => a.body)).toEqual([
        { action: 'decline', reason: 'The project has already spent it' },
      ]),
    );
    expect(await screen.findByText('Request declined')).toBeInTheDocument();
  });

  it('says why an answer was refused, beside the request', async () => {
    stubRequests({
      open: [requestOf(1, giftOf(5, 'Fran Funder'))],
      answer: () => errorResponse(409, 'REFUND_REQUEST_ANSWERED', 'This request has already been answered.'),
    });
    renderInbox();
    const requests = await section();
    await userEvent.click(within(requests).getByRole('button', { name: 'Accept Fran Funder’s request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹40 to Fran Funder?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹40' }));
    const item = within(requests).getByRole('listitem', { name: '₹40 from Fran Funder' });
    expect(await within(item).findByText('This request has already been answered.')).toBeInTheDocument();
    expect(screen.queryByText('Request accepted')).not.toBeInTheDocument();
  });

  it('loads more requests, and shows an empty state when another filter finds none', async () => {
    const first = Array.from({ length: 3 }, (_, index) =>
      requestOf(index + 1, giftOf(index + 10, `Giver ${index + 1}`)),
    );
    stubRequests({ open: first, more: [requestOf(9, giftOf(30, 'Late Giver'))] });
    renderInbox();
    const requests = await section();
    expect(within(requests).getByRole('heading', { name: 'Refund requests (3+)' })).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Show more requests' }));
    expect(
      await within(requests).findByRole('listitem', { name: '₹40 from Late Giver' }),
    ).toBeInTheDocument();
    expect(within(requests).getAllByRole('listitem')).toHaveLength(4);

    await userEvent.selectOptions(within(requests).getByLabelText('Show'), 'Declined');
    expect(await within(requests).findByText('No request has been declined yet.')).toBeInTheDocument();
  });

  it('shows no section without an open request, and no answers to a member who is not an admin', async () => {
    stubRequests({ open: [] });
    const first = renderInbox();
    expect(await screen.findByText(/No donations yet/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Refund requests/ })).not.toBeInTheDocument();
    first.unmount();

    stubRequests({ open: [requestOf(1, giftOf(5, 'Fran Funder'))] });
    renderInbox(FINANCE);
    const requests = await section();
    expect(requests).toHaveTextContent('The charity’s admins answer them.');
    expect(within(requests).queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument();
  });
});
