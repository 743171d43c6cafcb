import type { MatchingSettings, OrganisationTree, TotalStatistics } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { donationFixture, pageFixture } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { acme, bodyOf, businessMemberFixture, signInToAcme } from '@/testing/organisation';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { MatchingSection } from './matching-section';
import { OrganisationLayout } from './organisation-layout';
import { ReportsSection } from './reports-section';
import { StructureSection } from './structure-section';

const settings: MatchingSettings = {
  configured: true,
  active: true,
  ratio_percent: 100,
  cap_per_employee: 50_000,
  annual_budget: 1_000_000,
  year: 2030,
  budget_used: 250_000,
  budget_left: 750_000,
  matched_count: 12,
  runs_out_on: '2030-09-14',
  daily_rate: 4_000,
};

const match = {
  ...donationFixture({ id: 40, status: 20, status_label: 'Awaiting Organisation Approval', amount: 5_000 }),
  donor: { kind: 'business' as const, id: 5, name: 'Acme Ltd' },
  match_of: { id: 39, amount: 5_000, employee: { id: 9, name: 'Eve Smith' } },
};

/** An approved, unlocked business of the organisation tree with its sub-businesses. */
const treeNode = (
  id: number,
  name: string,
  members: number,
  children: OrganisationTree['tree'][] = [],
): OrganisationTree['tree'] => ({
  id,
  name,
  approval_status: 'approved',
  lock_status: false,
  members,
  children,
});

/** Acme Ltd (5) with one sub-business, Acme North (6), as its Super Admin sees them. */
const acmeTree: OrganisationTree = {
  can_manage: true,
  tree: treeNode(5, 'Acme Ltd', 3, [treeNode(6, 'Acme North', 2)]),
};

function renderArea(path: string) {
  return renderRoutes(
    [
      {
        path: '/organisation',
        element: <OrganisationLayout />,
        children: [
          { path: 'matching', element: <MatchingSection /> },
          { path: 'reports', element: <ReportsSection /> },
          { path: 'structure', element: <StructureSection /> },
        ],
      },
      { path: '/explore', element: <p>Explore</p> },
    ],
    path,
  );
}

const mine = {
  business: { id: 5, name: 'Acme Ltd' },
  active: true,
  ratio_percent: 100,
  cap_per_employee: 50_000,
  year: 2030,
  matched_this_year: 5_000,
  cap_left: 45_000,
};

/**
 * Acme Ltd's matching as its admins see it: the settings, the donations it matched and the admin's
 * own matches (none); `save` answers a change of the settings.
 */
const matchingRoutes = (save: Route, matched: unknown[] = []): Record<string, Route> => ({
  'GET /api/business/5': () => jsonResponse(acme),
  'GET /api/business/5/matching': () => jsonResponse(settings),
  'PUT /api/business/5/matching': save,
  'GET /api/business/5/matching/donations': () => jsonResponse(pageFixture(matched)),
  'GET /api/business/5/matching/mine': () => jsonResponse(mine),
  'GET /api/business/5/matching/mine/donations': () => jsonResponse(pageFixture([])),
});

/** Opens Acme Ltd's structure as its Super Admin, with the API routes given; returns Acme North's region. */
async function openStructure(routes: Record<string, Route>) {
  signInToAcme(1);
  const mock = stubFetch({
    'GET /api/business/5': () => jsonResponse(acme),
    'GET /api/organisation/5': () => jsonResponse(acmeTree),
    ...routes,
  });
  renderArea('/organisation/structure');
  return { mock, north: await screen.findByRole('region', { name: 'Acme North' }) };
}

describe('organisation matching, reports and sub-businesses', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('an admin sees the budget and its forecast, saves the matching, and sees matched donations', async () => {
    signInToAcme(2);
    const mock = stubFetch(matchingRoutes(() => jsonResponse({ ...settings, ratio_percent: 50 }), [match]));
    renderArea('/organisation/matching');
    expect(await screen.findByText('Budget left')).toBeInTheDocument();
    expect(screen.getByText('Expected to run out')).toBeInTheDocument();
    expect(screen.getByText(/14 Sept? 2030/)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Eve Smith' })).toBeInTheDocument();
    const ratio = screen.getByLabelText(/Ratio/);
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save matching' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/business/5/matching')).toEqual({
        active: true,
        ratio_percent: 50,
        cap_per_employee: 50_000,
        annual_budget: 1_000_000,
      }),
    );
  });

  it('shows the API’s refusal beside the field', async () => {
    signInToAcme(1);
    stubFetch(
      matchingRoutes(() =>
        errorResponse(400, 'VALIDATION_FAILED', 'Check the form.', {
          fields: { cap_per_employee: 'No more than the annual budget.' },
        }),
      ),
    );
    renderArea('/organisation/matching');
    await userEvent.click(await screen.findByRole('button', { name: 'Save matching' }));
    expect(await screen.findByText('No more than the annual budget.')).toBeInTheDocument();
  });

  it('an employee sees their matches and can ask the organisation to give, without the settings', async () => {
    signInToAcme(99);
    stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/business/5/matching/mine': () => jsonResponse(mine),
      'GET /api/business/5/matching/mine/donations': () =>
        jsonResponse({ items: [match], next_cursor: null, prev_cursor: null }),
    });
    renderArea('/organisation/matching');
    expect(await screen.findByText(/matches 100% of what you give/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save matching' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask Acme Ltd to give' }));
    expect(await screen.findByText('Explore')).toBeInTheDocument();
  });

  it('reports say which sub-businesses they include, chart and tabulate, and export CSV', async () => {
    signInToAcme(1);
    const stats: TotalStatistics = {
      business_id: 5,
      includes_sub_businesses: true,
      businesses: [
        { id: 5, name: 'Acme Ltd' },
        { id: 6, name: 'Acme North' },
      ],
      funds_given: 120_000,
      matched_funds: 20_000,
      awaiting_signoff: 2,
      rejected_count: 1,
      gifts_count: 4,
      gifts_value: 8_000,
      volunteering_hours: 12,
      skilled_hours: 3,
      employees_giving: 5,
      charities_supported: 2,
      projects_supported: 3,
      by_month: [{ month: '2030-01', funds: 120_000, hours: 15, gifts: 4 }],
      by_type: [{ type: 2, count: 6, amount: 120_000, hours: 0 }],
    };
    const scope = { business_id: 5, includes_sub_businesses: true, businesses: stats.businesses };
    const mock = stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/business/total_statistics/5': () => jsonResponse(stats),
      'GET /api/business/donations_by_charity/5': () =>
        jsonResponse({
          ...scope,
          items: [
            { id: 3, name: 'River Trust', charity: null, funds: 120_000, hours: 15, gifts: 4, count: 7 },
          ],
        }),
      'GET /api/business/donations/5': () =>
        jsonResponse({
          ...scope,
          items: [{ ...match, match_of_id: 39 }],
          next_cursor: null,
          prev_cursor: null,
        }),
      'GET /api/business/5/donation_subscriptions': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/business/donations_csv/5': () =>
        new Response('date,organisation\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="acme.csv"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderArea('/organisation/reports');
    expect(await screen.findByText('These figures include 1 sub-business: Acme North.')).toBeInTheDocument();
    expect(screen.getByText('Funds by month')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'River Trust' })).toBeInTheDocument();
    expect(await screen.findByText(/\(match\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(mock.mock.calls.some((c) => String(c[0]).includes('/api/business/donations_csv/5'))).toBe(true),
    );
  });

  it('a Super Admin adds a sub-business and moves funds after confirming', async () => {
    const { mock, north } = await openStructure({
      'POST /api/organisation/sub_business': () =>
        jsonResponse({ ...acme, id: 7, name: 'Acme South', parent_id: 5 }, 201),
      'POST /api/organisation/transfer_funds': () =>
        errorResponse(409, 'INSUFFICIENT_FUNDS', 'Not enough money in the wallet.'),
    });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add sub-business' })[0] as HTMLElement);
    const add = await screen.findByRole('dialog', { name: 'Add a sub-business to Acme Ltd' });
    await userEvent.type(within(add).getByLabelText(/Name/), 'Acme South');
    await userEvent.click(within(add).getByRole('button', { name: 'Add sub-business' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/organisation/sub_business')).toEqual({
        parent_id: 5,
        name: 'Acme South',
        description: null,
      }),
    );
    await userEvent.click(within(north).getByRole('button', { name: 'Move funds' }));
    const funds = await screen.findByRole('dialog', { name: /Move funds/ });
    await userEvent.type(within(funds).getByLabelText(/Amount/), '25');
    await userEvent.click(within(funds).getByRole('button', { name: 'Move funds' }));
    const sure = await screen.findByRole('dialog', { name: 'Move these funds?' });
    await userEvent.click(within(sure).getByRole('button', { name: 'Move funds' }));
    expect(await screen.findByText('Not enough money in the wallet.')).toBeInTheDocument();
    expect(bodyOf(mock, '/api/organisation/transfer_funds')).toEqual({
      from_business_id: 5,
      to_business_id: 6,
      amount: 2_500,
    });
  });

  it('Move funds: a refused amount then a corrected one sends a new key; a retry after no answer keeps it', async () => {
    signInToAcme(1);
    const answers = [
      () => errorResponse(409, 'INSUFFICIENT_FUNDS', 'Not enough money in the wallet.'),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse({ transaction_id: 9 }),
    ];
    const sent: { key: string | undefined; amount: number }[] = [];
    stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/organisation/5': () => jsonResponse(acmeTree),
      'POST /api/organisation/transfer_funds': (_url, init) => {
        sent.push({ key: headersOf(init)['Idempotency-Key'], amount: JSON.parse(String(init.body)).amount });
        const answer = answers.shift();
        if (!answer) throw new Error('an unexpected call');
        return answer();
      },
    });
    renderArea('/organisation/structure');
    const north = await screen.findByRole('region', { name: 'Acme North' });
    await userEvent.click(within(north).getByRole('button', { name: 'Move funds' }));
    const funds = await screen.findByRole('dialog', { name: /Move funds/ });
    const move = async () => {
      await userEvent.click(within(funds).getByRole('button', { name: 'Move funds' }));
      const sure = await screen.findByRole('dialog', { name: 'Move these funds?' });
      await userEvent.click(within(sure).getByRole('button', { name: 'Move funds' }));
    };
    await userEvent.type(within(funds).getByLabelText(/Amount/), '25000');
    await move();
    expect(await within(funds).findByText('Not enough money in the wallet.')).toBeInTheDocument();
    // Corrected: another request, another key.
    await userEvent.clear(within(funds).getByLabelText(/Amount/));
    await userEvent.type(within(funds).getByLabelText(/Amount/), '25');
    await move();
    expect(await within(funds).findByText(/the same move is retried/)).toBeInTheDocument();
    // No answer: moving the same amount again is a retry with the same key.
    await move();
    expect(await screen.findByText('Funds moved')).toBeInTheDocument();
    expect(sent.map((call) => call.amount)).toEqual([2_500_000, 2_500, 2_500]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent[2]?.key).toBe(sent[1]?.key);
  });

  it('a Super Admin moves employees and deletes a sub-business, each after confirming', async () => {
    const { mock, north } = await openStructure({
      'GET /api/business/5/members': () =>
        jsonResponse({ items: [businessMemberFixture(8, 'Sam'), businessMemberFixture(9, 'Eve')] }),
      'POST /api/organisation/transfer_employees': () =>
        jsonResponse({ moved: [9], message: '1 employee moved to Acme North' }),
      'DELETE /api/organisation/sub_business/6': () =>
        errorResponse(409, 'BUSINESS_HAS_FUNDS', 'The sub-business still holds money.'),
    });
    await userEvent.click(within(north).getByRole('button', { name: 'Move employees' }));
    const dialog = await screen.findByRole('dialog', { name: /Move employees/ });
    await userEvent.click(await within(dialog).findByLabelText('Eve Smith (eve@example.org)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move employees' }));
    const sure = await screen.findByRole('dialog', { name: 'Move these employees?' });
    await userEvent.click(within(sure).getByRole('button', { name: 'Move employees' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/organisation/transfer_employees')).toEqual({
        from_business_id: 5,
        to_business_id: 6,
        user_ids: [9],
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Move employees/ })).not.toBeInTheDocument(),
    );
    await userEvent.click(within(north).getByRole('button', { name: 'Delete' }));
    const confirmDelete = await screen.findByRole('dialog', { name: 'Delete Acme North?' });
    await userEvent.click(within(confirmDelete).getByRole('button', { name: 'Delete sub-business' }));
    expect(await screen.findByText('The sub-business still holds money.')).toBeInTheDocument();
  });

  it('a member sees the tree without the actions', async () => {
    signInToAcme(99);
    stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/organisation/5': () => jsonResponse({ can_manage: false, tree: treeNode(5, 'Acme Ltd', 3) }),
    });
    renderArea('/organisation/structure');
    expect(await screen.findByText('Acme Ltd has no sub-businesses yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add sub-business' })).not.toBeInTheDocument();
  });
});
