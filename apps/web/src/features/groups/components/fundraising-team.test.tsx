import type { FundraiserTeam, Group } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupFixture } from '@/testing/fixtures';
import { fundraiserCardFixture } from '@/testing/fundraisers';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes, textsOf } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { FundraisingTeam } from './fundraising-team';
import { GroupRouteScreen } from './group-routes';

const GROUP = { id: 11, name: 'Bristol Runners' };

/** A team of pages, ranked as the API ranks them. */
function team(pages: Array<Partial<FundraiserTeam['items'][number]>>): FundraiserTeam {
  const items = pages.map((page, index) => ({
    ...fundraiserCardFixture({ group: GROUP }),
    id: 100 + index,
    rank: index + 1,
    ...page,
  }));
  return {
    group: GROUP,
    raised: items.reduce((sum, page) => sum + page.raised, 0),
    gifts: items.reduce((sum, page) => sum + page.gifts, 0),
    items,
  };
}

const MANY = team([
  { title: 'Ana swims the Severn', fundraiser: { id: 1, name: 'Ana Lee' }, raised: 800_000, gifts: 9 },
  {
    title: 'Ben bakes for the river',
    fundraiser: { id: 2, name: 'Ben Ode' },
    raised: 300_000,
    gifts: 4,
    project: null,
    charity: { id: 3, name: 'River Trust' },
  },
  { title: 'Cal cycles to Bath', fundraiser: { id: 3, name: 'Cal Ray' }, raised: 0, gifts: 0, ended: true },
]);

function renderTeam(canStart: boolean) {
  return renderRoutes([{ path: '/', element: <FundraisingTeam groupId={11} canStart={canStart} /> }]);
}

describe('fundraising team', { timeout: 20_000 }, () => {
  it('ranks the pages with their fundraiser, cause and progress, under the team total and a chart', async () => {
    stubFetch({ 'GET /api/group/11/fundraisers': () => jsonResponse(MANY) });
    renderTeam(true);
    const section = await screen.findByRole('region', { name: 'Fundraising team' });
    expect(await within(section).findByTestId('team-raised')).toHaveTextContent('₹11,000');
    expect(within(section).getByTestId('team-gifts')).toHaveTextContent('13');
    const table = within(section).getByRole('table', { name: /The team’s pages by what each raised/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '3']);
    expect(
      textsOf(
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => within(cell).getAllByRole('link')[0] as HTMLElement),
      ),
    ).toEqual(['Ana swims the Severn', 'Ben bakes for the river', 'Cal cycles to Bath']);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Ana swims the Severn' })).toHaveAttribute(
      'href',
      '/fundraisers/100',
    );
    expect(first.textContent).toContain('By Ana Lee, for Clean-up of the river banks');
    expect(within(first).getByText('₹8,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
    // A charity's page links the charity; an ended page says so.
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'River Trust' })).toHaveAttribute(
      'href',
      '/charities/3',
    );
    expect(within(rows[2] as HTMLElement).getByText('Ended')).toBeInTheDocument();
    expect(
      within(section).getByRole('figure', { name: 'Top 3 pages by what they raised' }),
    ).toBeInTheDocument();
    // A member joins in for the cause of the team's top page, with the team chosen.
    expect(within(section).getByRole('link', { name: 'Start a page for this team' })).toHaveAttribute(
      'href',
      '/fundraisers/new?project=1&group=11',
    );
  });

  it('invites a member to start the first page, and tells others there is none yet', async () => {
    stubFetch({ 'GET /api/group/11/fundraisers': () => jsonResponse(team([])) });
    const { unmount } = renderTeam(true);
    expect(
      await screen.findByText(/Nobody has opened a fundraising page for this team yet/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a page for this team' })).toHaveAttribute(
      'href',
      '/fundraisers/new?group=11',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderTeam(false);
    expect(
      await screen.findByText('Nobody has opened a fundraising page for this team yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a page for this team' })).not.toBeInTheDocument();
  });

  it('shows one page without a chart, and a failure with "Try again"', async () => {
    let fail = true;
    stubFetch({
      'GET /api/group/11/fundraisers': () =>
        fail
          ? errorResponse(500, 'INTERNAL', 'Something broke.')
          : jsonResponse(team([{ title: 'Solo run' }])),
    });
    renderTeam(false);
    expect(await screen.findByText('The team could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Solo run' })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a page for this team' })).not.toBeInTheDocument();
  });

  describe('on the group page', () => {
    signedInForEachTest();

    const group = (overrides: Partial<Group>): Group =>
      groupFixture({ name: 'Bristol Runners', description: null, is_public: false, ...overrides });
    const routes = [{ path: '/groups/:id', element: <GroupRouteScreen /> }];

    it('shows a member the team, with the way to start a page', async () => {
      stubFetch({
        'GET /api/group/11': () => jsonResponse(group({})),
        'GET /api/group/11/fundraisers': () => jsonResponse(MANY),
        'GET /api/group/11/admins': () => jsonResponse({ items: [] }),
        'GET /api/group/members_total_statistics/11': () => jsonResponse({ items: [] }),
      });
      renderRoutes(routes, '/groups/11');
      const section = await screen.findByRole('region', { name: 'Fundraising team' });
      expect(await within(section).findByRole('link', { name: 'Ana swims the Severn' })).toBeInTheDocument();
      expect(within(section).getByRole('link', { name: 'Start a page for this team' })).toBeInTheDocument();
    });

    it('leaves the team of a private group out for someone who is not a member', async () => {
      const mock = stubFetch({
        'GET /api/group/11': () => jsonResponse(group({ is_member: false })),
        'GET /api/group/11/admins': () => jsonResponse({ items: [] }),
      });
      renderRoutes(routes, '/groups/11');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bristol Runners' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Fundraising team' })).not.toBeInTheDocument();
      expect(mock.mock.calls.some(([url]) => String(url).includes('/fundraisers'))).toBe(false);
    });
  });
});
