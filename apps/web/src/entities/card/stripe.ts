import type { StripeError } from '@stripe/stripe-js';

/**
 * Something Stripe.js reported in the browser: a declined card, card details Stripe found
 * incomplete or invalid, or Stripe not answering. Its message is Stripe's own, written to be shown
 * to the person paying.
 */
export class StripePaymentError extends Error {
  override readonly name = 'StripePaymentError';
  readonly type: StripeError['type'];
  readonly code: string | undefined;

  constructor(error: Pick<StripeError, 'type' | 'code' | 'message'>) {
    super(error.message ?? 'The card could not be used. Check the details or try another card.');
    this.type = error.type;
    this.code = error.code;
  }

  /** The card was refused by its bank or by Stripe. */
  get declined(): boolean {
    return this.type === 'card_error';
  }

  /** Stripe.js found the typed card details incomplete or invalid (nothing was sent). */
  get invalidDetails(): boolean {
    return this.type === 'validation_error';
  }
}

export function isStripePaymentError(error: unknown): error is StripePaymentError {
  return error instanceof StripePaymentError;
}

/** Keyboard and screen-reader text of the card field while it is not complete. */
export const STRIPE_CARD_MESSAGES = {
  incomplete: 'Enter the card number, expiry date and security code.',
  notReady: 'The card form is not ready yet. Wait a moment and try again.',
} as const;
