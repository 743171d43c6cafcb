import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOfCall, jsonResponse, stubFetch } from '@/testing/http';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, cardElement, resetStripeDouble, stripeJs } from '@/testing/stripe';
import {
  bankStepAnswer,
  callsTo,
  click,
  configRoute,
  DONATE,
  dialog,
  fillGiver,
  guestAnswer,
  posts,
  renderGuestFlow,
  typeInto,
} from '../testing/guest';

// Stripe.js is outside our walls: the test double stands in at the module boundary.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

const SECRET = 'pi_test_55_secret_abc';
const DONATE_PATH = '/api/guest/donate/project/1';

function stubApi() {
  return stubFetch({
    'GET /api/config': configRoute('stripe'),
    [DONATE]: () => jsonResponse(bankStepAnswer(SECRET), 202),
    'POST /api/guest/payment/55/confirm': () => jsonResponse(guestAnswer(), 201),
  });
}

async function reviewWithStripe(card = 'complete') {
  renderGuestFlow();
  await fillGiver();
  await typeInto(CARD_DOUBLE_LABEL, card);
  await click('Review');
}

describe('giving as a guest with Stripe', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStripeDouble();
  });
  sessionClearedAfterEachTest();

  it('sends no card to our API: the browser pays the opened payment with Stripe, then the gift is confirmed', async () => {
    const fetchMock = stubApi();
    await reviewWithStripe();
    expect((await within(dialog()).findByTestId('guest-review')).textContent).toContain('Paid byYour card');
    await click('Confirm: give ₹250');
    const thanks = await within(dialog()).findByTestId('guest-thank-you');
    expect(thanks.textContent).toContain('Your receipt KR-2026-000091 is on its way to gina@example.org.');
    expect(bodyOfCall(callsTo(fetchMock, DONATE_PATH)[0])).toEqual({
      email: 'gina@example.org',
      first_name: 'Gina',
      last_name: 'Guest',
      amount: 25_000,
    });
    expect(stripeJs.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: { card: cardElement },
    });
    expect(posts(fetchMock)).toEqual([DONATE_PATH, '/api/guest/payment/55/confirm']);
    expect(bodyOfCall(callsTo(fetchMock, '/api/guest/payment/55/confirm')[0])).toEqual({
      client_secret: SECRET,
    });
  });

  it('asks for the whole card before the review', async () => {
    stubApi();
    await reviewWithStripe('4242');
    expect(
      await within(dialog()).findByText('Enter the card number, expiry date and security code.'),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByTestId('guest-review')).not.toBeInTheDocument();
    expect(cardElement.focus).toHaveBeenCalled();
  });

  it('shows a card Stripe declines beside the card, and pays the same payment with the next card', async () => {
    const fetchMock = stubApi();
    stripeJs.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await reviewWithStripe();
    await click('Confirm: give ₹250');
    expect(await within(dialog()).findByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(cardElement.focus).toHaveBeenCalled());
    expect(screen.queryByTestId('guest-review')).not.toBeInTheDocument();

    await click('Review');
    await click('Confirm: give ₹250');
    await within(dialog()).findByTestId('guest-thank-you');
    // One payment opened: the retry paid it with the card typed now.
    expect(callsTo(fetchMock, DONATE_PATH)).toHaveLength(1);
    expect(stripeJs.confirmCardPayment).toHaveBeenCalledTimes(2);
  });
});
