import type { Group, GroupCreateBody } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

/** POST /group/create. Silent: the form shows a refusal beside the fields. */
export function createGroup(body: Partial<GroupCreateBody>): Promise<Group> {
  return api.post<Group>('/group/create', body, { silent: true });
}

export const useCreateGroup = () =>
  useSavingMutation(createGroup, (group) => groupQueries.detail(group.id).queryKey, groupQueries.all());
