import type { TransferEmployeesBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /organisation/transfer_employees. Silent: the dialog shows the refusal. */
export function transferEmployees(
  body: TransferEmployeesBody,
): Promise<{ moved: number[]; message: string }> {
  return api.post<{ moved: number[]; message: string }>('/organisation/transfer_employees', body, {
    silent: true,
  });
}

export function useTransferEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferEmployees,
    onSuccess: (_answer, input) =>
      Promise.all(
        [input.from_business_id, input.to_business_id].map((id) =>
          queryClient.invalidateQueries({ queryKey: organisationQueries.all(id) }),
        ),
      ),
  });
}
