import type { CharityStatistics as Statistics } from '@kindred/shared';
import { formatMoney } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noCharityStatistics } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CharityStatistics } from './charity-statistics';

const statistics: Statistics = {
  funds_received: 125_000,
  gift_aid: 6_250,
  volunteering_hours: 30,
  skilled_hours: 12,
  gifts_count: 4,
  donors: 9,
  awaiting_approval: 3,
  by_month: [
    { month: '2029-12', funds: 25_000, gift_aid: 1_250, hours: 10, gifts: 1 },
    { month: '2030-01', funds: 100_000, gift_aid: 5_000, hours: 32, gifts: 3 },
  ],
};

const full = { read: true, approve: true, claimGiftAid: true, refund: true };

describe('charity statistics', { timeout: 20_000 }, () => {
  signedInForEachTest();

  it('shows the totals, the charts and each month in a table', async () => {
    stubFetch({ 'GET /api/charity/total_statistics/1': () => jsonResponse(statistics) });
    renderWithProviders(<CharityStatistics charityId={1} access={full} />);
    const funds = await screen.findByText('Funds received');
    expect(funds.parentElement?.textContent).toContain(formatMoney(125_000));
    expect(screen.getByText('Hours given').parentElement?.textContent).toContain('42');
    expect(screen.getByText('30 volunteering, 12 skilled')).toBeInTheDocument();
    expect(screen.getByText('Donors').parentElement?.textContent).toContain('9');
    expect(screen.getByRole('figure', { name: 'Funds and Gift Aid by month' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Hours and gifts by month' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'By month' });
    const january = within(table).getByRole('row', { name: /Jan 2030/ });
    expect(january.textContent).toContain(formatMoney(100_000));
    expect(january.textContent).toContain(formatMoney(5_000));
    expect(within(table).getByRole('row', { name: /Dec 2029/ }).textContent).toContain('10');
  });

  it('says when nothing was received yet', async () => {
    stubFetch({
      'GET /api/charity/total_statistics/1': () => jsonResponse(noCharityStatistics),
    });
    renderWithProviders(<CharityStatistics charityId={1} access={full} />);
    expect(await screen.findByText(/Nothing received yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the View finance permission instead of loading', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<CharityStatistics charityId={1} access={{ ...full, read: false }} />);
    expect(await screen.findByText(/You need the View finance permission/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
