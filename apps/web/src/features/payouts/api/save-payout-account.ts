import type { BankDetails, ProviderAccountInfo } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payoutAccountQuery } from './get-payout-account';
import { useRefreshCharityMoney } from './keys';

export interface SavePayoutAccountInput {
  charityId: number;
  bank: BankDetails;
}

/**
 * PATCH /stripe/account: the bank account payouts go to. New details wait for a platform admin's
 * check again. Silent: the form shows the refusal beside its fields.
 */
export function savePayoutAccount({ charityId, bank }: SavePayoutAccountInput): Promise<ProviderAccountInfo> {
  return api.patch<ProviderAccountInfo>('/stripe/account', { charity_id: charityId, bank }, { silent: true });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCharityMoney();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (account, { charityId }) => {
      queryClient.setQueryData(payoutAccountQuery(charityId).queryKey, account);
      return refresh(charityId);
    },
  });
}
