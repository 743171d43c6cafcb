import type { PayoutSchedule } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSchedule,
    onSuccess: (schedule, { charityId }) =>
      queryClient.setQueryData(scheduleQuery(charityId).queryKey, schedule),
  });
}
