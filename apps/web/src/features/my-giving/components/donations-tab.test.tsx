import type { Donation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { captureDownloads } from '@/testing/downloads';
import { jsonResponse, stubFetch } from '@/testing/http';
import { makeDonation, pageOf } from '../testing/fixtures';
import { renderGiving } from '../testing/render';

const funds = makeDonation();
const time = makeDonation({
  id: 2,
  type: 3,
  status: 30,
  status_label: 'Awaiting Charity Approval',
  amount: null,
  source: null,
  hours: 6,
  date: '2030-03-01',
  receipt_number: null,
  project: { id: 12, title: 'Plant a Wood' },
  charity: { id: 22, name: 'Green Hands' },
});
const older = makeDonation({
  id: 3,
  amount: 1_000,
  receipt_number: 'KR-000003',
  created_at: '2029-12-01T10:00:00.000Z',
});

function listedDonations() {
  return within(screen.getByRole('list', { name: 'Your donations' })).getAllByRole('listitem');
}

/** Donation 9, cancelled, with the history given. */
const cancelledDonation = (history: Donation['history']) =>
  makeDonation({ id: 9, status: 90, status_label: 'Canceled', receipt_number: null, history });

/** The step of a donation's history where Pat Admin cancelled it, saying why. */
const cancelledByPat = (reason: string) => ({
  status: 90,
  status_label: 'Canceled',
  at: '2030-01-12T09:30:00.000Z',
  by: { id: 1, name: 'Pat Admin' },
  reason,
});

describe('my giving: donations', { timeout: 20_000 }, () => {
  afterEach(() => {
    session.clearSession();
  });

  it('lists what was given with status and links, sends each filter to the API, and keeps them in the URL', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/donations': (url) =>
        url.searchParams.get('type') === '3' ? pageOf([time]) : pageOf([funds, time]),
    });
    const { router } = renderGiving();

    await waitFor(() => expect(listedDonations()).toHaveLength(2));
    const first = listedDonations()[0] as HTMLElement;
    expect(within(first).getByText('₹25')).toBeInTheDocument();
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Clean the River Wey' })).toHaveAttribute(
      'href',
      '/projects/11',
    );
    expect(within(first).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/21');
    const second = listedDonations()[1] as HTMLElement;
    expect(within(second).getByText('6 hours')).toBeInTheDocument();
    expect(within(second).getByText('Pledged 6 hours · confirmed —')).toBeInTheDocument();
    // Only the approved gift of funds has a receipt.
    expect(within(second).queryByRole('button', { name: /receipt/i })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Kind of giving'), 'Volunteering');
    await waitFor(() => expect(listedDonations()).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Awaiting Charity Approval');
    await userEvent.selectOptions(screen.getByLabelText('Charity'), 'Green Hands');
    await userEvent.selectOptions(screen.getByLabelText('Project'), 'Plant a Wood');
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '01/01/30');
    await userEvent.tab();

    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams;
      expect(
        Object.fromEntries(
          ['type', 'status', 'project_id', 'charity_id', 'from'].map((k) => [k, last.get(k)]),
        ),
      ).toEqual({
        type: '3',
        status: '30',
        project_id: '12',
        charity_id: '22',
        from: '2030-01-01',
      });
    });
    expect(router.state.location.search).toContain('type=3');
    expect(router.state.location.search).toContain('from=2030-01-01');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('refuses an end date before the start without asking the API', async () => {
    const fetchMock = stubFetch({ 'GET /api/user/donations': () => pageOf([funds]) });
    renderGiving('/donations?from=2030-02-01&to=2030-01-01');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/donations'))).toBe(false);
  });

  it('pages older donations with the cursor', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/donations': (url) =>
        url.searchParams.get('cursor') === 'c2' ? pageOf([older]) : pageOf([funds], 'c2'),
    });
    renderGiving();
    await waitFor(() => expect(listedDonations()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Show older donations' }));
    await waitFor(() => expect(listedDonations()).toHaveLength(2));
    expect(within(listedDonations()[1] as HTMLElement).getByText('₹10')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cursor=c2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older donations' })).not.toBeInTheDocument();
  });

  it('says what to do when there is nothing, and when filters match nothing', async () => {
    stubFetch({ 'GET /api/user/donations': () => pageOf([]) });
    const view = renderGiving();
    expect(await screen.findByText(/You have not given yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore projects to support' })).toHaveAttribute(
      'href',
      '/explore',
    );
    view.unmount();

    renderGiving('/donations?type=5');
    expect(await screen.findByText(/No donations match these filters/)).toBeInTheDocument();
  });

  it('opens a donation with its history (who, when, why) and keeps it in the URL', async () => {
    const declined = cancelledDonation([
      {
        status: 40,
        status_label: 'Awaiting platform admin approval',
        at: '2030-01-10T10:00:00.000Z',
        by: { id: 7, name: 'Dana Donor' },
        reason: null,
      },
      cancelledByPat('The project closed early.'),
    ]);
    stubFetch({
      'GET /api/user/donations': () => pageOf([declined]),
      'GET /api/user/donation/9': () => jsonResponse({ donation: declined }),
    });
    const { router } = renderGiving();
    const card = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    expect(within(card).getByText('Reason: The project closed early.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Details of ₹25/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Donation details' });
    expect(await within(dialog).findByText('Why: The project closed early.')).toBeInTheDocument();
    expect(within(dialog).getByText(/by Pat Admin/)).toBeInTheDocument();
    expect(within(dialog).getByText(/by Dana Donor/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?donation=9');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows declined donations with their reason, and the coming gifts of the next 12 months', async () => {
    const declined = cancelledDonation([cancelledByPat('Duplicate gift.')]);
    stubFetch({
      'GET /api/user/donations': () => pageOf([funds]),
      'GET /api/user/rejected_donations': () => pageOf([declined]),
      'GET /api/user/future_donations': () =>
        jsonResponse({
          items: [
            {
              subscription_id: 31,
              date: '2030-02-01',
              amount: 2_500,
              project: null,
              charity: { id: 21, name: 'River Trust' },
            },
            {
              subscription_id: 31,
              date: '2030-03-01',
              amount: 2_500,
              project: null,
              charity: { id: 21, name: 'River Trust' },
            },
          ],
        }),
    });
    const { router } = renderGiving();
    await screen.findByRole('list', { name: 'Your donations' });

    await userEvent.click(screen.getByRole('radio', { name: 'Declined' }));
    expect(await screen.findByText('Reason: Duplicate gift.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=declined');

    await userEvent.click(screen.getByRole('radio', { name: 'Coming' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('1 Feb 2030')).toBeInTheDocument();
    expect(screen.getByText('2 gifts due in the next 12 months, ₹50 in all.')).toBeInTheDocument();
  });

  it('downloads the receipt PDF of an approved gift of funds', async () => {
    const saved = captureDownloads();
    const fetchMock = stubFetch({
      'GET /api/user/donations': () => pageOf([funds]),
      'GET /api/user/donation/1/receipt': () =>
        new Response('%PDF-1.7 receipt', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="kindred-receipt-KR-000001.pdf"',
          },
        }),
    });
    renderGiving();
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt KR-000001 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('kindred-receipt-KR-000001.pdf');
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.7 receipt');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/user/donation/1/receipt'))).toBe(
      true,
    );
    expect(await screen.findByText('Receipt downloaded')).toBeInTheDocument();
  });
});
