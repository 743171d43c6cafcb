import type { GiftAidDeclaration } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** DELETE /user/gift_aid_declaration: later gifts carry no Gift Aid; the record is kept. */
export function useCancelGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .delete<{ declaration: GiftAidDeclaration }>('/user/gift_aid_declaration')
        .then((r) => r.declaration),
    onSuccess: (declaration) =>
      queryClient.setQueryData(donationQueries.giftAidDeclaration().queryKey, declaration),
  });
}
