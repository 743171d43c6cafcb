import { EmbedApiError } from './api';

/** One confirm of the gift: its Idempotency-Key, what it sends, and the payment it opened. */
export interface Attempt {
  key: string;
  fingerprint: string;
  /** The payment the donate call opened (its 202 answer): a retry finishes it rather than opening another. */
  payment?: { id: number; client_secret: string };
  /** Stripe: the browser paid the opened payment; a retry only confirms it with the API. */
  paidInBrowser?: boolean;
}

/** A fresh Idempotency-Key: a random UUID (from random bytes where randomUUID is missing). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed gift may have gone through after all, so that giving again must reuse its key
 * (the rule of every money form, decision 034): no answer, a server error, a payment not finished,
 * or Stripe refusing in the browser (the next try pays the payment already opened).
 */
export function mayHaveGoneThrough(error: unknown): boolean {
  if (!(error instanceof EmbedApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === 'PAYMENT_NOT_COMPLETE';
}

/**
 * The form's attempts (decision 034): the same gift sent again after a failure that may have gone
 * through keeps its key, so it is made once; a changed gift, or any gift after a refusal or an
 * answer, gets a new key.
 */
export function keyedAttempts() {
  let current: Attempt | null = null;
  return {
    next(request: unknown): Attempt {
      const fingerprint = JSON.stringify(request);
      if (!current || current.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      return current;
    },
    answered() {
      current = null;
    },
    failed(error: unknown) {
      if (!mayHaveGoneThrough(error)) current = null;
    },
  };
}
