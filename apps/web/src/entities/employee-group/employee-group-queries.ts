import type { EmployeeGroup, SubGroupMember } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /business/{id}/employees-group */
export function getEmployeeGroups(businessId: number): Promise<{ items: EmployeeGroup[] }> {
  return api.get<{ items: EmployeeGroup[] }>(`/business/${businessId}/employees-group`);
}

/** GET /business/{id}/employees-group/{groupId}/{subId}/users */
export function getSubGroupMembers(
  businessId: number,
  groupId: number,
  subId: number,
): Promise<{ items: SubGroupMember[] }> {
  return api.get<{ items: SubGroupMember[] }>(
    `/business/${businessId}/employees-group/${groupId}/${subId}/users`,
  );
}

/** An organisation's employee groups. Keys live here only, under `['organisations', id, 'employee-groups']`. */
export const employeeGroupQueries = {
  all: (businessId: number) => ['organisations', businessId, 'employee-groups'] as const,
  list: (businessId: number) =>
    queryOptions({
      queryKey: [...employeeGroupQueries.all(businessId)] as const,
      queryFn: () => getEmployeeGroups(businessId),
    }),
  members: (businessId: number, groupId: number, subId: number) =>
    queryOptions({
      queryKey: [...employeeGroupQueries.all(businessId), groupId, subId, 'members'] as const,
      queryFn: () => getSubGroupMembers(businessId, groupId, subId),
    }),
};
