import type { Group, GroupUpdateBody } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

/** PATCH /group/update/{id}. Silent: the form shows a refusal beside the fields. */
export function updateGroup({ id, ...body }: GroupUpdateBody & { id: number }): Promise<Group> {
  return api.patch<Group>(`/group/update/${id}`, body, { silent: true });
}

export const useUpdateGroup = () =>
  useSavingMutation(updateGroup, (group) => groupQueries.detail(group.id).queryKey, groupQueries.all());
