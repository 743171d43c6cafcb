import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { keepForRetry } from './idempotency';

describe('which failed card attempts keep their key', () => {
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
