import type { EmployeeGroup, EmployeeGroupBody } from '@kindred/shared';
import { employeeGroupQueries } from '@/entities/employee-group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface NewGroup extends EmployeeGroupBody {
  businessId: number;
  /** Set for a sub-group of this group. */
  groupId?: number;
}

/** POST /business/{id}/employees-group, or with a group id a sub-group of it. Silent: the form shows refusals. */
export function createGroup({ businessId, groupId, ...body }: NewGroup): Promise<EmployeeGroup> {
  const path = `/business/${businessId}/employees-group${groupId ? `/${groupId}` : ''}`;
  return api.post<EmployeeGroup>(path, body, { silent: true });
}

export function useCreateGroup() {
  return useRefreshingMutation(createGroup, (input) => employeeGroupQueries.all(input.businessId));
}
