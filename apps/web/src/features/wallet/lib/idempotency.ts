import { isStripePaymentError } from '@/entities/card';
import { type KeyedAttempt, mayHaveGoneThrough } from '@/lib/idempotency';

export { newIdempotencyKey } from '@/lib/idempotency';

/**
 * One submit attempt of a card form: its Idempotency-Key and what it sends (`useKeyedAttempts`),
 * with what a retry of the same attempt reuses.
 */
export interface Attempt extends KeyedAttempt {
  /** The payment the attempt opened, once the deposit call answered (its confirm is retried alone). */
  paymentId?: number;
  /** Stripe: the opened PaymentIntent's client secret, for paying it in the browser. */
  clientSecret?: string | null;
  /** Stripe: the browser has paid the opened payment; a retry only confirms it with the API. */
  paidInBrowser?: boolean;
  /** Stripe: the PaymentMethod made from the card for a direct debit, reused by a retry. */
  paymentMethodId?: string;
}

/**
 * Whether a failed card attempt must be retried with its key: when the call may have gone through
 * (`mayHaveGoneThrough`), or a card that Stripe.js refused, whose open payment the next try pays
 * (same key) rather than opening another.
 */
export function keepForRetry(error: unknown): boolean {
  return isStripePaymentError(error) || mayHaveGoneThrough(error);
}
