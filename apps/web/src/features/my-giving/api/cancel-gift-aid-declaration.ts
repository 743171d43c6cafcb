import type { GiftAidDeclaration } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftAidQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** DELETE /user/gift_aid_declaration/{id}: later gifts to its charity carry no Gift Aid; the record is kept. */
export function useCancelGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api
        .delete<{ declaration: GiftAidDeclaration }>(`/user/gift_aid_declaration/${id}`)
        .then((r) => r.declaration),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftAidQueries.all() }),
  });
}
