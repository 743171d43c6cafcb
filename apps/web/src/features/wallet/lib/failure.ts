import { isStripePaymentError } from '@/entities/card';
import { isApiError } from '@/lib/api-client';
import { keepForRetry } from './idempotency';

export interface FailureText {
  title: string;
  message: string;
}

/**
 * What a failed money call tells the person: the server's own message (a declined card says why),
 * plus, when the call may have gone through, that submitting again is safe.
 */
export function failureOf(error: unknown, title: string, retryNote: string): FailureText {
  // Stripe.js's messages are written to be shown to the person paying.
  if (isStripePaymentError(error)) {
    if (error.declined) return { title: 'Card declined', message: error.message };
    if (error.invalidDetails) return { title, message: error.message };
    return { title, message: `${error.message} ${retryNote}` };
  }
  if (!isApiError(error)) {
    return {
      title,
      message: `${error instanceof Error ? error.message : 'Something went wrong.'} ${retryNote}`,
    };
  }
  if (error.code === 'CARD_DECLINED') return { title: 'Card declined', message: error.message };
  if (error.status === 0) return { title, message: `The server could not be reached. ${retryNote}` };
  if (keepForRetry(error)) return { title, message: `${error.message} ${retryNote}` };
  return { title, message: error.message };
}
