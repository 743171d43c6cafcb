import type { GiftAidDeclaration } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** GET /user/gift_aid_declaration: the donor's declaration (null when they never made one). */
export const giftAidDeclarationQuery = () =>
  queryOptions({
    queryKey: donationQueries.key('gift-aid-declaration'),
    queryFn: ({ signal }) =>
      api
        .get<{ declaration: GiftAidDeclaration | null }>('/user/gift_aid_declaration', { signal })
        .then((r) => r.declaration),
  });
