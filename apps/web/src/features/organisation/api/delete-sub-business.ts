import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** DELETE /organisation/sub_business/{id}. Silent: the screen shows the refusal. */
export function deleteSubBusiness(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/organisation/sub_business/${id}`, undefined, { silent: true });
}

export function useDeleteSubBusiness(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubBusiness,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organisationMoneyQueries.tree(rootId).queryKey }),
  });
}
