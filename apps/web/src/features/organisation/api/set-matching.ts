import type { MatchingSettings, MatchingSettingsBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** PUT /business/{id}/matching. Silent: the form shows a refusal beside the fields. */
export function setMatching({
  id,
  ...body
}: MatchingSettingsBody & { id: number }): Promise<MatchingSettings> {
  return api.put<MatchingSettings>(`/business/${id}/matching`, body, { silent: true });
}

export function useSetMatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMatching,
    onSuccess: (settings, input) => {
      queryClient.setQueryData(organisationMoneyQueries.matching(input.id).queryKey, settings);
    },
  });
}
