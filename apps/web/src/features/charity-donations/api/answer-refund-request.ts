import type { AnswerRefundRequestBody, Refund, RefundRequest } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RefundRequestWithGift } from './get-refund-requests';
import { useRefreshAfterRefund } from './refund-donation';

export interface AnswerRefundRequestInput {
  charityId: number;
  request: RefundRequestWithGift;
  body: AnswerRefundRequestBody;
  /** The answer's Idempotency-Key: accepting twice refunds once. */
  key: string;
}

export interface RefundRequestAnswer {
  refund_request: RefundRequest;
  refund: Refund | null;
}

/**
 * POST /charity/{id}/refund_requests/{requestId}: accept (what is left of the gift is refunded) or
 * decline with the reason the giver sees. Silent: the dialog shows the refusal.
 */
export function answerRefundRequest({
  charityId,
  request,
  body,
  key,
}: AnswerRefundRequestInput): Promise<RefundRequestAnswer> {
  return api.post<RefundRequestAnswer>(`/charity/${charityId}/refund_requests/${request.id}`, body, {
    silent: true,
    headers: { 'Idempotency-Key': key },
  });
}

/** Answers a request; the requests, the donation lists and the charity's funds are read again after. */
export function useAnswerRefundRequest() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: answerRefundRequest,
    onSettled: (_answer, _error, { request }) => refresh(request.donation),
  });
}
