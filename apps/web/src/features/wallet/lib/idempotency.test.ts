import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { attemptFor, keepForRetry, newIdempotencyKey } from './idempotency';

describe('idempotency keys of submit attempts', () => {
  it('makes a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('reuses the key for the same request and makes a new one for another', () => {
    const first = attemptFor(null, { amount: 100 });
    expect(attemptFor(first, { amount: 100 })).toBe(first);
    const other = attemptFor(first, { amount: 200 });
    expect(other.key).not.toBe(first.key);
  });

  it('keeps the attempt only when the call may have gone through', () => {
    expect(keepForRetry(new ApiError(0, NETWORK_ERROR, 'Failed to fetch'))).toBe(true);
    expect(keepForRetry(new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'Provider down'))).toBe(true);
    expect(keepForRetry(new ApiError(409, 'PAYMENT_NOT_COMPLETE', 'Not complete'))).toBe(true);
    expect(keepForRetry(new ApiError(402, 'CARD_DECLINED', 'Declined'))).toBe(false);
    expect(keepForRetry(new ApiError(400, 'VALIDATION_FAILED', 'Bad'))).toBe(false);
    expect(keepForRetry(new DOMException('Aborted', 'AbortError'))).toBe(false);
    expect(keepForRetry(new Error('boom'))).toBe(true);
  });
});
