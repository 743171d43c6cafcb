import type { GiftAidDeclaration, GiftAidDeclarationBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { giftAidDeclarationQuery } from './get-gift-aid-declaration';

/** POST /user/gift_aid_declaration: the donor declares they are a UK taxpayer (kept as a record). */
export function makeGiftAidDeclaration(body: GiftAidDeclarationBody): Promise<GiftAidDeclaration> {
  return api
    .post<{ declaration: GiftAidDeclaration }>('/user/gift_aid_declaration', body, { silent: true })
    .then((answer) => answer.declaration);
}

export function useMakeGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeGiftAidDeclaration,
    onSuccess: (declaration) => {
      queryClient.setQueryData(giftAidDeclarationQuery().queryKey, declaration);
    },
  });
}
