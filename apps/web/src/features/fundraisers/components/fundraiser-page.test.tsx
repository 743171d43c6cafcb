import type { Fundraiser, FundraiserPost, Supporter } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIsForEachTest } from '@/testing/clock';
import { projectFixture } from '@/testing/fixtures';
import { fundraiserDonationFixture, fundraiserFixture, fundraiserPostFixture } from '@/testing/fundraisers';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { stubUpload } from '@/testing/upload';
import { type FundraiserGive, FundraiserPage } from './fundraiser-page';

const TODAY = new Date('2030-01-11T12:00:00');

const page = <T,>(items: T[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

/** The route's Give: a stand-in that says what it was handed. */
const giveSlot = ({ page: shown, project }: FundraiserGive) => (
  <button type="button">{`Give to ${project ? project.title : shown.charity.name}`}</button>
);

function renderPage(path = '/fundraisers/21') {
  return renderRoutes(
    [
      {
        path: '/fundraisers/:id',
        element: <FundraiserPage pageId={Number(path.split(/[/?]/)[2]) || null} renderGive={giveSlot} />,
      },
      { path: '/fundraisers/:id/edit', element: <p>Edit screen</p> },
    ],
    path,
  );
}

/** The public API of one page: its detail, wall, updates and its project. */
function stubPage(
  fundraiser: Fundraiser = fundraiserFixture(),
  {
    donations = () => page([]),
    updates = () => page([]),
    extra = {},
  }: { donations?: Route; updates?: Route; extra?: Record<string, Route> } = {},
) {
  return stubFetch({
    'GET /api/fundraiser/21': () => jsonResponse(fundraiser),
    'GET /api/fundraiser/21/donations': donations,
    'GET /api/fundraiser/21/updates': updates,
    'GET /api/project/1': () =>
      jsonResponse(projectFixture({ id: 1, title: 'Clean-up of the river banks', giving_kinds: [2, 3] })),
    ...extra,
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Dana runs 10k for the river' });
const region = (name: string) => screen.getByRole('region', { name });

describe('a fundraising page', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();
  todayIsForEachTest(TODAY);

  it('shows a visitor who raises for what, the progress, Give, sharing, the story, updates and wall', async () => {
    stubPage(fundraiserFixture({ group: { id: 5, name: 'Runners' } }), {
      donations: () =>
        page([
          fundraiserDonationFixture(),
          fundraiserDonationFixture({
            id: 2,
            name: 'Secret Sam',
            anonymous: true,
            amount: null,
            message: null,
          }),
        ]),
      updates: () =>
        page([
          fundraiserPostFixture({ id: 2, body: 'Halfway there!', created_at: '2030-01-09T09:00:00.000Z' }),
          fundraiserPostFixture({ id: 1, body: 'Training started.', created_at: '2030-01-02T09:00:00.000Z' }),
        ]),
    });
    renderPage();
    expect(await heading()).toBeInTheDocument();
    expect(document.title).toBe('Dana runs 10k for the river · Kindred');
    const lead = screen.getByText(/is raising money for/);
    expect(lead.textContent).toBe(
      'Dana Donor is raising money for Clean-up of the river banks, a project of River Trust.',
    );
    expect(within(lead).getByRole('link', { name: 'Clean-up of the river banks' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(within(lead).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/3');
    expect(screen.getByRole('link', { name: 'Runners' })).toHaveAttribute('href', '/groups/5');
    // The project's cover stands in, first on the page, with its box set.
    const picture = document.querySelector('img');
    expect(picture?.getAttribute('src')).toContain('/api/files/gallery/river_');
    expect(picture).toHaveAttribute('width', '800');
    expect(picture).toHaveAttribute('height', '450');
    expect(picture).toHaveAttribute('loading', 'eager');

    const progress = region('Progress');
    expect(within(progress).getByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(progress).getByText('4 gifts · 20 days left')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    // Give goes to the page's project, read for the giving flow.
    expect(screen.getByRole('button', { name: 'Give to Clean-up of the river banks' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Share this page' })).toBeInTheDocument();
    expect(region('The story').textContent).toContain('I am running my first 10k');

    const updates = region('Updates from Dana Donor');
    await within(updates).findByText('Halfway there!');
    const articles = within(updates).getAllByRole('article');
    expect(articles.map((article) => article.textContent)).toEqual([
      expect.stringContaining('Halfway there!'),
      expect.stringContaining('Training started.'),
    ]);
    expect(within(updates).queryByRole('button', { name: 'Post an update' })).not.toBeInTheDocument();

    const wall = await screen.findByRole('list', { name: 'Gifts through this page' });
    const gifts = within(wall).getAllByRole('listitem');
    expect(gifts[0]?.textContent).toContain('Sam Helper gave ₹500');
    expect(gifts[0]?.textContent).toContain('3 Jan 2030');
    expect(gifts[0]?.textContent).toContain('“Go Dana!”');
    // An anonymous gift shows neither the name nor the amount.
    expect(gifts[1]?.textContent).toBe('Anonymous3 Jan 2030');
    expect(wall.textContent).not.toContain('Secret Sam');
    // A visitor has none of the fundraiser's tools.
    expect(screen.queryByRole('link', { name: 'Edit page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /picture/ })).not.toBeInTheDocument();
  });

  it('loads more supporters and older updates with their next cursors', async () => {
    const fetchMock = stubPage(undefined, {
      donations: (url) =>
        url.searchParams.get('cursor') === 'gifts-2'
          ? page([fundraiserDonationFixture({ id: 9, name: 'Olga Older' })])
          : page([fundraiserDonationFixture()], 'gifts-2'),
      updates: (url) =>
        url.searchParams.get('cursor') === 'updates-2'
          ? page([fundraiserPostFixture({ id: 8, body: 'The first news.' })])
          : page([fundraiserPostFixture()], 'updates-2'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more supporters' }));
    expect(await screen.findByText(/Olga Older/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more supporters' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older updates' }));
    expect(await screen.findByText('The first news.')).toBeInTheDocument();
    const more = fetchMock.mock.calls
      .map((call) => new URL(String(call[0]), 'http://x'))
      .filter((url) => url.searchParams.has('cursor'));
    expect(more.map((url) => [url.pathname, url.searchParams.get('cursor')])).toEqual([
      ['/api/fundraiser/21/donations', 'gifts-2'],
      ['/api/fundraiser/21/updates', 'updates-2'],
    ]);
  });

  it('invites the first gift on an empty wall, and says when there are no updates', async () => {
    stubPage();
    renderPage();
    expect(await screen.findByText('No gifts through this page yet. Be the first to give.')).toBeVisible();
    expect(await within(region('Updates from Dana Donor')).findByText('No updates yet.')).toBeVisible();
  });

  it('gives to the charity of a charity’s page, without reading a project', async () => {
    const fetchMock = stubPage(fundraiserFixture({ project: null, cause_picture: '/api/files/logo/river' }));
    renderPage();
    await heading();
    expect(screen.getByText(/is raising money for/).textContent).toBe(
      'Dana Donor is raising money for River Trust.',
    );
    expect(screen.getByRole('button', { name: 'Give to River Trust' })).toBeInTheDocument();
    // The charity's logo stands in, small.
    expect(document.querySelector('img')).toHaveAttribute('width', '160');
    expect(fetchMock.mock.calls.map(pathOfCall)).not.toContain('/api/project/1');
  });

  it('offers no gift on a page that ended, and says so', async () => {
    stubPage(fundraiserFixture({ ended: true, end_date: '2030-01-10' }));
    renderPage();
    await heading();
    const closed = region('This page has ended');
    expect(closed.textContent).toContain('It took gifts until 10 Jan 2030.');
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
    expect(within(region('Progress')).getByText('4 gifts · Ended 10 Jan 2030')).toBeInTheDocument();
    expect(await screen.findByText('No one gave through this page.')).toBeVisible();
  });

  it('offers no gift when the project stopped taking gifts', async () => {
    stubPage(undefined, {
      extra: { 'GET /api/project/1': () => jsonResponse(projectFixture({ id: 1, status: 4 })) },
    });
    renderPage();
    await heading();
    expect(region('This page takes no gifts now').textContent).toContain(
      'Its project is no longer taking gifts.',
    );
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
  });

  it('says a page is not found for an unknown or hidden page, or a URL without an id', async () => {
    stubFetch({
      'GET /api/fundraiser/21': () => errorResponse(404, 'NOT_FOUND', 'Fundraiser not found.'),
    });
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraiser not found' })).toBeVisible();
    expect(screen.getByText(/does not exist, or it is no longer public/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explore projects' })).toHaveAttribute('href', '/explore');
    unmount();
    renderPage('/fundraisers/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraiser not found' })).toBeVisible();
  });

  it('shows loading, then a failure with Try again that loads the page', async () => {
    let fail = true;
    stubPage(undefined, {
      extra: {
        'GET /api/fundraiser/21': () =>
          fail ? errorResponse(500, 'INTERNAL', 'Something went wrong.') : jsonResponse(fundraiserFixture()),
      },
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('This page could not be loaded', {}, { timeout: 10_000 })).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading()).toBeInTheDocument();
  });

  describe('its fundraiser', () => {
    const mine = (overrides: Partial<Fundraiser> = {}) => fundraiserFixture({ can_edit: true, ...overrides });

    it('edits it, adds a picture and posts an update that shows first', async () => {
      signInWith();
      const posted: FundraiserPost[] = [fundraiserPostFixture()];
      const fetchMock = stubPage(mine(), {
        updates: () => page([...posted].reverse()),
        extra: {
          'POST /api/fundraiser/21/updates': (_url, init) => {
            const post = fundraiserPostFixture({
              id: 2,
              body: JSON.parse(String(init.body)).body,
              created_at: '2030-01-11T10:00:00.000Z',
            });
            posted.push(post);
            return jsonResponse(post, 201);
          },
        },
      });
      renderPage();
      await heading();
      expect(screen.getByRole('link', { name: 'Edit page' })).toHaveAttribute('href', '/fundraisers/21/edit');
      expect(screen.getByRole('button', { name: 'Add a picture' })).toBeInTheDocument();

      const updates = region('Updates from Dana Donor');
      await within(updates).findByText('Halfway there, thank you all!');
      await userEvent.click(within(updates).getByRole('button', { name: 'Post an update' }));
      const dialog = await screen.findByRole('dialog', { name: 'Post an update' });
      // Nothing written: the field says so and nothing is sent.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Post update' }));
      expect(await within(dialog).findByText('Write your update.')).toBeVisible();
      await userEvent.type(within(dialog).getByLabelText('Update'), 'Ran 8k today!');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Post update' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const post = fetchMock.mock.calls.find(
        (call) =>
          pathOfCall(call) === '/api/fundraiser/21/updates' && (call[1] as RequestInit).method === 'POST',
      );
      expect(bodyOfCall(post)).toEqual({ body: 'Ran 8k today!' });
      await waitFor(() =>
        expect(within(updates).getAllByRole('article')[0]?.textContent).toContain('Ran 8k today!'),
      );
    });

    it('shows the server’s refusal of an update in the dialog', async () => {
      signInWith();
      stubPage(mine(), {
        extra: {
          'POST /api/fundraiser/21/updates': () =>
            errorResponse(400, 'VALIDATION_ERROR', 'Check the highlighted fields.', {
              fields: { body: 'Use at most 2,000 characters.' },
            }),
        },
      });
      renderPage();
      await heading();
      await userEvent.click(screen.getByRole('button', { name: 'Post an update' }));
      const dialog = await screen.findByRole('dialog', { name: 'Post an update' });
      await userEvent.type(within(dialog).getByLabelText('Update'), 'News');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Post update' }));
      expect(await within(dialog).findByText('Use at most 2,000 characters.')).toBeVisible();
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    });

    it('opens the picture dialog with its upload', async () => {
      signInWith();
      stubPage(mine({ picture: '/api/files/gallery/mine' }));
      renderPage();
      await heading();
      expect(document.querySelector('img')?.getAttribute('src')).toContain('/api/files/gallery/mine_');
      await userEvent.click(screen.getByRole('button', { name: 'Change picture' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the picture' });
      expect(within(dialog).getByText('This is your page’s picture. A new one replaces it.')).toBeVisible();
      expect(within(dialog).getByLabelText('Page picture file')).toBeInTheDocument();
      expect(within(dialog).getByText('PNG or JPEG, up to 20 MB.')).toBeVisible();
    });

    it('uploads a picture with its progress, and the page shows it', async () => {
      signInWith();
      stubPage(mine());
      /** The upload's request: it reports 40% and waits until the test finishes it. */
      const xhr = stubUpload((upload) => upload.progress(40));
      renderPage();
      await heading();
      await userEvent.click(screen.getByRole('button', { name: 'Add a picture' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the picture' });
      expect(
        within(dialog).getByText(/Your page shows the project’s cover until you add a picture/),
      ).toBeVisible();
      await userEvent.upload(
        within(dialog).getByLabelText('Page picture file'),
        new File(['png'], 'me.png', { type: 'image/png' }),
      );
      const bar = await within(dialog).findByRole('progressbar', {
        name: 'Page picture file upload progress',
      });
      expect(bar).toHaveAttribute('aria-valuenow', '40');
      expect(new URL(String(xhr.url), 'http://x').pathname).toBe('/api/fundraiser/21/picture');
      expect(xhr.body?.get('picture')).toBeInstanceOf(File);
      xhr.answer(200, mine({ picture: '/api/files/fundraisers/new' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() =>
        expect(document.querySelector('img')?.getAttribute('src')).toContain('/api/files/fundraisers/new_'),
      );
      expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    });

    it('is asked to add a picture and share a page just opened', async () => {
      signInWith();
      stubPage(mine());
      const { router } = renderPage('/fundraisers/21?created=1');
      await heading();
      const prompt = screen.getByTestId('created-prompt');
      expect(prompt.textContent).toContain('Add a picture of your own, then share the page');
      expect(within(prompt).getByRole('group', { name: 'Share your page' })).toBeInTheDocument();
      expect(within(prompt).getByRole('button', { name: 'Add a picture' })).toBeInTheDocument();
      await userEvent.click(within(prompt).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByTestId('created-prompt')).not.toBeInTheDocument());
      expect(router.state.location.search).toBe('');
      expect(screen.getByRole('group', { name: 'Share this page' })).toBeInTheDocument();
    });

    it('sees why the charity hid the page, which takes no gifts', async () => {
      signInWith();
      stubPage(mine({ hidden: true, hidden_reason: 'The story names the wrong charity.' }));
      // Just opened, but hidden: nothing asks to share it.
      renderPage('/fundraisers/21?created=1');
      await heading();
      expect(screen.queryByTestId('created-prompt')).not.toBeInTheDocument();
      const note = screen.getByTestId('hidden-note');
      expect(note.textContent).toContain('The charity has hidden this page');
      expect(note.textContent).toContain(
        'River Trust took this page down: “The story names the wrong charity.”',
      );
      expect(note.textContent).toContain(
        'Only you and the charity’s admins can see it, and it takes no gifts.',
      );
      expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Share this page' })).not.toBeInTheDocument();
    });
  });

  it('shows a wall of many gifts in order', async () => {
    const many: Supporter[] = Array.from({ length: 10 }, (_, index) =>
      fundraiserDonationFixture({ id: index + 1, name: `Giver ${index + 1}`, amount: (index + 1) * 1_000 }),
    );
    stubPage(undefined, { donations: () => page(many, 'more') });
    renderPage();
    const wall = await screen.findByRole('list', { name: 'Gifts through this page' });
    const gifts = within(wall).getAllByRole('listitem');
    expect(gifts).toHaveLength(10);
    expect(gifts[9]?.textContent).toContain('Giver 10 gave ₹100');
    expect(screen.getByRole('button', { name: 'Show more supporters' })).toBeVisible();
  });
});
