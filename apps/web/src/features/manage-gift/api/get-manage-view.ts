import type { ManageView } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The path of a mail's link on the API: `/manage/{token}`. */
export const managePath = (token: string) => `/manage/${encodeURIComponent(token)}`;

/**
 * GET /manage/{token}: the gift or recurring gift a mail's link is for, and what may be done with
 * it (docs/product/card-gifts.md#manage-from-the-mail). The link is the access: no sign-in is sent,
 * so it reads the same signed in or out. A link not valid answers 404, an expired one 410; the
 * screen shows those in place, with no toast.
 */
export function getManageView(token: string, signal?: AbortSignal): Promise<ManageView> {
  return api.get<ManageView>(managePath(token), { anonymous: true, silent: true, signal });
}

export const manageQueries = {
  all: ['manage-gift'] as const,
  view: (token: string) =>
    queryOptions({
      queryKey: [...manageQueries.all, token] as const,
      queryFn: ({ signal }) => getManageView(token, signal),
    }),
};
