import type { Fundraiser } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIsForEachTest } from '@/testing/clock';
import { businessMembershipFixture, charityFixture, projectFixture } from '@/testing/fixtures';
import { fundraiserFixture } from '@/testing/fundraisers';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { paste } from '@/testing/user';
import { EditFundraiserScreen } from './edit-fundraiser';
import { NewFundraiserScreen } from './new-fundraiser';

const TODAY = new Date('2030-01-11T12:00:00');
const STORY = 'I am running my first 10k to clean up the river banks.';

function renderScreens(path: string) {
  return renderRoutes(
    [
      { path: '/fundraisers/new', element: <NewFundraiserScreen /> },
      { path: '/fundraisers/:id/edit', element: <EditFundraiserScreen /> },
      { path: '/fundraisers/:id', element: <p>The page</p> },
    ],
    path,
  );
}

const form = () => screen.getByRole('form', { name: 'Your page' });
const field = (label: string) => within(form()).getByLabelText(label, { selector: 'input, textarea' });
const submit = (name: string) => userEvent.click(within(form()).getByRole('button', { name }));
const sent = (mock: ReturnType<typeof stubFetch>, path: string, method: string) =>
  mock.mock.calls.filter((call) => pathOfCall(call) === path && (call[1] as RequestInit).method === method);

describe('fundraising page forms', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();
  todayIsForEachTest(TODAY);

  describe('starting a page', () => {
    function stubNew(
      create: Route = (_url, init) =>
        jsonResponse(fundraiserFixture({ id: 44, can_edit: true, ...JSON.parse(String(init.body)) }), 201),
    ) {
      return stubFetch({
        'GET /api/project/1': () =>
          jsonResponse(
            projectFixture({ id: 1, title: 'Clean-up of the river banks', end_date: '2030-06-30' }),
          ),
        'GET /api/charity/3': () => jsonResponse(charityFixture({ id: 3, name: 'River Trust' })),
        'POST /api/fundraiser/create': create,
      });
    }

    it('says what is wrong beside each field, and sends nothing', async () => {
      signInWith();
      const fetchMock = stubNew();
      renderScreens('/fundraisers/new?project=1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Start a fundraiser' })).toBeVisible();
      expect(await screen.findByRole('form', { name: 'Your page' })).toBeVisible();
      expect(screen.getByText(/^For/).textContent).toContain('For Clean-up of the river banks, a project of');
      // A month ahead is suggested for the end.
      expect(field('End date')).toHaveValue('02/10/30');
      await paste(field('Title'), 'Go');
      await paste(field('Your story'), 'Too short');
      await paste(field('Target'), '12.345');
      await submit('Open the page');
      expect(await within(form()).findByText('Use at least 3 characters.')).toBeVisible();
      expect(
        within(form()).getByText('Tell your friends why you are raising money (at least 20 characters).'),
      ).toBeVisible();
      expect(within(form()).getByText('Use at most 2 decimals.')).toBeVisible();
      expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(document.activeElement).toBe(field('Title')));
      expect(sent(fetchMock, '/api/fundraiser/create', 'POST')).toHaveLength(0);
    });

    it('opens a team’s page for the project, then shows the page with its prompt', async () => {
      signInWith({
        group_membership: [
          { group_id: 4, name: 'Walkers', group_type: 1, is_admin: false },
          { group_id: 5, name: 'Runners', group_type: 1, is_admin: false },
        ],
      });
      const fetchMock = stubNew();
      const { router } = renderScreens('/fundraisers/new?project=1');
      await screen.findByRole('form', { name: 'Your page' });
      await paste(field('Title'), 'Dana runs 10k for the river');
      await paste(field('Your story'), STORY);
      await paste(field('Target'), '5000');
      expect(within(form()).queryByLabelText('Organisation')).not.toBeInTheDocument();
      await userEvent.click(within(form()).getByLabelText('For a team'));
      await submit('Open the page');
      expect(await within(form()).findByText('Choose the team.')).toBeVisible();
      await userEvent.click(within(form()).getByLabelText('Team', { selector: 'input' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Runners' }));
      await submit('Open the page');
      expect(await screen.findByText('The page')).toBeVisible();
      expect(router.state.location.pathname).toBe('/fundraisers/44');
      expect(router.state.location.search).toBe('?created=1');
      expect(bodyOfCall(sent(fetchMock, '/api/fundraiser/create', 'POST')[0])).toEqual({
        title: 'Dana runs 10k for the river',
        story: STORY,
        target: 500_000,
        end_date: '2030-02-10',
        project_id: 1,
        group_id: 5,
      });
    });

    it('chooses the team a team’s “Start a page” link names, when the person is in it', async () => {
      signInWith({
        group_membership: [
          { group_id: 4, name: 'Walkers', group_type: 1, is_admin: false },
          { group_id: 5, name: 'Runners', group_type: 1, is_admin: false },
        ],
      });
      const fetchMock = stubNew();
      renderScreens('/fundraisers/new?project=1&group=5');
      await screen.findByRole('form', { name: 'Your page' });
      expect(within(form()).getByLabelText('For a team')).toBeChecked();
      await paste(field('Title'), 'Dana runs 10k for the river');
      await paste(field('Your story'), STORY);
      await paste(field('Target'), '5000');
      await submit('Open the page');
      await waitFor(() => expect(sent(fetchMock, '/api/fundraiser/create', 'POST')).toHaveLength(1));
      expect(bodyOfCall(sent(fetchMock, '/api/fundraiser/create', 'POST')[0])).toMatchObject({ group_id: 5 });
    });

    it('opens an organisation’s page for a charity it runs', async () => {
      signInWith({ business_membership: [businessMembershipFixture({ business_id: 9, name: 'Acme Ltd' })] });
      const fetchMock = stubNew();
      renderScreens('/fundraisers/new?charity=3');
      await screen.findByRole('form', { name: 'Your page' });
      expect(screen.getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/3');
      await paste(field('Title'), 'Acme gives to the river');
      await paste(field('Your story'), STORY);
      await paste(field('Target'), '250.50');
      await userEvent.click(within(form()).getByLabelText('For an organisation'));
      // The one organisation the person runs is chosen already.
      expect(within(form()).getByLabelText('Organisation', { selector: 'input' })).toHaveValue('Acme Ltd');
      await submit('Open the page');
      await screen.findByText('The page');
      expect(bodyOfCall(sent(fetchMock, '/api/fundraiser/create', 'POST')[0])).toMatchObject({
        charity_id: 3,
        business_id: 9,
        target: 25_050,
      });
    });

    it('puts the server’s refusal beside its field and above the form', async () => {
      signInWith();
      stubNew(() =>
        errorResponse(400, 'VALIDATION_ERROR', 'Check the highlighted fields.', {
          fields: {
            end_date: 'Choose a day within a year.',
            project_id: 'This project is not taking gifts.',
          },
        }),
      );
      renderScreens('/fundraisers/new?project=1');
      await screen.findByRole('form', { name: 'Your page' });
      await paste(field('Title'), 'Dana runs 10k');
      await paste(field('Your story'), STORY);
      await paste(field('Target'), '100');
      await submit('Open the page');
      expect(await within(form()).findByText('Choose a day within a year.')).toBeVisible();
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'Check the highlighted fields. This project is not taking gifts.',
      );
      expect(field('Title')).toHaveValue('Dana runs 10k');
    });

    it('says where to start without a cause, and when a project takes no pages', async () => {
      signInWith();
      stubNew();
      const { unmount } = renderScreens('/fundraisers/new');
      expect(await screen.findByText(/start one from its page/)).toBeVisible();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      unmount();
      stubFetch({ 'GET /api/project/1': () => jsonResponse(projectFixture({ id: 1, status: 4 })) });
      renderScreens('/fundraisers/new?project=1');
      expect(await screen.findByText(/This project is not taking gifts now/)).toBeVisible();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    });
  });

  describe('editing a page', () => {
    function stubEdit(page: Fundraiser = fundraiserFixture({ can_edit: true })) {
      return stubFetch({
        'GET /api/fundraiser/21': () => jsonResponse(page),
        'PATCH /api/fundraiser/21': (_url, init) =>
          jsonResponse({ ...page, ...JSON.parse(String(init.body)) }),
      });
    }

    it('shows the page’s values and sends only what changed', async () => {
      signInWith();
      const fetchMock = stubEdit();
      const { router } = renderScreens('/fundraisers/21/edit');
      await screen.findByRole('form', { name: 'Your page' });
      expect(field('Title')).toHaveValue('Dana runs 10k for the river');
      expect(field('Target')).toHaveValue('10000');
      expect(field('End date')).toHaveValue('01/31/30');
      // Creating chose the team: editing does not offer it.
      expect(within(form()).queryByText('Who the page is for')).not.toBeInTheDocument();
      await userEvent.clear(field('Target'));
      await paste(field('Target'), '12000');
      await submit('Save');
      await screen.findByText('The page');
      expect(router.state.location.pathname).toBe('/fundraisers/21');
      expect(bodyOfCall(sent(fetchMock, '/api/fundraiser/21', 'PATCH')[0])).toEqual({ target: 1_200_000 });
    });

    it('keeps an ended page’s end date unless it moves, and refuses a day in the past', async () => {
      signInWith();
      const fetchMock = stubEdit(fundraiserFixture({ can_edit: true, ended: true, end_date: '2030-01-05' }));
      renderScreens('/fundraisers/21/edit');
      await screen.findByRole('form', { name: 'Your page' });
      expect(within(form()).getByText(/the page ended on this day/)).toBeVisible();
      await userEvent.clear(field('End date'));
      await paste(field('End date'), '01/08/30');
      await submit('Save');
      expect(
        await within(form()).findByText('Choose a date between 11 Jan 2030 and 12 Jan 2031.'),
      ).toBeVisible();
      expect(sent(fetchMock, '/api/fundraiser/21', 'PATCH')).toHaveLength(0);
      await userEvent.clear(field('End date'));
      await paste(field('End date'), '01/05/30');
      await userEvent.clear(field('Title'));
      await paste(field('Title'), 'Dana ran 10k');
      await submit('Save');
      await screen.findByText('The page');
      expect(bodyOfCall(sent(fetchMock, '/api/fundraiser/21', 'PATCH')[0])).toEqual({
        title: 'Dana ran 10k',
      });
    });

    it('tells someone else the page is not theirs to edit', async () => {
      signInWith();
      stubEdit(fundraiserFixture({ can_edit: false }));
      renderScreens('/fundraisers/21/edit');
      expect(await screen.findByText(/Only the person who opened this page can edit it/)).toBeVisible();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    });
  });
});
