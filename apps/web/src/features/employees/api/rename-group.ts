import type { EmployeeGroup, EmployeeGroupPatch } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeGroupQueries } from '@/entities/employee-group';
import { api } from '@/lib/api-client';

export interface GroupChange extends EmployeeGroupPatch {
  businessId: number;
  groupId: number;
  subId?: number;
}

/** PATCH /business/{id}/employees-group/{groupId}[/{subId}]. Silent: the form shows refusals. */
export function renameGroup({ businessId, groupId, subId, ...body }: GroupChange): Promise<EmployeeGroup> {
  const path = `/business/${businessId}/employees-group/${groupId}${subId ? `/${subId}` : ''}`;
  return api.patch<EmployeeGroup>(path, body, { silent: true });
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: employeeGroupQueries.all(input.businessId) }),
  });
}
