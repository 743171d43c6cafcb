import { isApiError } from '@/lib/api-client';
import { attemptFor as attemptForKeyed } from '@/lib/idempotency';
import { isStripePaymentError } from './stripe';

export { newIdempotencyKey } from '@/lib/idempotency';

/**
 * One submit attempt of a money-moving form: its Idempotency-Key and what it sends. Submitting the
 * same request again after an unanswered try is a retry of the same attempt and reuses the key;
 * anything else is a new attempt with a new key.
 */
export interface Attempt {
  key: string;
  fingerprint: string;
  /** The payment the attempt opened, once the deposit call answered (its confirm is retried alone). */
  paymentId?: number;
  /** Stripe: the opened PaymentIntent's client secret, for paying it in the browser. */
  clientSecret?: string | null;
  /** Stripe: the browser has paid the opened payment; a retry only confirms it with the API. */
  paidInBrowser?: boolean;
  /** Stripe: the PaymentMethod made from the card for a direct debit, reused by a retry. */
  paymentMethodId?: string;
}

/** The attempt for a request: the previous one when it is a retry of the same request, else a new one. */
export function attemptFor(previous: Attempt | null, request: unknown): Attempt {
  return attemptForKeyed(previous, request);
}

/**
 * Whether a failed attempt may have moved money after all, so that trying again must reuse its key:
 * no answer, a server or gateway error, or a payment the provider has not finished; or a card that
 * Stripe.js refused, whose open payment the next try pays. A refusal by our API (a declined sandbox
 * card, invalid input) moved nothing: the next submit is a new attempt.
 */
export function keepForRetry(error: unknown): boolean {
  // Stripe refused the card in the browser: its payment stays open, and the next submit pays that
  // same payment (same key) rather than opening another.
  if (isStripePaymentError(error)) return true;
  if (!isApiError(error)) return !(error instanceof DOMException && error.name === 'AbortError');
  return error.status === 0 || error.status >= 500 || error.code === 'PAYMENT_NOT_COMPLETE';
}
