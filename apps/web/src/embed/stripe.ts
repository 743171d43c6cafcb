/**
 * With Stripe (GET /api/config says so): Stripe's Card Element, mounted without React, and the
 * payment it confirms. Loaded on demand by the card field (StripeCardField), so the sandbox's
 * page never loads it; the `pure` entry adds Stripe.js's script only when loadStripe is called.
 */
import type { StripeCardElement, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** Something Stripe.js refused in the browser: a declined card, or details it found invalid. */
export class StripeRefusal extends Error {
  override readonly name = 'StripeRefusal';
  readonly type: StripeError['type'];
  constructor(error: Pick<StripeError, 'type' | 'message'>) {
    super(error.message ?? 'The card could not be used. Check the details or try another card.');
    this.type = error.type;
  }
  /** The card was refused, or its details: the message belongs beside the card. */
  get aboutTheCard(): boolean {
    return this.type === 'card_error' || this.type === 'validation_error';
  }
}

/** What the card field last reported: complete, or Stripe's message about what is wrong. */
export interface StripeCardState {
  complete: boolean;
  error: string | null;
}

/** The mounted card: pays an opened payment with it, takes the focus, goes away. */
export interface StripeCardControl {
  /** Pays the opened PaymentIntent; Stripe shows its own 3-D Secure step when the bank asks. */
  confirm(clientSecret: string): Promise<void>;
  focus(): void;
  destroy(): void;
}

/** Stripe's frame cannot read our CSS: the page's text, placeholder and error colours. */
const STYLE = {
  base: {
    color: '#1a1b1e',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: '16px',
    '::placeholder': { color: '#6b6f76' },
  },
  invalid: { color: '#c92a2a', iconColor: '#c92a2a' },
};

export async function mountStripeCard(
  publishableKey: string,
  into: HTMLElement,
  onChange: (state: StripeCardState) => void,
): Promise<StripeCardControl> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this browser.');
  const card: StripeCardElement = stripe.elements().create('card', { style: STYLE });
  card.on('change', (event) => onChange({ complete: event.complete, error: event.error?.message ?? null }));
  card.mount(into);
  return {
    async confirm(clientSecret) {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (!result.error) return;
      // An earlier try paid it already (its answer got lost): nothing is left to do here.
      const status = result.error.payment_intent?.status;
      if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return;
      throw new StripeRefusal(result.error);
    },
    focus: () => card.focus(),
    destroy: () => card.destroy(),
  };
}
