import type { Group } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';

/** POST /group/{id}/generate_new_pin: the old PIN stops working. */
export function regeneratePin(id: number): Promise<Group> {
  return api.post<Group>(`/group/${id}/generate_new_pin`, {});
}

export function useRegeneratePin() {
  return useCachingMutation(regeneratePin, (group) => groupQueries.detail(group.id).queryKey);
}
