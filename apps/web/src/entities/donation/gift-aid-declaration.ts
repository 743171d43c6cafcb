import type { GiftAidDeclaration, GiftAidDeclarationBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { giftAidQueries } from './gift-aid-queries';

/**
 * POST /user/gift_aid_declaration: the donor declares for one charity that they are a UK taxpayer
 * (the server keeps the text naming the charity as a record).
 */
export function makeGiftAidDeclaration(body: GiftAidDeclarationBody): Promise<GiftAidDeclaration> {
  return api
    .post<{ declaration: GiftAidDeclaration }>('/user/gift_aid_declaration', body, { silent: true })
    .then((answer) => answer.declaration);
}

/** Make (or make again) a charity's Gift Aid declaration; every screen reading one sees the new one. */
export function useMakeGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeGiftAidDeclaration,
    onSuccess: async (declaration, body) => {
      // Every other charity's answer (its latest details) and the list are read again when next shown;
      // this charity's is the new declaration.
      await queryClient.invalidateQueries({ queryKey: giftAidQueries.all(), refetchType: 'none' });
      queryClient.setQueryData(giftAidQueries.forCharity(body.charity_id).queryKey, {
        declaration,
        previous: declaration,
      });
    },
  });
}
