import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectThanksThroughPage } from '@/testing/fundraisers';
import { bodyOfCall, errorResponse, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { sessionClearedAfterEachTest } from '@/testing/session';
import type { GuestGiveTarget } from '../lib/target';
import {
  callsTo,
  click,
  configRoute,
  DONATE,
  dialog,
  fillGiver,
  fillSandboxCard,
  guestAnswer,
  liveProject,
  renderGuestFlow,
} from '../testing/guest';

const throughPage: GuestGiveTarget = {
  kind: 'project',
  project: liveProject,
  fundraiser: { id: 21, title: 'Dana runs 10k for the river' },
};

function stubApi(donate: Route = () => jsonResponse(guestAnswer(), 201)) {
  return stubFetch({ 'GET /api/config': configRoute('sandbox'), [DONATE]: donate });
}

/** Types a gift through the page and confirms it. */
async function give() {
  renderGuestFlow(throughPage);
  await screen.findByRole('dialog', { name: /Give as a guest/ });
  expect(dialog().textContent).toContain('Through the page “Dana runs 10k for the river”.');
  await fillGiver();
  await fillSandboxCard();
  await click('Review');
  await within(dialog()).findByTestId('guest-review');
  await click('Confirm: give ₹250');
}

describe('giving as a guest through a fundraising page', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('names the page in the gift, and thanks with a link back and the page to share', async () => {
    const fetchMock = stubApi();
    await give();
    const thanks = await within(dialog()).findByTestId('guest-thank-you');
    expectThanksThroughPage(thanks);
    const [call] = callsTo(fetchMock, '/api/guest/donate/project/1');
    expect(bodyOfCall(call)).toMatchObject({ amount: 25_000, fundraiser_id: 21 });
  });

  it('says clearly that a page taken down takes no gifts', async () => {
    stubApi(() => errorResponse(409, 'FUNDRAISER_HIDDEN', 'Conflict.'));
    await give();
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        'The charity has taken this fundraising page down, so it takes no gifts. You can still give to Clean-up of the river banks on its own page.',
      ),
    );
  });
});
