import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentMethodFixture } from '@/testing/fixtures';
import { bodyOfCall, errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, cardElement, resetStripeDouble, stripeJs } from '@/testing/stripe';
import { paste } from '@/testing/user';
import { SavedCardsSection } from './saved-cards-section';

// Stripe.js is outside our walls: the test double stands in at the module boundary.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

const VISA = paymentMethodFixture();

async function submitStripeCard() {
  renderWithProviders(
    <SavedCardsSection
      owner={{ type: 'user' }}
      currency="INR"
      provider="stripe"
      stripePublishableKey="pk_test_x"
    />,
  );
  const form = screen.getByRole('form', { name: 'Add a card' });
  expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();
  await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), 'complete');
  await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
  return form;
}

describe('saved cards section with Stripe Elements', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetStripeDouble();
  });
  signedInForEachTest();

  it('saves the PaymentMethod Elements made from the card, and no card number', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
      'POST /api/user/payment_methods': () => jsonResponse({ payment_method: VISA }, 201),
    });
    await submitStripeCard();

    expect(await screen.findByText('Card saved')).toBeInTheDocument();
    expect(toastTexts()).toContainEqual({
      title: 'Card saved',
      message: 'Visa ending 4242 is saved as the default card.',
    });
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: cardElement });
    const post = fetchMock.mock.calls.find((call) => call[1]?.method === 'POST');
    expect(bodyOfCall(post)).toEqual({ provider_method_id: 'pm_test_visa', make_default: false });
    expect(cardElement.clear).toHaveBeenCalled();
  });

  it('shows a refusal of the card above the button, focused, as the form has no card fields of its own', async () => {
    stubFetch({
      'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
      'POST /api/user/payment_methods': () =>
        errorResponse(409, 'TOO_MANY_CARDS', 'You can keep at most 10 cards. Remove one first.', {
          fields: { card: 'At most 10 cards.' },
        }),
    });
    const form = await submitStripeCard();

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The card was not saved');
    expect(alert.textContent).toContain('You can keep at most 10 cards. Remove one first.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByText('Card saved')).not.toBeInTheDocument();
  });
});
