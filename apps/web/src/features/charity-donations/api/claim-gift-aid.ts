import type { GiftAidClaim } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityDonationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** POST /charity/{id}/gift_aid/claims: claim Gift Aid on every eligible donation not yet claimed. */
export function claimGiftAid(charityId: number): Promise<{ claim: GiftAidClaim }> {
  return api.post<{ claim: GiftAidClaim }>(`/charity/${charityId}/gift_aid/claims`);
}

export function useClaimGiftAid(charityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimGiftAid(charityId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: charityDonationQueries.giftAid(charityId) }),
  });
}
