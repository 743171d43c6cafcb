import type { ProjectSummary } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { donateAnswer, liveProject, wallet } from '@/features/giving/testing/fixtures';
import { charityFixture, projectSummaryFixture } from '@/testing/fixtures';
import { bodyOfCall, configRoute, headersOf, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { PublicCharityRoute, PublicProjectRoute } from './explore.routes';

const YEAR = String(new Date().getFullYear() + 2);
const none = () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null });
const summary = (funds_raised: number): ProjectSummary =>
  projectSummaryFixture({ funds_raised, funds_held: funds_raised });
/** The API of the public page, the wallet with too little in it, the sandbox's cards and giving. */
function stubApi() {
  const balance = 10_000;
  let raised = 300_000;
  const fetchMock = stubFetch({
    'GET /api/config': configRoute(),
    'GET /api/project/1': () => jsonResponse({ ...liveProject, funds_raised: raised }),
    'GET /api/project/1/summary': () => jsonResponse(summary(raised)),
    'GET /api/project/updates/1': none,
    'GET /api/project/1/impact': () => jsonResponse({ items: [] }),
    'GET /api/project/1/images': () => jsonResponse({ items: [] }),
    'GET /api/project/1/documents': () => jsonResponse({ items: [] }),
    'GET /api/user/wallet': () => jsonResponse(wallet(balance)),
    'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null, previous: null }),
    'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
    'POST /api/user/donate/project/1': () => {
      raised += 25_000;
      return jsonResponse(donateAnswer({ wallet: wallet(balance) }), 201);
    },
    'GET /api/charity/3': () => jsonResponse(charityFixture()),
    'GET /api/explore/projects': none,
    'POST /api/user/donate/charity/3': () =>
      jsonResponse(donateAnswer({ wallet: wallet(balance - 5_000) }), 201),
  });
  return fetchMock;
}

describe('giving from the public pages', { timeout: 40_000 }, () => {
  signedInForEachTest();

  it('pays by card when the wallet is short, in the same confirm, and the progress moves', async () => {
    const fetchMock = stubApi();
    renderRoutes([{ path: '/projects/:id', element: <PublicProjectRoute /> }], '/projects/1');
    expect(await screen.findByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Give funds' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '₹250' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));

    // ₹100 in the wallet, ₹250 to give: the card pays instead, no top-up first.
    expect(await within(dialog).findByText('Your wallet is short')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm: give ₹250' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay by card instead' }));
    const type = async (label: string, value: string) => {
      await userEvent.click(await within(dialog).findByLabelText(label));
      await userEvent.paste(value);
    };
    await type('Card number', '4242 4242 4242 4242');
    await type('Expiry month', '12');
    await type('Expiry year', YEAR);
    await type('Security code', '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm: pay ₹250 by card' }));
    expect(await screen.findByText('Successfully donated!')).toBeInTheDocument();
    // The project's counters are read again: the progress shows the gift.
    expect(await screen.findByText('₹3,250 of ₹10,000 raised')).toBeInTheDocument();

    const posts = fetchMock.mock.calls.filter(
      (call) => (call[1] as RequestInit | undefined)?.method === 'POST',
    );
    // One call: the card and the gift together.
    expect(posts.map(pathOfCall)).toEqual(['/api/user/donate/project/1']);
    expect(bodyOfCall(posts[0])).toMatchObject({
      source: 'card',
      card: { number: '4242424242424242' },
    });
    expect(headersOf(posts[0]?.[1] as RequestInit)['Idempotency-Key']).toBeTruthy();
  });

  it('gives directly to a charity from its page', async () => {
    const fetchMock = stubApi();
    renderRoutes([{ path: '/charities/:id', element: <PublicCharityRoute /> }], '/charities/3');
    const section = await screen.findByRole('region', { name: 'Support this charity' });
    await userEvent.click(within(section).getByRole('button', { name: 'Give funds' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await userEvent.click(within(dialog).getByLabelText('Amount'));
    await userEvent.paste('50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect((await within(dialog).findByTestId('give-review')).textContent).toContain('River Trust');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm: give ₹50' }));
    expect(await screen.findByText('Successfully donated!')).toBeInTheDocument();
    const donate = fetchMock.mock.calls.find((call) => pathOfCall(call) === '/api/user/donate/charity/3');
    expect(JSON.parse(String((donate?.[1] as RequestInit | undefined)?.body))).toEqual({
      type: 2,
      amount: 5_000,
      source: 'wallet',
    });
  });
});
