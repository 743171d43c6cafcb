import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { donateAnswer, liveProject, wallet } from '@/features/giving/testing/fixtures';
import { charityFixture, projectSummaryFixture } from '@/testing/fixtures';
import { fundraiserCardFixture, fundraiserDonationFixture, fundraiserFixture } from '@/testing/fundraisers';
import { configRoute, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { PublicCharityRoute, PublicProjectRoute } from './explore.routes';
import { FundraiserRoute } from './fundraiser-screens';

const none = () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null });

describe('fundraising pages among the public pages', { timeout: 40_000 }, () => {
  sessionClearedAfterEachTest();

  it('a gift through a page moves its progress and its wall', async () => {
    signInWith();
    let raised = 300_000;
    let gifts = 4;
    stubFetch({
      'GET /api/config': configRoute(),
      // Far ahead, so the page is open whatever today is.
      'GET /api/fundraiser/21': () =>
        jsonResponse(fundraiserFixture({ raised, gifts, end_date: '2099-12-31' })),
      'GET /api/fundraiser/21/updates': none,
      'GET /api/fundraiser/21/donations': () =>
        jsonResponse({
          items:
            gifts > 4
              ? [fundraiserDonationFixture({ name: 'Dana Donor', amount: 25_000, message: null })]
              : [],
          next_cursor: null,
          prev_cursor: null,
        }),
      'GET /api/project/1': () => jsonResponse(liveProject),
      'GET /api/user/wallet': () => jsonResponse(wallet()),
      'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null, previous: null }),
      'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
      'POST /api/user/donate/project/1': () => {
        raised += 25_000;
        gifts += 1;
        return jsonResponse(donateAnswer(), 201);
      },
    });
    renderRoutes([{ path: '/fundraisers/:id', element: <FundraiserRoute /> }], '/fundraisers/21');
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(within(progress).getByText('₹3,000 of ₹10,000 raised')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Give' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '₹250' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm: give ₹250' }));
    await within(dialog).findByTestId('give-confirmation');
    await waitFor(() => expect(within(progress).getByText('₹3,250 of ₹10,000 raised')).toBeVisible());
    expect(within(progress).getByText(/^5 gifts/)).toBeVisible();
    const wall = await screen.findByRole('list', { name: 'Gifts through this page' });
    expect(wall.textContent).toContain('Dana Donor gave ₹250');
  });

  it('a Live project lists its pages, and a visitor starting one signs in first', async () => {
    stubFetch({
      'GET /api/project/1': () => jsonResponse(liveProject),
      'GET /api/project/1/summary': () => jsonResponse(projectSummaryFixture()),
      'GET /api/project/updates/1': none,
      'GET /api/project/1/impact': () => jsonResponse({ items: [] }),
      'GET /api/project/1/images': () => jsonResponse({ items: [] }),
      'GET /api/project/1/documents': () => jsonResponse({ items: [] }),
      'GET /api/project/1/all-donations': none,
      'GET /api/project/1/fundraisers': () =>
        jsonResponse({ items: [fundraiserCardFixture()], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes([{ path: '/projects/:id', element: <PublicProjectRoute /> }], '/projects/1');
    const section = await screen.findByRole('region', { name: 'Fundraisers' });
    expect(await within(section).findByRole('link', { name: 'Dana runs 10k for the river' })).toHaveAttribute(
      'href',
      '/fundraisers/21',
    );
    expect(within(section).getByRole('link', { name: 'Start a fundraiser' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/fundraisers/new?project=1')}`,
    );
  });

  it('a charity’s page offers a signed-in person to start a page for it', async () => {
    signInWith();
    stubFetch({
      'GET /api/charity/3': () => jsonResponse(charityFixture({ id: 3, name: 'River Trust' })),
      'GET /api/explore/project/list': none,
    });
    renderRoutes([{ path: '/charities/:id', element: <PublicCharityRoute /> }], '/charities/3');
    const section = await screen.findByRole('region', { name: 'Raise money for it' });
    expect(within(section).getByRole('link', { name: 'Start a fundraiser' })).toHaveAttribute(
      'href',
      '/fundraisers/new?charity=3',
    );
  });
});
