import { ADMIN_TYPE } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectThanksThroughPage } from '@/testing/fundraisers';
import {
  bodyOfCall,
  configRoute,
  errorResponse,
  jsonResponse,
  pathOfCall,
  type Route,
  stubFetch,
} from '@/testing/http';
import { signInToAcme } from '@/testing/organisation';
import { renderRoutes, textsOf } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { paste } from '@/testing/user';
import type { GiveTarget } from '../lib/target';
import { donateAnswer, liveProject, wallet } from '../testing/fixtures';
import { GiveActions, type GiveActionsProps } from './give-actions';

const PAGE = { id: 21, title: 'Dana runs 10k for the river' };
/** The project's page through Dana's fundraising page; the project asks for every kind of giving. */
const throughPage: GiveTarget = { kind: 'project', project: liveProject, fundraiser: PAGE };

/** A stand-in for the guest flow: it says what it was opened for. */
const guestSlot: NonNullable<GiveActionsProps['renderGuestGive']> = ({ target }) => (
  <div role="dialog" aria-label="Guest flow">
    {`Guest gift through ${target.fundraiser?.title ?? 'no page'}`}
  </div>
);

function renderPage(target: GiveTarget = throughPage) {
  return renderRoutes(
    [
      {
        path: '/fundraisers/:id',
        element: <GiveActions target={target} renderGuestGive={guestSlot} />,
      },
    ],
    '/fundraisers/21',
  );
}

function stubApi(donate: Route = () => jsonResponse(donateAnswer(), 201)) {
  return stubFetch({
    'GET /api/user/wallet': () => jsonResponse(wallet()),
    'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null, previous: null }),
    'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
    'GET /api/config': configRoute(),
    'POST /api/user/donate/project/1': donate,
    'POST /api/user/donate/charity/3': donate,
  });
}

const dialog = () => screen.getByRole('dialog');
const click = (name: string | RegExp) => userEvent.click(within(dialog()).getByRole('button', { name }));

/** Gives ₹250 from the wallet through the page, up to the confirm. */
async function giveThroughPage() {
  await userEvent.click(screen.getByRole('button', { name: 'Give' }));
  await screen.findByRole('dialog', {}, { timeout: 5_000 });
  await paste(within(dialog()).getByLabelText('Amount', { selector: 'input' }), '250');
  await click('Review');
  await click('Confirm: give ₹250');
}

describe('giving through a fundraising page', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('offers a visitor the guest’s gift first, and signing in that comes back to the page', async () => {
    renderPage();
    const section = screen.getByRole('region', { name: 'Give through this page' });
    expect(section.textContent).toContain(
      'Your gift goes to Clean-up of the river banks and counts toward this page.',
    );
    // The guest's gift comes first and stands out; signing in comes back to the page's flow.
    expect(textsOf(within(section).getAllByRole('button'))).toEqual(['Give as a guest']);
    expect(within(section).getByRole('button', { name: 'Give as a guest' })).toHaveAttribute(
      'data-variant',
      'filled',
    );
    expect(textsOf(within(section).getAllByRole('link'))).toEqual(['Sign in and give']);
    expect(within(section).getByRole('link', { name: 'Sign in and give' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/fundraisers/21?give=2')}`,
    );
    // No time, skills or goods through a page, though the project asks for them.
    expect(within(section).queryByRole('button', { name: 'Volunteer' })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Give as a guest' }));
    expect(screen.getByRole('dialog', { name: 'Guest flow' })).toHaveTextContent(
      'Guest gift through Dana runs 10k for the river',
    );
  });

  it('gives funds once, naming the page, and thanks with a link back and the page to share', async () => {
    signInWith();
    const fetchMock = stubApi();
    renderPage();
    const section = screen.getByRole('region', { name: 'Give through this page' });
    expect(textsOf(within(section).getAllByRole('button'))).toEqual(['Give']);
    await userEvent.click(within(section).getByRole('button', { name: 'Give' }));
    await screen.findByRole(
      'dialog',
      { name: 'Give funds: Clean-up of the river banks' },
      { timeout: 5_000 },
    );
    expect(dialog().textContent).toContain('Through the page “Dana runs 10k for the river”, once.');
    // Once only: no recurring gift is offered.
    expect(within(dialog()).queryByText('How often')).not.toBeInTheDocument();
    expect(within(dialog()).queryByLabelText('Recurring')).not.toBeInTheDocument();
    await paste(within(dialog()).getByLabelText('Amount', { selector: 'input' }), '250');
    await click('Review');
    await click('Confirm: give ₹250');
    const thanks = await within(dialog()).findByTestId('give-confirmation');
    expectThanksThroughPage(thanks);
    const call = fetchMock.mock.calls.find((c) => pathOfCall(c) === '/api/user/donate/project/1');
    expect(bodyOfCall(call)).toEqual({ type: 2, amount: 25_000, source: 'wallet', fundraiser_id: 21 });
  });

  it('gives as the person, not the organisation they act for', async () => {
    signInToAcme(ADMIN_TYPE.superAdmin);
    const fetchMock = stubApi();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Give' }));
    await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(within(dialog()).queryByText('Give as')).not.toBeInTheDocument();
    await paste(within(dialog()).getByLabelText('Amount', { selector: 'input' }), '250');
    await click('Review');
    await click('Confirm: give ₹250');
    await within(dialog()).findByTestId('give-confirmation');
    expect(fetchMock.mock.calls.map(pathOfCall)).toContain('/api/user/donate/project/1');
  });

  it('says clearly when the page has ended or was taken down', async () => {
    signInWith();
    let code = 'FUNDRAISER_ENDED';
    stubApi(() => errorResponse(409, code, 'Conflict.'));
    renderPage({ kind: 'charity', charity: { id: 3, name: 'River Trust' }, fundraiser: PAGE });
    await giveThroughPage();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'This fundraising page has ended, so it takes no more gifts. You can still give to River Trust on its own page.',
    );
    code = 'FUNDRAISER_HIDDEN';
    await click('Confirm: give ₹250');
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        'The charity has taken this fundraising page down, so it takes no gifts.',
      ),
    );
  });
});
