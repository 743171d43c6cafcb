import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { FundsByMonth } from './funds-chart';

/** Twelve months to December 2026, money moving in the last two. */
function months(last: Array<{ received: number; refunded: number; paid_out: number }>) {
  return Array.from({ length: 12 }, (_, index) => {
    const month = `2026-${String(index + 1).padStart(2, '0')}`;
    const moved = last[index - (12 - last.length)];
    return { month, received: 0, refunded: 0, paid_out: 0, ...moved };
  });
}

function renderChart(answer: () => Response) {
  stubFetch({ 'GET /api/charity/3/funds/by_month': answer });
  renderWithProviders(<FundsByMonth charityId={3} />);
}

signedInForEachTest();

describe("the charity's last twelve months", { timeout: 20_000 }, () => {
  it('draws the chart and lists each month received, refunded and paid out', async () => {
    renderChart(() =>
      jsonResponse({
        months: months([
          { received: 120_000, refunded: 2_500, paid_out: 0 },
          { received: 40_000, refunded: 0, paid_out: 150_000 },
        ]),
      }),
    );
    expect(
      await screen.findByRole('figure', { name: 'Received, refunded and paid out' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'By month' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Month', 'Received', 'Refunded', 'Paid out']);
    const december = within(table).getByRole('rowheader', { name: 'Dec 2026' }).closest('tr') as HTMLElement;
    expect(december).toHaveTextContent('₹400');
    expect(december).toHaveTextContent('₹1,500');
    const november = within(table).getByRole('rowheader', { name: 'Nov 2026' }).closest('tr') as HTMLElement;
    expect(november).toHaveTextContent('₹1,200');
    expect(november).toHaveTextContent('₹25');
  });

  it('says when no money moved in the last twelve months', async () => {
    renderChart(() => jsonResponse({ months: months([]) }));
    expect(
      await screen.findByText(/Nothing received, refunded or paid out in the last 12 months\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the months could not be loaded', async () => {
    renderChart(() => errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.'));
    expect(await screen.findByText('The last 12 months could not be loaded.')).toBeInTheDocument();
  });
});
