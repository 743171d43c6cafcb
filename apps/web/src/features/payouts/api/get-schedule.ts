import type { PayoutSchedule } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { charityPayoutsKey } from './keys';

/** GET /charity/{id}/payout_schedule: weekly, monthly or by hand only, and the next date. Quiet. */
export function getSchedule(charityId: number): Promise<PayoutSchedule> {
  return api.get<PayoutSchedule>(`/charity/${charityId}/payout_schedule`, { silent: true });
}

export const scheduleQuery = (charityId: number) =>
  queryOptions({
    queryKey: [...charityPayoutsKey(charityId), 'schedule'] as const,
    queryFn: () => getSchedule(charityId),
  });
