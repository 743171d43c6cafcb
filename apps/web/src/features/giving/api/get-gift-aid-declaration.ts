import type { GiftAidDeclaration } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** GET /user/gift_aid_declaration: the donor's current declaration, or null. */
export function getGiftAidDeclaration(): Promise<GiftAidDeclaration | null> {
  return api
    .get<{ declaration: GiftAidDeclaration | null }>('/user/gift_aid_declaration', {
      silent: true,
      background: true,
    })
    .then((answer) => answer.declaration);
}

export const giftAidDeclarationQuery = () =>
  queryOptions({
    queryKey: donationQueries.key('gift-aid-declaration'),
    queryFn: getGiftAidDeclaration,
  });
