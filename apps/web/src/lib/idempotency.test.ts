import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-client';
import { attemptFor, mayHaveGoneThrough, newIdempotencyKey, useKeyedAttempts } from './idempotency';

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

  it('says a call may have gone through only without an answer or on a server error', () => {
    expect(mayHaveGoneThrough(new ApiError(0, NETWORK_ERROR, 'Failed to fetch'))).toBe(true);
    expect(mayHaveGoneThrough(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down'))).toBe(true);
    expect(mayHaveGoneThrough(new ApiError(409, 'INSUFFICIENT_FUNDS', 'Not enough'))).toBe(false);
    expect(mayHaveGoneThrough(new ApiError(400, 'VALIDATION_FAILED', 'Bad'))).toBe(false);
    expect(mayHaveGoneThrough(new DOMException('Aborted', 'AbortError'))).toBe(false);
  });

  it('a form keeps its key for a retry after no answer, and takes a new one after a refusal or an answer', () => {
    const { result, rerender } = renderHook(() => useKeyedAttempts());
    const first = result.current.next({ amount: 100 });
    result.current.failed(new ApiError(0, NETWORK_ERROR, 'Failed to fetch'));
    rerender();
    expect(result.current.next({ amount: 100 }).key).toBe(first.key);
    result.current.failed(new ApiError(409, 'INSUFFICIENT_FUNDS', 'Not enough'));
    const again = result.current.next({ amount: 100 });
    expect(again.key).not.toBe(first.key);
    result.current.answered();
    expect(result.current.next({ amount: 100 }).key).not.toBe(again.key);
  });
});
