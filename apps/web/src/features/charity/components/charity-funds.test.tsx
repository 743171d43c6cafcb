import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { charityFixture, charityFundsFixture, MINUTE, makeLogin } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { CharityFundsSection } from './charity-funds';
import { CharityLayout } from './charity-layout';

const ADMIN = {
  charity_id: 3,
  name: 'River Trust',
  admin_type: 1,
  permissions: ['manage_projects', 'approve_donations', 'manage_members', 'view_finance'],
};
const MEMBER = { ...ADMIN, admin_type: 99, permissions: ['manage_projects'] };

const FUNDS = charityFundsFixture({ payouts_waiting: 50_000 });

function renderFunds(membership: typeof ADMIN, funds: () => Response, under?: ReactNode) {
  session.signIn(makeLogin(Date.now() + 60 * MINUTE, { charity_membership: [membership] }));
  const fetchMock = stubFetch({
    'GET /api/charity/3': () => jsonResponse(charityFixture()),
    'GET /api/charity/funds/3': funds,
  });
  renderRoutes(
    [
      {
        path: '/charity',
        element: <CharityLayout />,
        children: [{ path: 'funds', element: <CharityFundsSection>{under}</CharityFundsSection> }],
      },
    ],
    '/charity/funds',
  );
  return fetchMock;
}

afterEach(() => {
  session.clearSession();
  vi.unstubAllGlobals();
});

describe("the charity's funds", { timeout: 20_000 }, () => {
  it('shows what it holds, what its projects hold, what it can be paid out, what waits to be paid, what is held, refunded and paid out', async () => {
    renderFunds(ADMIN, () => jsonResponse(FUNDS));
    const section = await screen.findByRole('region', { name: 'Funds' });
    expect((await within(section).findByTestId('charity-funds')).textContent).toBe('₹2,500');
    const figures = [
      ['project-funds', '₹400'],
      ['funds-available', '₹1,800'],
      ['funds-payouts-waiting', '₹500'],
      ['funds-held', '₹25'],
      ['funds-refunded', '₹12.50'],
      ['funds-paid-out', '₹0'],
    ];
    for (const [id, value] of figures)
      expect(within(section).getByTestId(id as string).textContent).toBe(value);
    for (const label of ['Available to pay out', 'Payouts waiting', 'Held', 'Refunded to givers', 'Paid out'])
      expect(within(section).getByText(label)).toBeInTheDocument();
    expect(section).toHaveTextContent(
      'while a giver’s bank disputes a payment, or while a refund is on its way to a card',
    );
  });

  it('shows what the route puts under the figures once they are loaded', async () => {
    renderFunds(ADMIN, () => jsonResponse(FUNDS), <p>The last twelve months</p>);
    const section = await screen.findByRole('region', { name: 'Funds' });
    expect(await within(section).findByText('The last twelve months')).toBeInTheDocument();
    expect(within(section).getByTestId('funds-payouts-waiting').textContent).toBe('₹500');
  });

  it('says so when the funds could not be loaded, and tries again', async () => {
    let fail = true;
    renderFunds(ADMIN, () =>
      fail ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.') : jsonResponse(FUNDS),
    );
    expect(
      await screen.findByText('The funds could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('funds-available')).textContent).toBe('₹1,800');
  });

  it('asks for the View finance permission instead of loading the funds', async () => {
    const fetchMock = renderFunds(MEMBER, () => jsonResponse(FUNDS));
    expect(await screen.findByText(/You need the View finance permission/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/charity/funds/'))).toBe(false);
  });
});
