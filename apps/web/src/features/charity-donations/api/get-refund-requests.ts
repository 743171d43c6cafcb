import type { Donation, Page, RefundRequest } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { DONATIONS_PAGE_SIZE, donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

/** A giver's request for a refund, with the gift it is about. */
export type RefundRequestWithGift = RefundRequest & { donation: Donation };

export type RefundRequestStatus = RefundRequest['status'];

/** GET /charity/{id}/refund_requests?status=: one keyset page, newest first. Quiet: the section shows a failure in place. */
export function getRefundRequests(
  charityId: number,
  status: RefundRequestStatus,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<RefundRequestWithGift>> {
  return api.get<Page<RefundRequestWithGift>>(`/charity/${charityId}/refund_requests`, {
    query: { status, limit: DONATIONS_PAGE_SIZE, cursor },
    signal,
    silent: true,
  });
}

/**
 * The charity's refund requests, under the donation entity's key: a refund, or acting on donations,
 * refreshes them with every donation list.
 */
export const refundRequestQueries = {
  key: (charityId: number) => donationQueries.key('charity', charityId, 'refund-requests'),
  list: (charityId: number, status: RefundRequestStatus) =>
    infiniteQueryOptions({
      queryKey: [...refundRequestQueries.key(charityId), status] as const,
      queryFn: ({ pageParam, signal }) => getRefundRequests(charityId, status, pageParam, signal),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
};
