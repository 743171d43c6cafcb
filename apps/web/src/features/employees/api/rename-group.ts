import type { EmployeeGroup, EmployeeGroupPatch } from '@kindred/shared';
import { employeeGroupQueries } from '@/entities/employee-group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

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
  return useRefreshingMutation(renameGroup, (input) => employeeGroupQueries.all(input.businessId));
}
