import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fundraiserCardFixture } from '@/testing/fundraisers';
import { jsonResponse, stubFetch } from '@/testing/http';
import { mediaQueryList } from '@/testing/media';
import { renderRoutes } from '@/testing/render';
import { makeProjectCard } from '../testing/fixtures';
import { ExplorePage } from './explore-page';

const routes = [{ path: '/explore', element: <ExplorePage /> }];

/** The query of each call to a path, without the timestamp. */
function queriesOf(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => {
      const params = new URLSearchParams(url.search);
      params.delete('t');
      return params.toString();
    });
}

describe('explore page', { timeout: 20_000 }, () => {
  it('asks for the projects of the filters in the URL, and shows them in the fields', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/project/list': () =>
        jsonResponse({ items: [makeProjectCard()], next_cursor: null, prev_cursor: null }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(routes, '/explore?charity_type=10&giving_kind=3&q=river');
    expect(
      await screen.findByRole('link', { name: 'Clean-up of the river banks (Bristol)' }),
    ).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/explore/project/list')).toEqual([
      'q=river&charity_type=10&giving_kind=3&limit=12',
    ]);
    expect(screen.getByLabelText('Charity type')).toHaveValue('10');
    expect(screen.getByLabelText('Kind of giving')).toHaveValue('3');
    expect(screen.getByLabelText('Search')).toHaveValue('river');
    expect(screen.getByTestId('results-status').textContent).toBe('Showing 1 project.');
  });

  it('puts a changed filter in the URL, and back brings the previous search', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/project/list': () =>
        jsonResponse({ items: [makeProjectCard()], next_cursor: null, prev_cursor: null }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    const { router } = renderRoutes(routes, '/explore');
    await screen.findByText('Showing 1 project.');
    await userEvent.selectOptions(screen.getByLabelText('Charity type'), 'Animals');
    await waitFor(() => expect(router.state.location.search).toBe('?charity_type=1'));
    await userEvent.selectOptions(screen.getByLabelText('Kind of giving'), 'Gifts');
    await waitFor(() => expect(router.state.location.search).toBe('?charity_type=1&giving_kind=5'));
    await userEvent.type(screen.getByLabelText('Search'), 'coats{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=coats&charity_type=1&giving_kind=5'));
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/explore/project/list')).toEqual([
        'limit=12',
        'charity_type=1&limit=12',
        'charity_type=1&giving_kind=5&limit=12',
        'q=coats&charity_type=1&giving_kind=5&limit=12',
      ]),
    );
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?charity_type=1&giving_kind=5');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Kind of giving')).toHaveValue('5');
  });

  it('pages with the next cursor ("Show more projects")', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/project/list': (url) =>
        url.searchParams.get('cursor') === 'c2'
          ? jsonResponse({
              items: [makeProjectCard({ id: 2, title: 'Second' })],
              next_cursor: null,
              prev_cursor: 'c1',
            })
          : jsonResponse({ items: [makeProjectCard()], next_cursor: 'c2', prev_cursor: null }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(routes, '/explore?sort=ending');
    expect(await screen.findByText('Showing 1 project, more to come.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more projects' }));
    expect(await screen.findByRole('link', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 projects.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more projects' })).not.toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/explore/project/list')).toEqual([
      'sort=ending&limit=12',
      'sort=ending&limit=12&cursor=c2&direction=after',
    ]);
  });

  it('shows the empty state, whose button clears the filters', async () => {
    stubFetch({
      'GET /api/explore/project/list': (url) =>
        jsonResponse({
          items: url.searchParams.get('q') ? [] : [makeProjectCard()],
          next_cursor: null,
          prev_cursor: null,
        }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    const { router } = renderRoutes(routes, '/explore?q=zzqqxx&view=list');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('heading', { name: 'No projects match your search' })).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Showing 1 project.')).toBeInTheDocument();
  });

  it('opens the charities tab from the URL and lists charities', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/charity/list': () =>
        jsonResponse({
          items: [
            {
              id: 1,
              name: 'River Trust',
              description: 'Rivers.',
              logo: null,
              charity_types: [10],
              city: 'Bristol',
              latitude: null,
              longitude: null,
              live_projects: 2,
              distance_km: null,
            },
          ],
          next_cursor: null,
          prev_cursor: null,
        }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(routes, '/explore?tab=charities&charity_type=10&giving_kind=3');
    expect(await screen.findByRole('link', { name: 'River Trust' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Charities' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('2 live projects')).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/explore/charity/list')).toEqual(['charity_type=10&limit=12']);
  });
});

describe("explore's fundraisers", { timeout: 20_000 }, () => {
  it('lists open pages most raised first, searches them and sorts them by the URL', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/fundraiser/list': (url) =>
        jsonResponse({
          items: url.searchParams.get('q')
            ? []
            : [
                fundraiserCardFixture({ group: { id: 5, name: 'Bristol Runners' } }),
                fundraiserCardFixture({ id: 22, title: 'Ben bakes for the river', raised: 10_000, gifts: 1 }),
              ],
          next_cursor: null,
          prev_cursor: null,
        }),
    });
    const { router } = renderRoutes(routes, '/explore?tab=fundraisers');
    const first = await screen.findByRole('link', { name: 'Dana runs 10k for the river' });
    expect(first).toHaveAttribute('href', '/fundraisers/21');
    expect(screen.getByRole('tab', { name: 'Fundraisers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Fundraisers' })).toBeInTheDocument();
    expect(screen.getByTestId('results-status').textContent).toBe('Showing 2 fundraising pages.');
    const cards = screen.getAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Bristol Runners' })).toHaveAttribute(
      'href',
      '/groups/5',
    );
    expect(screen.getByLabelText('Sort by')).toHaveValue('raised');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Ending soonest');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=fundraisers&sort=ending'));
    await userEvent.type(screen.getByLabelText('Search'), 'marathon{Enter}');
    const empty = await screen.findByTestId('empty-state');
    expect(
      within(empty).getByRole('heading', { name: 'No fundraising pages match your search' }),
    ).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/explore/fundraiser/list')).toEqual([
      'limit=12',
      'sort=ending&limit=12',
      'q=marathon&sort=ending&limit=12',
    ]);
  });

  it("keeps a project order out of the fundraisers' query, and theirs out of the projects'", async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/fundraiser/list': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/explore/project/list': () =>
        jsonResponse({ items: [makeProjectCard()], next_cursor: null, prev_cursor: null }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(routes, '/explore?tab=fundraisers&sort=supported');
    expect(await screen.findByText('No fundraising pages found.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('raised');
    await userEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(await screen.findByText('Showing 1 project.')).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/explore/fundraiser/list')).toEqual(['limit=12']);
    expect(queriesOf(fetchMock, '/api/explore/project/list')).toEqual(['sort=supported&limit=12']);
  });
});

describe('explore page on a phone', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the results first and the filters behind a button that counts the active ones', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      mediaQueryList(query, query.includes('max-width')),
    );
    stubFetch({
      'GET /api/explore/project/list': () =>
        jsonResponse({ items: [makeProjectCard()], next_cursor: null, prev_cursor: null }),
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    const { router } = renderRoutes(routes, '/explore?charity_type=10&q=river');
    await screen.findByText('Showing 1 project.');
    // The search stays in view; the words searched are not counted among the filters.
    expect(screen.getByLabelText('Search')).toHaveValue('river');
    expect(screen.queryByLabelText('Charity type')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByLabelText('Charity type')).toHaveValue('10');
    await userEvent.selectOptions(within(drawer).getByLabelText('Kind of giving'), 'Gifts');
    await waitFor(() => expect(router.state.location.search).toBe('?q=river&charity_type=10&giving_kind=5'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
  });
});
