import type { FundraiserCard } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIsForEachTest } from '@/testing/clock';
import { fundraiserCardFixture } from '@/testing/fundraisers';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { MyFundraisersScreen } from './my-fundraisers';
import { ProjectFundraisers } from './project-fundraisers';

const TODAY = new Date('2030-01-11T12:00:00');

const page = (items: FundraiserCard[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

const cards = () => screen.getAllByTestId('fundraiser-card');

describe('lists of fundraising pages', { timeout: 30_000 }, () => {
  todayIsForEachTest(TODAY);

  describe('my fundraisers', () => {
    signedInForEachTest();
    const renderMine = () =>
      renderRoutes([{ path: '/fundraisers', element: <MyFundraisersScreen /> }], '/fundraisers');

    it('shows the person’s pages with their progress, a hidden one marked, and more on request', async () => {
      const fetchMock = stubFetch({
        'GET /api/user/fundraisers': (url) =>
          url.searchParams.get('cursor') === 'next-1'
            ? page([fundraiserCardFixture({ id: 30, title: 'Bake sale for the charity', project: null })])
            : page(
                [
                  fundraiserCardFixture(),
                  fundraiserCardFixture({
                    id: 22,
                    title: 'Swim for the river',
                    hidden: true,
                    raised: 0,
                    gifts: 0,
                  }),
                ],
                'next-1',
              ),
      });
      renderMine();
      expect(screen.getByRole('heading', { level: 1, name: 'My fundraisers' })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your pages…');
      await screen.findAllByTestId('fundraiser-card');
      expect(cards()).toHaveLength(2);
      expect(within(cards()[0] as HTMLElement).getByText('₹3,000 of ₹10,000 raised')).toBeVisible();
      expect(within(cards()[0] as HTMLElement).queryByText('Hidden by the charity')).not.toBeInTheDocument();
      expect(within(cards()[1] as HTMLElement).getByText('Hidden by the charity')).toBeVisible();
      expect(within(cards()[1] as HTMLElement).getByText('0 gifts · 20 days left')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Show more pages' }));
      expect(await screen.findByRole('link', { name: 'Bake sale for the charity' })).toHaveAttribute(
        'href',
        '/fundraisers/30',
      );
      expect(cards()).toHaveLength(3);
      expect(screen.queryByRole('button', { name: 'Show more pages' })).not.toBeInTheDocument();
      const first = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
      expect(first.searchParams.get('limit')).toBe('12');
    });

    it('says how to start when there is none yet', async () => {
      stubFetch({ 'GET /api/user/fundraisers': () => page([]) });
      renderMine();
      expect(await screen.findByText(/You have no fundraising pages yet/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Find a project to raise money for' })).toHaveAttribute(
        'href',
        '/explore',
      );
    });

    it('shows a failure in place with Try again', async () => {
      stubFetch({
        'GET /api/user/fundraisers': () => errorResponse(500, 'INTERNAL', 'Something went wrong.'),
      });
      renderMine();
      expect(
        await screen.findByText('Your pages could not be loaded.', {}, { timeout: 10_000 }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  });

  describe('a project’s pages', () => {
    const renderProject = () =>
      renderRoutes([{ path: '/projects/:id', element: <ProjectFundraisers projectId={1} /> }], '/projects/1');

    it('shows the first few, most raised first, and says when there are more', async () => {
      const many = Array.from({ length: 6 }, (_, index) =>
        fundraiserCardFixture({ id: index + 1, title: `Page ${index + 1}`, raised: (6 - index) * 10_000 }),
      );
      const fetchMock = stubFetch({ 'GET /api/project/1/fundraisers': () => page(many, 'more') });
      renderProject();
      await screen.findAllByTestId('fundraiser-card');
      expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(
        many.map((item) => item.title),
      );
      expect(screen.getByText('The 6 that raised most are shown.')).toBeVisible();
      expect(new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams.get('limit')).toBe('6');
    });

    it('invites the first page when there is none', async () => {
      stubFetch({ 'GET /api/project/1/fundraisers': () => page([]) });
      renderProject();
      expect(await screen.findByText(/No one is raising money for this project yet/)).toBeVisible();
    });
  });
});
