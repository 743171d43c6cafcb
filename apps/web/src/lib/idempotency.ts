/** A fresh Idempotency-Key: a random UUID (domain.md §3: every money-moving call takes one). */
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
