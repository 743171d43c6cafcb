import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /organisation/sub_business/{id}. Silent: the screen shows the refusal. */
export function deleteSubBusiness(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/organisation/sub_business/${id}`, undefined, { silent: true });
}

export function useDeleteSubBusiness(rootId: number) {
  return useRefreshingMutation(deleteSubBusiness, () => organisationMoneyQueries.tree(rootId).queryKey);
}
