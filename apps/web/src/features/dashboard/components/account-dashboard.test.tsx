import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import {
  businessMembershipFixture,
  charityFixture,
  donationFixture,
  MINUTE,
  makeLogin,
  noCharityStatistics,
  pageFixture,
  projectFixture,
} from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { acme } from '@/testing/organisation';
import { renderRoutes } from '@/testing/render';
import { AccountDashboard } from './account-dashboard';

const RIVER_TRUST = {
  charity_id: 3,
  name: 'River Trust',
  admin_type: 1,
  permissions: ['manage_projects', 'approve_donations', 'manage_members', 'view_finance'],
};
const ACME = businessMembershipFixture();

const charity = charityFixture({ charity_types: [10], logo: '/api/files/logos/river' });

const statistics = (awaiting: number) => ({ ...noCharityStatistics, awaiting_approval: awaiting });

function signIn() {
  session.signIn(
    makeLogin(Date.now() + 60 * MINUTE, { charity_membership: [RIVER_TRUST], business_membership: [ACME] }),
  );
}

const routes = [{ path: '/', element: <AccountDashboard /> }];

afterEach(() => {
  session.clearSession();
  vi.unstubAllGlobals();
});

describe('the home of the active account', { timeout: 20_000 }, () => {
  it("shows the person's own dashboard when they act as themselves", async () => {
    signIn();
    const fetchMock = stubFetch({});
    renderRoutes(routes);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Dana' })).toBeInTheDocument();
    expect(screen.getByTestId('wallet-amount').textContent).toBe('₹1,234.56');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the charity's funds, projects and what waits for it when acting as the charity", async () => {
    signIn();
    act(() => session.setActiveAccount({ type: 'charity', id: 3 }));
    stubFetch({
      'GET /api/charity/3': () => jsonResponse(charity),
      'GET /api/charity/funds/3': () =>
        jsonResponse({ charity_id: 3, charity_funds: 250_000, project_funds: 40_000, currency: 'INR' }),
      'GET /api/charity/total_statistics/3': () => jsonResponse(statistics(2)),
      'GET /api/charity/projects/3/2': () =>
        jsonResponse(
          pageFixture([projectFixture({ id: 1 }), projectFixture({ id: 2 }), projectFixture({ id: 5 })]),
        ),
      'GET /api/charity/projects/3/1': () =>
        jsonResponse(pageFixture([projectFixture({ id: 4, status: 1 })])),
      'GET /api/charity/associated_requests/3': () => jsonResponse(pageFixture([])),
    });
    renderRoutes(routes);
    expect(screen.getByRole('heading', { level: 1, name: 'River Trust' })).toBeInTheDocument();
    expect((await screen.findByTestId('charity-funds')).textContent).toBe('₹2,500');
    expect(screen.getByTestId('project-funds').textContent).toBe('₹400');
    expect((await screen.findByTestId('live-projects')).textContent).toBe('3');
    const tasks = await screen.findByTestId('tasks');
    expect(
      within(tasks)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['2 donations wait for your approval', '/charity/donations'],
      ['1 draft project to finish and publish', '/charity/projects'],
    ]);
    expect(screen.queryByText(/Hello, Dana/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('wallet-amount')).not.toBeInTheDocument();
    const logo = document.querySelector('img') as HTMLImageElement;
    expect(logo).toHaveAttribute('src', '/api/files/logos/river_small.webp');
    expect(logo.getAttribute('srcset')).toContain('/api/files/logos/river_big.webp 640w');
  });

  it("shows the organisation's wallet and tasks when acting as the organisation", async () => {
    signIn();
    act(() => session.setActiveAccount({ type: 'business', id: 9 }));
    stubFetch({
      'GET /api/business/wallet/9': () =>
        jsonResponse({ wallet_amount: 0, credits: 5_000, held: 0, currency: 'INR' }),
      'GET /api/business/9/direct_debits': () => jsonResponse(pageFixture([])),
      'GET /api/business/9': () => jsonResponse({ ...acme, id: 9, logo: '/api/files/logos/acme' }),
      'GET /api/business/9/donations': () => jsonResponse(pageFixture([])),
    });
    renderRoutes(routes);
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Ltd' })).toBeInTheDocument();
    expect(await screen.findByText('No donation waits for your sign-off.')).toBeInTheDocument();
    // Its logo beside the greeting, in the variant that fits.
    await vi.waitFor(() =>
      expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/files/logos/acme_small.webp'),
    );
    expect((await screen.findByTestId('organisation-wallet')).textContent).toBe('₹0');
    expect(screen.getByTestId('organisation-credits').textContent).toBe('₹50');
    const tasks = await screen.findByTestId('tasks');
    expect(
      within(tasks)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Add money to the wallet so that it can give',
      'Set up a direct debit to top up the wallet regularly',
    ]);
    expect(screen.queryByTestId('wallet-amount')).not.toBeInTheDocument();
  });

  it('lists the sign-offs waiting for a sign-off admin, with a link to the inbox', async () => {
    session.signIn(
      makeLogin(Date.now() + 60 * MINUTE, {
        business_membership: [{ ...ACME, admin_type: 99, is_signoff_admin: true }],
      }),
    );
    act(() => session.setActiveAccount({ type: 'business', id: 9 }));
    const waiting = (id: number, amount: number, canApprove: boolean) => ({
      ...donationFixture({ id, status: 20, amount }),
      donor: { kind: 'business', id: 9, name: 'Acme Ltd' },
      signoff: {
        needed: 1,
        approvals: [],
        requested_by: { id: 12, name: 'Eve Smith' },
        can_approve: canApprove,
        stuck: false,
        can_resolve: false,
      },
    });
    stubFetch({
      'GET /api/business/9': () => jsonResponse({ ...acme, id: 9 }),
      'GET /api/business/9/donations': () =>
        jsonResponse(pageFixture([waiting(1, 30_000, true), waiting(2, 45_000, false)])),
    });
    renderRoutes(routes);
    const section = await screen.findByRole('region', { name: 'Sign-offs waiting for you' });
    const list = await within(section).findByTestId('signoffs-waiting');
    // Only what this person may approve: the other one waits for someone else.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['₹300 to Clean-up of the river banks (River Trust), asked by Eve Smith']);
    expect(within(section).getByRole('link', { name: 'Open the sign-off inbox' })).toHaveAttribute(
      'href',
      '/organisation/sign-off',
    );
  });
});
