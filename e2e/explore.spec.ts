import { formatMoney } from '../packages/shared/src/money/money';
import {
  closeExploreFilters,
  expectAccessible,
  journeySetUp,
  openExploreFilters,
  RIVER_CLEAN_UP,
  watchContentSecurityPolicy,
} from './support/app';
import { expect, isPhone, type Page, test } from './support/test';

interface ExploreItem {
  title: string;
  funds_raised: number;
  funds_target: number | null;
  volunteering_pledged: number;
  volunteering_hours: number | null;
}

/**
 * A visitor (not signed in) explores the demo catalogue: 12 charities, 42 projects in UK towns,
 * about 18 of them Live. No map tiles are reachable: the map must work without them.
 */

journeySetUp();

/** The titles of the project cards shown. */
async function cardTitles(page: Page) {
  await expect(page.getByTestId('results-status')).toHaveText(/^(Showing|No projects)/);
  return page.getByTestId('project-card').getByRole('heading').allTextContents();
}

test('a visitor filters projects, finds one on the map, opens it and its charity', async ({ page }) => {
  const refused = await watchContentSecurityPolicy(page);
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  // On a phone the first screen shows projects: the filters wait behind a button.
  if (isPhone()) await expect(page.getByTestId('project-card').first()).toBeInViewport();

  // Filter by a charity type and a kind of giving: the filters go into the URL.
  let filters = await openExploreFilters(page);
  await filters.getByLabel('Charity type').selectOption({ label: 'Environment and Conservation' });
  await filters.getByLabel('Kind of giving').selectOption({ label: 'Volunteering' });
  await expect(page).toHaveURL(/\/explore\?charity_type=10&giving_kind=3$/);
  await closeExploreFilters(page);
  if (isPhone()) await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  const card = page.getByTestId('project-card').filter({ hasText: RIVER_CLEAN_UP });
  await expect(card).toBeVisible();
  // The card shows the progress the demo's donations made, as the API counts it.
  const listed = await page.request.get(
    `/api/explore/project/list?q=${encodeURIComponent('river banks')}&limit=100`,
  );
  const project = ((await listed.json()) as { items: ExploreItem[] }).items.find(
    (p) => p.title === RIVER_CLEAN_UP,
  );
  if (!project) throw new Error('the demo project is not listed');
  expect(project.funds_raised).toBeGreaterThan(0);
  await expect(
    card.getByText(
      `${formatMoney(project.funds_raised)} of ${formatMoney(project.funds_target ?? 0)} raised`,
    ),
  ).toBeVisible();
  await expect(
    card.getByRole('progressbar', {
      name: `${project.volunteering_pledged} of ${project.volunteering_hours} volunteering hours pledged`,
    }),
  ).toBeVisible();
  const titles = await cardTitles(page);
  expect(titles).toContain(RIVER_CLEAN_UP);
  // Every card matches: an environment charity's project that needs volunteers.
  for (const each of await page.getByTestId('project-card').all()) {
    await expect(each.getByText('Volunteering', { exact: true })).toBeVisible();
    await expect(each.getByText(/Environment and Conservation/)).toBeVisible();
  }
  await expectAccessible(page, 'explore (list)');

  // The URL is the search: reloading it gives the same results and the same fields.
  await page.reload();
  filters = await openExploreFilters(page);
  await expect(filters.getByLabel('Charity type')).toHaveValue('10');
  await expect(filters.getByLabel('Kind of giving')).toHaveValue('3');
  await closeExploreFilters(page);
  expect(await cardTitles(page)).toEqual(titles);

  // The map: markers with no tiles, over a plain background, with the attribution.
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Map').click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(page.getByTestId('map-status')).toHaveText(
    `${titles.length} projects in this area: select a marker for its page.`,
  );
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(titles.length);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
  await expect(page.getByText('The map background could not be loaded')).toBeVisible();
  await expectAccessible(page, 'explore (map)');

  // A marker's popup links to the project page (keyboard: focus the marker, Enter).
  const marker = map.getByRole('button', { name: RIVER_CLEAN_UP });
  await marker.focus();
  await marker.press('Enter');
  const popup = map.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  // The popup pans the map to fit once its content renders; the keyboard follows the link
  // wherever the pan leaves it (a click aimed mid-pan could land on the map and close it).
  const popupLink = popup.getByRole('link', { name: RIVER_CLEAN_UP });
  await popupLink.focus();
  await popupLink.press('Enter');

  // The public project page: title, needs with progress, the charity.
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: RIVER_CLEAN_UP })).toBeVisible();
  const needs = page.getByTestId('needs');
  await expect(needs.getByRole('heading', { name: 'What is needed' })).toBeVisible();
  await expect(
    needs.getByText(
      `${formatMoney(project.funds_raised)} of ${formatMoney(project.funds_target ?? 0)} raised`,
    ),
  ).toBeVisible();
  await expect(
    needs.getByText(
      `${project.volunteering_pledged} of ${project.volunteering_hours} volunteering hours pledged`,
    ),
  ).toBeVisible();
  await expect(needs.getByText('Arts/Music/Drama/Dance/Crafts, 10 hours')).toBeVisible();
  await expect(page.getByTestId('days-left')).toHaveText(/\d+ days left/);
  await expect(page.getByRole('heading', { name: 'Story' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Updates' })).toBeVisible();
  // The map loads as it nears the window (far below the fold on a phone).
  await page.getByTestId('place-map').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expectAccessible(page, 'project page');

  // Its charity's public page lists its Live projects.
  await page.getByRole('link', { name: 'River Trust' }).first().click();
  await expect(page).toHaveURL(/\/charities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
  await expect(page.getByText('Cleaning and restoring the rivers of the West Country')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.rivertrust.org.uk' })).toBeVisible();
  const live = page.getByRole('region', { name: 'Live projects' });
  await expect(live.getByRole('link', { name: RIVER_CLEAN_UP })).toBeVisible();
  await expectAccessible(page, 'charity page');

  // Back walks the history: the project, then the map with the same filters.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: RIVER_CLEAN_UP })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/explore\?view=map&charity_type=10&giving_kind=3$/);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(titles.length);
  // Leaflet, its CSS and the markers run under the page's Content-Security-Policy.
  expect(refused).toEqual([]);
});

test('a search for nonsense shows the empty state; clearing brings the projects back', async ({ page }) => {
  await page.goto('/explore');
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('zzqqxxnonsense');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?q=zzqqxxnonsense$/);
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No projects match your search' })).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(0);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  // And back brings the search back.
  await page.goBack();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('zzqqxxnonsense');
  await expect(empty).toBeVisible();
});

test("near a place: a town, then the visitor's location; nearest first", async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 53.4808, longitude: -2.2426 });
  await page.goto('/explore');
  let filters = await openExploreFilters(page);
  await filters.getByLabel('Region').selectOption({ label: 'South West' });
  await filters.getByLabel('Town').fill('Bris');
  await page.getByRole('option', { name: 'Bristol', exact: true }).click();
  await expect(page).toHaveURL(/city_id=\d+&place=Bristol/);
  await expect(filters.getByTestId('chosen-place')).toHaveText('Near Bristol');
  await expect(filters.getByLabel('Sort by')).toHaveValue('nearest');
  await closeExploreFilters(page);
  await expect(page.getByTestId('project-card').first()).toContainText('km away');
  for (const each of await page.getByTestId('project-card').all())
    await expect(each).toContainText('Bristol');

  filters = await openExploreFilters(page);
  await filters.getByRole('button', { name: 'Clear place' }).click();
  await filters.getByRole('button', { name: 'Use my location' }).click();
  await expect(page).toHaveURL(/lat=53\.4808&lng=-2\.2426&place=your\+location/);
  await expect(filters.getByTestId('chosen-place')).toHaveText('Near your location');
  await filters.getByLabel('Distance').selectOption({ label: 'Within 5 km' });
  await expect(page).toHaveURL(/radius_km=5/);
  await closeExploreFilters(page);
  await expect(page.getByTestId('project-card').first()).toContainText('Manchester');
  for (const each of await page.getByTestId('project-card').all())
    await expect(each).toContainText('Manchester');
});

test('dense places show as count bubbles that zoom in when selected', async ({ page }) => {
  const zooms: number[] = [];
  // The demo catalogue is too small for clusters (the API clusters above 500 markers in view).
  await page.route('**/api/explore/project/locations?**', async (route) => {
    const url = new URL(route.request().url());
    if (!url.searchParams.get('bbox')) return route.continue();
    const zoom = Number(url.searchParams.get('zoom'));
    zooms.push(zoom);
    const body =
      zoom < 7
        ? { items: [], clusters: [{ latitude: 51.45, longitude: -2.6, count: 640 }], total: 640 }
        : {
            items: [{ id: 1, name: RIVER_CLEAN_UP, latitude: 51.4352, longitude: -2.6066 }],
            clusters: [],
            total: 1,
          };
    await route.fulfill({ json: body });
  });
  await page.goto('/explore?view=map');
  const bubble = page.getByRole('button', { name: '640 projects here: zoom in' });
  await expect(bubble).toBeVisible();
  await expect(bubble).toHaveText(/640/);
  await expect(page.getByTestId('map-status')).toHaveText(
    '640 projects in this area, in 1 group: select a group to zoom in.',
  );
  await bubble.click();
  await expect(page.getByRole('button', { name: RIVER_CLEAN_UP })).toBeVisible();
  expect(Math.max(...zooms)).toBeGreaterThanOrEqual(7);
});

test('an unknown or non-public project, and an unknown charity, say so', async ({ page }) => {
  await page.goto('/projects/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
  await page.goto('/charities/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Charity not found' })).toBeVisible();
});
