import type { Business, SubBusinessCreateBody } from '@kindred/shared';
import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /organisation/sub_business. Silent: the dialog shows a refusal beside the fields. */
export function addSubBusiness(body: SubBusinessCreateBody): Promise<Business> {
  return api.post<Business>('/organisation/sub_business', body, { silent: true });
}

export function useAddSubBusiness(rootId: number) {
  return useRefreshingMutation(addSubBusiness, () => organisationMoneyQueries.tree(rootId).queryKey);
}
