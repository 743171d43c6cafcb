import type { PayoutSchedule } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';
import { scheduleQuery } from './get-schedule';

export interface SetScheduleInput {
  charityId: number;
  frequency: PayoutSchedule['frequency'];
}

/** PUT /charity/{id}/payout_schedule: all that is available paid out weekly or monthly, or by hand only (null). */
export function setSchedule({ charityId, frequency }: SetScheduleInput): Promise<PayoutSchedule> {
  return api.put<PayoutSchedule>(`/charity/${charityId}/payout_schedule`, { frequency });
}

export function useSetSchedule() {
  return useCachingMutation(setSchedule, (_schedule, { charityId }) => scheduleQuery(charityId).queryKey);
}
