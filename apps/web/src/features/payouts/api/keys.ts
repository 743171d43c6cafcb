import type { Payout, PayoutStatus } from '@kindred/shared';
import { useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';

/**
 * The charity's money out, under the charity's own key (`['charities', id, 'payouts', …]`): its
 * payout account, payouts, schedule and funds by month refresh with the charity.
 */
export const charityPayoutsKey = (charityId: number) =>
  [...charityQueries.all(charityId), 'payouts'] as const;

/** The platform admins' payout lists: a change refreshes them together. */
export const adminPayoutsKey = ['admin-payouts'] as const;

/** The filter of the platform admins' payout list: those asked for, or one status. */
export type AdminPayoutFilter = PayoutStatus;

/** After a change to a charity's money out: its funds, payouts, account and schedule are read again. */
export function useRefreshCharityMoney() {
  const queryClient = useQueryClient();
  return (charityId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: charityQueries.funds(charityId).queryKey }),
      queryClient.invalidateQueries({ queryKey: charityPayoutsKey(charityId) }),
    ]);
}

/** After a platform admin's change: the admin lists, and the funds of each charity touched. */
export function useRefreshAfterReview() {
  const queryClient = useQueryClient();
  const refreshCharity = useRefreshCharityMoney();
  return (payouts: Array<Pick<Payout, 'charity'>> = [], charityIds: number[] = []) => {
    const ids = new Set([...charityIds, ...payouts.map((payout) => payout.charity.id)]);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: adminPayoutsKey }),
      ...[...ids].map((id) => refreshCharity(id)),
    ]);
  };
}
