/**
 * A stand-in for Stripe.js and React Stripe.js in every `*.stripe.test.tsx`: Stripe's servers and its
 * script are outside our walls. Test files swap the real modules for these at the module boundary
 * (and call `resetStripeDouble()` before each test):
 *
 *   vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
 *   vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);
 *
 * The Card Element becomes one text box ("Card (Stripe test double)"): typing `complete` makes the
 * card complete, `invalid` makes Stripe report a bad card number, anything else is incomplete.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';

export const CARD_DOUBLE_LABEL = 'Card (Stripe test double)';
export const INVALID_NUMBER_MESSAGE = 'Your card number is invalid.';

/** The Stripe instance loadStripe resolves to. */
export const stripeJs = {
  confirmCardPayment: vi.fn(),
  createPaymentMethod: vi.fn(),
};

/** The mounted Card Element, as `elements.getElement(CardElement)` returns it. */
export const cardElement = {
  focus: vi.fn(),
  clear: vi.fn(),
};

export const loadStripe = vi.fn();

/** Back to a Stripe that loads, pays and makes PaymentMethods without complaint. */
export function resetStripeDouble() {
  for (const fn of [
    stripeJs.confirmCardPayment,
    stripeJs.createPaymentMethod,
    cardElement.focus,
    cardElement.clear,
  ]) {
    fn.mockReset();
  }
  loadStripe.mockReset();
  loadStripe.mockImplementation(async () => stripeJs);
  stripeJs.confirmCardPayment.mockImplementation(async (clientSecret: string) => ({
    paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' },
  }));
  stripeJs.createPaymentMethod.mockImplementation(async () => ({
    paymentMethod: { id: 'pm_test_visa', card: { last4: '4242' } },
  }));
}

/** `@stripe/stripe-js/pure` */
export const stripeJsModule = { loadStripe };

function cardChange(value: string) {
  return {
    elementType: 'card',
    empty: value === '',
    complete: value === 'complete',
    error:
      value === 'invalid'
        ? { type: 'validation_error', code: 'invalid_number', message: INVALID_NUMBER_MESSAGE }
        : undefined,
  };
}

/** `@stripe/react-stripe-js` */
export const reactStripeModule = {
  Elements: ({ stripe, children }: { stripe: unknown; children: ReactNode }) => (
    <div data-stripe-elements={stripe === stripeJs ? 'loaded' : 'other'}>{children}</div>
  ),
  CardElement: ({ onChange }: { onChange?: (event: ReturnType<typeof cardChange>) => void }) => (
    <input aria-label={CARD_DOUBLE_LABEL} onChange={(event) => onChange?.(cardChange(event.target.value))} />
  ),
  useStripe: () => stripeJs,
  useElements: () => ({ getElement: () => cardElement }),
};
