import type { Donation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CharityDonationAccess } from '@/entities/charity';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { makeDonation, page } from '../testing/fixtures';
import { DonationsInbox } from './donations-inbox';

const FULL: CharityDonationAccess = { read: true, approve: true, claimGiftAid: true, refund: true };

const waiting = makeDonation({ id: 7, donor: { kind: 'user', id: 9, name: 'Dana Donor' }, hours: 6 });
const goods = makeDonation({
  id: 8,
  type: 5,
  hours: null,
  date: null,
  gift_type: 1,
  quantity: 2,
  description: 'Two laptops',
  donor: { kind: 'user', id: 10, name: 'Gil Giver' },
});
const approved = makeDonation({
  id: 6,
  status: 80,
  status_label: 'Approved',
  hours: 4,
  donor: { kind: 'user', id: 11, name: 'Vic Volunteer' },
});
const funds = makeDonation({
  id: 5,
  type: 2,
  status: 80,
  status_label: 'Approved',
  amount: 2_500,
  hours: null,
  date: null,
  gift_aid: true,
  donor: { kind: 'user', id: 12, name: 'Fran Funder' },
});

/** The charity's donations call: status 30 answers the waiting ones, anything else every donation. */
function stubInbox(options: { all?: Donation[]; act?: (body: unknown) => Response } = {}) {
  const all = options.all ?? [waiting, goods, approved, funds];
  const bodies: unknown[] = [];
  const fetchMock = stubFetch({
    'GET /api/charity/1/donations': (url) => {
      const status = url.searchParams.get('status');
      return jsonResponse(page(status ? all.filter((d) => String(d.status) === status) : all));
    },
    'GET /api/charity/projects/1': () => jsonResponse(page([])),
    'GET /api/charity/1/refund_requests': () => jsonResponse(page([])),
    'POST /api/charity/1/approve_donations': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { donation_ids: number[] };
      bodies.push(body);
      return options.act
        ? options.act(body)
        : jsonResponse({ donations: all.filter((d) => body.donation_ids.includes(d.id)) });
    },
  });
  const listReads = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/charity/1/donations')).length;
  return { bodies, listReads };
}

function renderInbox(access: CharityDonationAccess = FULL, path = '/charity/donations') {
  return renderRoutes(
    [{ path: '/charity/donations', element: <DonationsInbox charityId={1} access={access} /> }],
    path,
  );
}

const waitingSection = () => screen.findByRole('region', { name: /Waiting for you/ }, { timeout: 5000 });

/** Shows the inbox, chooses Dana Donor's 6 hours and opens the reject form. */
async function startRejectingDanasHours() {
  renderInbox();
  const first = await waitingSection();
  await userEvent.click(within(first).getByRole('checkbox', { name: 'Choose 6 hours from Dana Donor' }));
  await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
}

describe('the charity donations inbox', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('lists the donations waiting for the charity first, then the others', async () => {
    stubInbox();
    renderInbox();
    const first = await waitingSection();
    expect(within(first).getByText('6 hours from Dana Donor')).toBeInTheDocument();
    expect(within(first).getByText('2 × Technology from Gil Giver')).toBeInTheDocument();
    expect(within(first).queryByText(/Vic Volunteer/)).not.toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'All other donations' });
    expect(within(others).getByText('4 hours from Vic Volunteer')).toBeInTheDocument();
    expect(within(others).queryByText(/Dana Donor/)).not.toBeInTheDocument();
    // Funds need no approval from the charity: nothing to choose on them.
    expect(screen.queryByRole('checkbox', { name: /from Fran Funder/ })).not.toBeInTheDocument();
  });

  it('links the fundraising page a gift came through, and says nothing of one for the others', async () => {
    const through = makeDonation({
      ...funds,
      id: 4,
      donor: { kind: 'user', id: 13, name: 'Sam Supporter' },
      fundraiser: { id: 21, title: 'Dana runs 10k for the river' },
    });
    stubInbox({ all: [through, funds] });
    renderInbox();
    const others = await screen.findByRole('region', { name: 'All other donations' }, { timeout: 5000 });
    const gift = await within(others).findByTestId('donation-4');
    expect(within(gift).getByTestId('gift-fundraiser')).toHaveTextContent(
      'Through the fundraising page Dana runs 10k for the river',
    );
    expect(within(gift).getByRole('link', { name: 'Dana runs 10k for the river' })).toHaveAttribute(
      'href',
      '/fundraisers/21',
    );
    expect(within(within(others).getByTestId('donation-5')).queryByTestId('gift-fundraiser')).toBeNull();
  });

  it('approves the chosen donations in one call and reloads the list', async () => {
    const { bodies, listReads } = stubInbox();
    renderInbox();
    const first = await waitingSection();
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Choose all of these' }));
    expect(screen.getByText('2 donations chosen')).toBeInTheDocument();
    const before = listReads();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodies).toEqual([{ donation_ids: [7, 8], action: 'approve' }]));
    expect(await screen.findByText('Donations approved')).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(screen.queryByText(/chosen$/)).not.toBeInTheDocument();
  });

  it('will not reject without a reason, then asks before rejecting with it', async () => {
    const { bodies } = stubInbox();
    await startRejectingDanasHours();
    const form = screen.getByRole('form', { name: 'Reject donations' });
    await userEvent.click(within(form).getByRole('button', { name: 'Reject 1 donation' }));
    expect(within(form).getByText('Say why, in a few words.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Reason for rejecting/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/Reason for rejecting/), 'The day is fully booked');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject 1 donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 donation?' });
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ donation_ids: [7], action: 'reject', reason: 'The day is fully booked' }]),
    );
  });

  it('sends nothing when the reject is not confirmed', async () => {
    const { bodies } = stubInbox();
    await startRejectingDanasHours();
    await userEvent.type(screen.getByLabelText(/Reason for rejecting/), 'No longer needed');
    await userEvent.click(screen.getByRole('button', { name: 'Reject 1 donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 donation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
  });

  it('completes volunteering with the confirmed hours, pre-filled with the pledge', async () => {
    const { bodies } = stubInbox();
    renderInbox();
    await waitingSection();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose 4 hours from Vic Volunteer' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose 2 × Technology from Gil Giver' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete…' }));
    const form = screen.getByRole('form', { name: 'Complete donations' });
    const hours = within(form).getByLabelText('Hours given by Vic Volunteer');
    expect(hours).toHaveValue('4');
    // More than pledged, a negative or a part of an hour is kept as typed and refused beside the field.
    for (const typed of ['9', '-3', '2.5']) {
      await userEvent.clear(hours);
      await userEvent.type(hours, typed);
      await userEvent.click(within(form).getByRole('button', { name: 'Complete 2 donations' }));
      expect(within(form).getByText('Enter a whole number of hours between 0 and 4.')).toBeInTheDocument();
      expect((hours as HTMLInputElement).value).toBe(typed);
    }
    expect(bodies).toEqual([]);

    await userEvent.clear(hours);
    await userEvent.type(hours, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Complete 2 donations' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ donation_ids: [6, 8], action: 'complete', confirmed_hours: { '6': 3 } }]),
    );
    expect(await screen.findByText('Donations completed')).toBeInTheDocument();
  });

  it("shows the server's refusal of a donation in the wrong status and changes nothing", async () => {
    stubInbox({
      act: () =>
        errorResponse(409, 'INVALID_DONATION_STATUS', 'Donation 6 is Approved: it cannot become Approved.', {
          donation_id: 6,
          status: 80,
          to: 80,
        }),
    });
    renderInbox();
    await waitingSection();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose 4 hours from Vic Volunteer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The donations were not changed')).toBeInTheDocument();
    expect(screen.getByText(/Donation 6 is Approved: it cannot become Approved\./)).toBeInTheDocument();
    expect(screen.getByText('1 donation chosen')).toBeInTheDocument();
  });

  it('shows no choices nor actions to a member who cannot approve', async () => {
    const { bodies } = stubInbox();
    renderInbox({ read: true, approve: false, claimGiftAid: false, refund: false });
    const first = await waitingSection();
    expect(within(first).getByText('6 hours from Dana Donor')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('asks for the View finance permission instead of loading donations', async () => {
    const { listReads } = stubInbox();
    renderInbox({ read: false, approve: true, claimGiftAid: false, refund: false });
    expect(await screen.findByText(/You need the View finance permission/)).toBeInTheDocument();
    expect(listReads()).toBe(0);
  });

  it('says so when nothing was given yet', async () => {
    stubInbox({ all: [] });
    renderInbox();
    expect(await screen.findByText("Nothing is waiting for the charity's approval.")).toBeInTheDocument();
    expect(screen.getByText(/No donations yet/)).toBeInTheDocument();
  });

  it('sends the filters from the address and lists only what they match', async () => {
    stubInbox();
    const fetchMock = vi.mocked(fetch);
    renderInbox(FULL, '/charity/donations?status=80&type=3&from=2030-01-01&to=2030-01-31');
    const list = await screen.findByRole('region', { name: 'Matching donations' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: /Waiting for you/ })).not.toBeInTheDocument();
    const url = new URL(
      String(fetchMock.mock.calls.find(([input]) => String(input).includes('/charity/1/donations'))?.[0]),
      'http://localhost',
    );
    expect(url.searchParams.get('status')).toBe('80');
    expect(url.searchParams.get('type')).toBe('3');
    expect(url.searchParams.get('from')).toBe('2030-01-01');
    expect(url.searchParams.get('to')).toBe('2030-01-31');
    expect(within(list).getByText('4 hours from Vic Volunteer')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('80');
  });
});
