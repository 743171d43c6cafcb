import type { ProviderAccountInfo } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshAfterReview } from './keys';

/** POST /admin/payout_accounts/{charityId}/verify: the account is the charity's; payouts may go to it. */
export function verifyPayoutAccount(charityId: number): Promise<ProviderAccountInfo> {
  return api.post<ProviderAccountInfo>(`/admin/payout_accounts/${charityId}/verify`);
}

export function useVerifyPayoutAccount() {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: verifyPayoutAccount,
    onSettled: (_answer, _error, charityId) => refresh([], [charityId]),
  });
}
