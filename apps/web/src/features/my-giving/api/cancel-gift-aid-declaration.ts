import type { GiftAidDeclaration } from '@kindred/shared';
import { giftAidQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /user/gift_aid_declaration/{id}: later gifts to its charity carry no Gift Aid; the record is kept. */
export function useCancelGiftAidDeclaration() {
  return useRefreshingMutation(
    (id: number) =>
      api
        .delete<{ declaration: GiftAidDeclaration }>(`/user/gift_aid_declaration/${id}`)
        .then((r) => r.declaration),
    () => giftAidQueries.all(),
  );
}
