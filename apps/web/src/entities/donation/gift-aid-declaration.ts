import type { GiftAidDeclaration, GiftAidDeclarationBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { donationQueries } from './donation-queries';

/** POST /user/gift_aid_declaration: the donor declares they are a UK taxpayer (kept as a record). */
export function makeGiftAidDeclaration(body: GiftAidDeclarationBody): Promise<GiftAidDeclaration> {
  return api
    .post<{ declaration: GiftAidDeclaration }>('/user/gift_aid_declaration', body, { silent: true })
    .then((answer) => answer.declaration);
}

/** Make (or make again) the Gift Aid declaration; every screen reading it sees the new one. */
export function useMakeGiftAidDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeGiftAidDeclaration,
    onSuccess: (declaration) => {
      queryClient.setQueryData(donationQueries.giftAidDeclaration().queryKey, declaration);
    },
  });
}
