import { useRef } from 'react';
import { isApiError } from './api-client';

/** A fresh Idempotency-Key: a random UUID (every money-moving call takes one; docs/decisions/034). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One submit attempt of a money-moving form: its Idempotency-Key and what it sends. */
export interface KeyedAttempt {
  key: string;
  fingerprint: string;
}

/**
 * The attempt for a request: the previous one when it is a retry of the same request (same
 * fingerprint), so it reuses the key; anything else is a new attempt with a new key.
 */
export function attemptFor<A extends KeyedAttempt>(previous: A | null, request: unknown): A | KeyedAttempt {
  const fingerprint = JSON.stringify(request);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newIdempotencyKey(), fingerprint };
}

/**
 * Whether a failed money call may have moved money after all, so that trying again must reuse its
 * key: no answer, a server or gateway error, a payment the provider has not finished. A refusal by
 * our API (not enough money, invalid input, a declined sandbox card) moved nothing: the next submit
 * is a new operation with a new key, even when nothing was changed (the refusal is kept with the
 * old key, and what refused it may have changed since).
 */
export function mayHaveGoneThrough(error: unknown): boolean {
  if (!isApiError(error)) return !(error instanceof DOMException && error.name === 'AbortError');
  return error.status === 0 || error.status >= 500 || error.code === 'PAYMENT_NOT_COMPLETE';
}

/** The submit attempts of one money form (`useKeyedAttempts`). */
export interface KeyedAttempts<A extends KeyedAttempt> {
  /** The attempt for this request: the kept one when it is a retry of the same request, else a new one. */
  next(request: unknown): A;
  /** The call was answered: the attempt is over, the next submit is a new operation. */
  answered(): void;
  /** The call failed: the attempt is kept for a retry only when the call may have gone through. */
  failed(error: unknown): void;
}

/**
 * The one way a money form keys its calls (docs/decisions/034): a key belongs to one intended
 * operation. The same request sent again after a failure that may have gone through (no answer,
 * a 5xx) keeps its key, so it is done once; a changed request, or any request after a refusal or
 * a success, gets a new key. `keep` says which failures keep the attempt (default:
 * `mayHaveGoneThrough`; the card forms add Stripe's own).
 */
export function useKeyedAttempts<A extends KeyedAttempt = KeyedAttempt>(
  keep: (error: unknown) => boolean = mayHaveGoneThrough,
): KeyedAttempts<A> {
  const current = useRef<A | null>(null);
  const keepRef = useRef(keep);
  keepRef.current = keep;
  const attempts = useRef<KeyedAttempts<A> | null>(null);
  attempts.current ??= {
    next(request) {
      const attempt = attemptFor(current.current, request) as A;
      current.current = attempt;
      return attempt;
    },
    answered() {
      current.current = null;
    },
    failed(error) {
      if (!keepRef.current(error)) current.current = null;
    },
  };
  return attempts.current;
}
