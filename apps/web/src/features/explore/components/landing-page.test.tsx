import type { ExploreSummary } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureOf } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { makeProjectCard } from '../testing/fixtures';
import { LandingPage } from './landing-page';

const routes = [
  { path: '/', element: <LandingPage /> },
  { path: '/explore', element: <h1>Explore screen</h1> },
];

const summary = fixtureOf<ExploreSummary>(() => ({
  totals: {
    funds_given: 1_234_500,
    currency: 'INR',
    hours_given: 4_321,
    gifts_given: 87,
    live_projects: 26,
  },
  ending_soon: [
    makeProjectCard({ id: 1, title: 'Winter coats appeal', cover: '/api/files/gallery/coats' }),
    makeProjectCard({ id: 2, title: 'Summer reading club', cover: null }),
  ],
  near: null,
  most_supported: [makeProjectCard({ id: 3, title: 'Tree planting weekend', donors_count: 40 })],
}));

/** The query of each call to the summary, without the timestamp. */
function summaryQueries(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/explore/summary')
    .map((url) => {
      const params = new URLSearchParams(url.search);
      params.delete('t');
      return params.toString();
    });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing page', { timeout: 20_000 }, () => {
  it('says what Kindred is and shows the live totals from the API', async () => {
    stubFetch({ 'GET /api/explore/summary': () => jsonResponse(summary()) });
    renderRoutes(routes, '/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Give what you can to the causes near you',
    );
    expect(
      screen.getByText(/give money, volunteer your time or your professional skills/),
    ).toBeInTheDocument();
    expect((await screen.findByTestId('total-funds')).textContent).toBe('₹12,345');
    expect(screen.getByTestId('total-hours').textContent).toBe('4,321');
    expect(screen.getByTestId('total-gifts').textContent).toBe('87');
    expect(screen.getByTestId('total-live').textContent).toBe('26');
  });

  it('features the projects ending soon and the most supported, with their covers and links to all', async () => {
    stubFetch({ 'GET /api/explore/summary': () => jsonResponse(summary()) });
    renderRoutes(routes, '/');
    const ending = await screen.findByRole('region', { name: 'Ending soon' });
    const cards = within(ending).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Winter coats appeal',
      'Summer reading club',
    ]);
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/files/gallery/coats_medium.webp');
    expect(cards[1]?.querySelector('img')).toBeNull();
    expect(within(ending).getByRole('link', { name: 'All projects ending soon' })).toHaveAttribute(
      'href',
      '/explore?ending_soon=true&sort=ending',
    );
    const supported = screen.getByRole('region', { name: 'Most supported' });
    expect(within(supported).getByRole('link', { name: 'Tree planting weekend' })).toHaveAttribute(
      'href',
      '/projects/3',
    );
    expect(within(supported).getByRole('link', { name: 'All projects by support' })).toHaveAttribute(
      'href',
      '/explore?sort=supported',
    );
  });

  it('asks where the visitor is only when they want projects near them', async () => {
    const fetchMock = stubFetch({
      'GET /api/explore/summary': (url) =>
        jsonResponse(
          url.searchParams.has('lat')
            ? summary({ near: [makeProjectCard({ id: 9, title: 'Clean-up near you', distance_km: 2.4 })] })
            : summary(),
        ),
    });
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 51.45449, longitude: -2.58791 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderRoutes(routes, '/');
    const near = await screen.findByRole('region', { name: 'Near you' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(within(near).queryByRole('article')).not.toBeInTheDocument();
    await userEvent.click(within(near).getByRole('button', { name: 'Show projects near me' }));
    expect(await within(near).findByRole('link', { name: 'Clean-up near you' })).toBeInTheDocument();
    expect(within(near).getByText(/2\.4 km away/)).toBeInTheDocument();
    expect(summaryQueries(fetchMock)).toEqual(['', 'lat=51.454&lng=-2.588']);
    expect(within(near).getByRole('link', { name: 'All projects near you' })).toHaveAttribute(
      'href',
      '/explore?lat=51.454&lng=-2.588&place=your+location&sort=nearest',
    );
  });

  it('searches projects on explore with the words typed', async () => {
    stubFetch({ 'GET /api/explore/summary': () => jsonResponse(summary()) });
    const { router } = renderRoutes(routes, '/');
    const search = screen.getByRole('search', { name: 'Search projects' });
    await userEvent.type(within(search).getByLabelText('Search projects'), '  river clean-up ');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(router.state.location.search).toBe('?q=river+clean-up');
  });

  it('says so in place, with a way to try again, when the figures cannot be loaded', async () => {
    stubFetch({
      'GET /api/explore/summary': () =>
        jsonResponse({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' } }, 503),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('The projects could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Search still works without them.
    expect(screen.getByRole('search', { name: 'Search projects' })).toBeInTheDocument();
  });
});
