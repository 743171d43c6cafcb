import { isStripePaymentError } from '@/entities/card';
import { type KeyedAttempt, mayHaveGoneThrough } from '@/lib/idempotency';

/** One confirm of the guest's gift: its Idempotency-Key, what it sends, and the payment it opened. */
export interface GuestAttempt extends KeyedAttempt {
  /** The payment the donate call opened (its 202 answer): a retry finishes it rather than opening another. */
  payment?: { id: number; client_secret: string };
  /** Stripe: the browser has paid the opened payment; a retry only confirms it with the API. */
  paidInBrowser?: boolean;
}

/**
 * Whether a failed attempt is kept for a retry with its key: when the call may have gone through,
 * or Stripe refused the card in the browser (the next try pays the payment already opened).
 */
export function keepForRetry(error: unknown): boolean {
  return isStripePaymentError(error) || mayHaveGoneThrough(error);
}
