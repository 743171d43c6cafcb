import type { TotalStatistics } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from '@/lib/date-range';
import { jsonResponse, stubFetch } from '@/testing/http';
import { acme, signInToAcme } from '@/testing/organisation';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { OrganisationLayout } from './organisation-layout';
import { ReportsSection } from './reports-section';

const scope = { business_id: 5, includes_sub_businesses: false, businesses: [{ id: 5, name: 'Acme Ltd' }] };
const stats = (funds: number): TotalStatistics => ({
  ...scope,
  funds_given: funds,
  matched_funds: 0,
  awaiting_signoff: 0,
  rejected_count: 0,
  gifts_count: 0,
  gifts_value: 0,
  volunteering_hours: 0,
  skilled_hours: 0,
  employees_giving: 0,
  charities_supported: 0,
  projects_supported: 0,
  by_month: [],
  by_type: [],
});

/** The from and to of every call to the path, in order. */
const ranges = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://x'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);

describe('organisation reports over a date range', { timeout: 60_000 }, () => {
  sessionClearedAfterEachTest();

  it('count the last twelve months by default, follow the chosen dates, and refuse an end before the start', async () => {
    signInToAcme(1);
    const mock = stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      // A year's figures, and a smaller one for a range starting in 2020.
      'GET /api/business/total_statistics/5': (url) =>
        jsonResponse(stats(url.searchParams.get('from') === '2020-01-01' ? 3_000 : 120_000)),
      'GET /api/business/donations_by_charity/5': () => jsonResponse({ ...scope, items: [] }),
      'GET /api/business/donations/5': () =>
        jsonResponse({ ...scope, items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/business/5/donation_subscriptions': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(
      [
        {
          path: '/organisation',
          element: <OrganisationLayout />,
          children: [{ path: 'reports', element: <ReportsSection /> }],
        },
      ],
      '/organisation/reports',
    );
    const year = lastTwelveMonths();
    const dates = await screen.findByRole('group', { name: 'Report dates' });
    expect(await screen.findByText('₹1,200')).toBeInTheDocument();
    expect(ranges(mock, '/api/business/total_statistics/5')).toEqual([`${year.from}..${year.to}`]);
    expect(ranges(mock, '/api/business/donations/5')).toEqual([`${year.from}..${year.to}`]);

    const from = within(dates).getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '01/01/20');
    await userEvent.tab();
    expect(await screen.findByText('₹30')).toBeInTheDocument();
    expect(ranges(mock, '/api/business/total_statistics/5').at(-1)).toBe(`2020-01-01..${year.to}`);
    expect(ranges(mock, '/api/business/donations_by_charity/5').at(-1)).toBe(`2020-01-01..${year.to}`);

    // An end before the start is said beside the end date, and nothing is asked for it.
    const calls = mock.mock.calls.length;
    const to = within(dates).getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '12/31/19');
    await userEvent.tab();
    expect(await within(dates).findByText('The end date is before the start date.')).toBeInTheDocument();
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(ranges(mock, '/api/business/total_statistics/5').some((r) => r.endsWith('2019-12-31'))).toBe(
      false,
    );
    expect(mock.mock.calls.length).toBe(calls);
  });
});
