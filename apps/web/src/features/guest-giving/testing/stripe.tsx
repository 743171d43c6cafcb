/**
 * A stand-in for Stripe.js and React Stripe.js in this feature's tests (as the wallet's tests have
 * theirs): Stripe's servers and its script are outside our walls. Test files swap the real modules:
 *
 *   vi.mock('@stripe/stripe-js/pure', async () => (await import('../testing/stripe')).stripeJsModule);
 *   vi.mock('@stripe/react-stripe-js', async () => (await import('../testing/stripe')).reactStripeModule);
 *
 * The Card Element becomes one text box ("Card (Stripe test double)"): typing `complete` makes the
 * card complete, anything else is incomplete.
 */
import { vi } from 'vitest';

export const CARD_DOUBLE_LABEL = 'Card (Stripe test double)';

/** The Stripe instance loadStripe resolves to. */
export const stripeJs = { confirmCardPayment: vi.fn(), createPaymentMethod: vi.fn() };

/** The mounted Card Element, as `elements.getElement(CardElement)` returns it. */
export const cardElement = { focus: vi.fn(), clear: vi.fn() };

export const loadStripe = vi.fn();

/** Back to a Stripe that loads and pays without complaint. */
export function resetStripeDouble() {
  for (const fn of [
    stripeJs.confirmCardPayment,
    stripeJs.createPaymentMethod,
    cardElement.focus,
    cardElement.clear,
  ])
    fn.mockReset();
  loadStripe.mockReset();
  loadStripe.mockImplementation(async () => stripeJs);
  stripeJs.confirmCardPayment.mockImplementation(async (clientSecret: string) => ({
    paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' },
  }));
}

/** `@stripe/stripe-js/pure` */
export const stripeJsModule = { loadStripe };

/** `@stripe/react-stripe-js` */
export const reactStripeModule = {
  Elements: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  CardElement: ({ onChange }: { onChange?: (event: { complete: boolean; empty: boolean }) => void }) => (
    <input
      aria-label={CARD_DOUBLE_LABEL}
      onChange={(event) =>
        onChange?.({ complete: event.target.value === 'complete', empty: event.target.value === '' })
      }
    />
  ),
  useStripe: () => stripeJs,
  useElements: () => ({ getElement: () => cardElement }),
};
