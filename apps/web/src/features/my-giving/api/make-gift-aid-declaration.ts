import type { GiftAidDeclaration, GiftAidDeclarationBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { giftAidDeclarationQuery } from './gift-aid-declaration';

/** POST /user/gift_aid_declaration: make (or make again) the Gift Aid declaration. */
export function useMakeGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftAidDeclarationBody) =>
      api
        .post<{ declaration: GiftAidDeclaration }>('/user/gift_aid_declaration', body, { silent: true })
        .then((r) => r.declaration),
    onSuccess: (declaration) => queryClient.setQueryData(giftAidDeclarationQuery().queryKey, declaration),
  });
}
