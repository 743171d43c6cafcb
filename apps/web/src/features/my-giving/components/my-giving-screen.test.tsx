import type { DonorStatistics, GiftAidDeclaration } from '@kindred/shared';
import { giftAidDeclarationText } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { captureDownloads } from '@/testing/downloads';
import { jsonResponse, stubFetch } from '@/testing/http';
import { makeDonation, pageOf } from '../testing/fixtures';
import { renderGiving } from '../testing/render';

const stats: DonorStatistics = {
  funds_given: 123_450,
  gift_aid_added: 5_000,
  volunteering_hours: 12,
  skilled_hours: 4,
  gifts_count: 3,
  gifts_value: 9_000,
  projects_supported: 5,
  charities_supported: 2,
  by_month: [
    { month: '2030-01', funds: 100_000, gift_aid: 5_000, hours: 12, gifts: 1 },
    { month: '2030-02', funds: 23_450, gift_aid: 0, hours: 4, gifts: 2 },
  ],
};

const declaration: GiftAidDeclaration = {
  id: 4,
  charity: { id: 3, name: 'River Trust' },
  title: 'Ms',
  first_name: 'Dana',
  last_name: 'Donor',
  house: '12',
  address: 'High Street, Guildford',
  post_code: 'GU1 3AA',
  text: giftAidDeclarationText('River Trust'),
  declared_at: '2030-01-02T10:00:00.000Z',
  cancelled_at: null,
};

/** Types the statement's From and To dates, then leaves the fields. */
async function chooseStatementDates(fromDate: string, toDate: string) {
  const from = await screen.findByRole('textbox', { name: 'From' });
  const to = screen.getByRole('textbox', { name: 'To' });
  await userEvent.clear(from);
  await userEvent.type(from, fromDate);
  await userEvent.clear(to);
  await userEvent.type(to, toDate);
  await userEvent.tab();
}

describe('my giving: tabs', { timeout: 20_000 }, () => {
  afterEach(() => {
    session.clearSession();
  });

  it('keeps the active tab in the URL, so reload and back return to it', async () => {
    stubFetch({
      'GET /api/user/donations': () => pageOf([]),
      'GET /api/user/total_statistics': () => jsonResponse(stats),
    });
    const { router } = renderGiving();
    await screen.findByText(/You have not given yet/);
    await userEvent.click(screen.getByRole('tab', { name: 'Totals' }));
    expect(router.state.location.search).toBe('?tab=totals');
    expect(screen.getByRole('tab', { name: 'Totals' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('₹1,234.50')).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Donations' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('shows volunteering and skilled volunteering with dates, pledged and confirmed hours', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/volunteering/3': () =>
        pageOf([
          makeDonation({
            id: 5,
            type: 3,
            status: 85,
            status_label: 'Completed',
            amount: null,
            hours: 8,
            confirmed_hours: 6,
            date: '2030-04-02',
            receipt_number: null,
          }),
        ]),
      'GET /api/user/volunteering/4': () => pageOf([]),
    });
    renderGiving('/donations?tab=volunteering');
    const volunteering = await screen.findByRole('region', { name: 'Volunteering' });
    expect(await within(volunteering).findByText('Pledged 8 hours · confirmed 6 hours')).toBeInTheDocument();
    expect(within(volunteering).getByText(/on 2 Apr 2030/)).toBeInTheDocument();
    const skilled = screen.getByRole('region', { name: 'Skilled volunteering' });
    expect(await within(skilled).findByText(/You have not offered your skills yet/)).toBeInTheDocument();
    expect(within(skilled).getByRole('link', { name: 'Find a project that needs you' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/user/volunteering/4'))).toBe(true);
  });

  it('shows the totals and the months as a table too', async () => {
    stubFetch({ 'GET /api/user/total_statistics': () => jsonResponse(stats) });
    renderGiving('/donations?tab=totals');
    expect(await screen.findByText('₹1,234.50')).toBeInTheDocument();
    expect(screen.getByText('12 hours')).toBeInTheDocument();
    expect(screen.getByText('4 hours')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /funds and Gift Aid by month/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Your giving by month' });
    const feb = within(table).getByRole('row', { name: /Feb 2030/ });
    expect(within(feb).getByText('₹234.50')).toBeInTheDocument();
  });

  it('says what to do when nothing was given yet (totals)', async () => {
    stubFetch({
      'GET /api/user/total_statistics': () =>
        jsonResponse({
          ...stats,
          funds_given: 0,
          gift_aid_added: 0,
          volunteering_hours: 0,
          skilled_hours: 0,
          gifts_count: 0,
          gifts_value: 0,
          projects_supported: 0,
          charities_supported: 0,
          by_month: [],
        }),
    });
    renderGiving('/donations?tab=totals');
    expect(
      await screen.findByText(/You have not given yet, so there is nothing to add up/),
    ).toBeInTheDocument();
  });

  it('downloads the giving statement of the chosen range as PDF and as CSV', async () => {
    const saved = captureDownloads();
    const fetchMock = stubFetch({
      'GET /api/user/donations': () => pageOf([makeDonation()]),
      'GET /api/user/giving_statement/2030-01-01/2030-06-30': (url) =>
        url.searchParams.get('format') === 'csv'
          ? new Response('date,charity,amount\r\n2030-01-10,River Trust,25.00\r\n', {
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': 'attachment; filename="kindred-giving-2030-01-01-to-2030-06-30.csv"',
              },
            })
          : new Response('%PDF-1.7 statement', {
              headers: {
                'Content-Type': 'application/pdf',
                'Content-Disposition': 'attachment; filename="kindred-giving-2030-01-01-to-2030-06-30.pdf"',
              },
            }),
    });
    renderGiving('/donations?tab=statements');
    await chooseStatementDates('01/01/30', '06/30/30');

    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual([
      'kindred-giving-2030-01-01-to-2030-06-30.pdf',
      'kindred-giving-2030-01-01-to-2030-06-30.csv',
    ]);
    expect(await saved[1]?.blob.text()).toContain('River Trust,25.00');
    const formats = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname.includes('giving_statement'))
      .map((url) => url.searchParams.get('format'));
    expect(formats).toEqual(['pdf', 'csv']);
    // The receipts of approved gifts of funds are listed on the same tab.
    expect(
      await screen.findByRole('button', { name: 'Download receipt KR-000001 (PDF)' }),
    ).toBeInTheDocument();
  });

  it('refuses a statement whose end is before its start', async () => {
    const fetchMock = stubFetch({ 'GET /api/user/donations': () => pageOf([]) });
    renderGiving('/donations?tab=statements');
    await chooseStatementDates('06/30/30', '01/01/30');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(
      (screen.getByRole('button', { name: 'Download statement (PDF)' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('giving_statement'))).toBe(false);
  });

  it('lists the Gift Aid declarations by charity, the earlier one naming no charity explained', async () => {
    stubFetch({
      'GET /api/user/gift_aid_declarations': () =>
        pageOf([
          declaration,
          {
            ...declaration,
            id: 3,
            charity: { id: 9, name: 'Paws & Whiskers Rescue' },
            text: giftAidDeclarationText('Paws & Whiskers Rescue'),
            cancelled_at: '2030-01-01T10:00:00.000Z',
          },
          {
            ...declaration,
            id: 1,
            charity: null,
            text: 'I am a UK taxpayer.',
            declared_at: '2029-01-05T10:00:00.000Z',
          },
        ]),
    });
    renderGiving('/donations?tab=gift-aid');
    const list = await screen.findByRole('list', { name: 'Your declarations' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'River Trust',
      'Paws & Whiskers Rescue',
      'Earlier declaration, naming no charity',
    ]);
    const [river, paws, earlier] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(river).getByText('Current')).toBeInTheDocument();
    expect(within(river).getByText(`"${giftAidDeclarationText('River Trust')}"`)).toBeInTheDocument();
    expect(within(river).getByRole('button', { name: 'Cancel the declaration' })).toBeInTheDocument();
    expect(within(paws).getByText('Declared on 2 Jan 2030, cancelled on 1 Jan 2030.')).toBeInTheDocument();
    expect(within(paws).queryByRole('button', { name: 'Cancel the declaration' })).not.toBeInTheDocument();
    expect(within(earlier).getByText('Names no charity')).toBeInTheDocument();
    expect(within(earlier).getByText(/adds Gift Aid to no new gift/)).toBeInTheDocument();
  });

  it('says how to make a declaration when there is none', async () => {
    stubFetch({ 'GET /api/user/gift_aid_declarations': () => pageOf([]) });
    renderGiving('/donations?tab=gift-aid');
    expect(await screen.findByText(/You have no Gift Aid declarations/)).toBeInTheDocument();
  });

  it('cancels one charity’s Gift Aid declaration only after confirming', async () => {
    let cancelled: string[] = [];
    stubFetch({
      'GET /api/user/gift_aid_declarations': () =>
        pageOf([
          cancelled.length > 0 ? { ...declaration, cancelled_at: '2030-02-03T10:00:00.000Z' } : declaration,
        ]),
      'DELETE /api/user/gift_aid_declaration/4': (url) => {
        cancelled = [...cancelled, String(url)];
        return jsonResponse({ declaration: { ...declaration, cancelled_at: '2030-02-03T10:00:00.000Z' } });
      },
    });
    renderGiving('/donations?tab=gift-aid');
    expect(await screen.findByText('Ms Dana Donor')).toBeInTheDocument();
    const title = 'Cancel your Gift Aid declaration for River Trust?';
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the declaration' }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(
      within(dialog).getByText(/Your later gifts to River Trust will carry no Gift Aid/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the declaration' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: title })).getByRole('button', {
        name: 'Cancel declaration',
      }),
    );
    expect(await screen.findByText('Declared on 2 Jan 2030, cancelled on 3 Feb 2030.')).toBeInTheDocument();
    expect(cancelled).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel the declaration' })).not.toBeInTheDocument();
  });
});
