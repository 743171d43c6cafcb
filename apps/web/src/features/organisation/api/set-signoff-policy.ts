import type { Business, SignoffPolicy, SignoffPolicyBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** PUT /business/{id}/signoff-policy. Silent: the form shows a refusal beside the fields. */
export function setSignoffPolicy({
  id,
  ...body
}: SignoffPolicyBody & { id: number }): Promise<SignoffPolicy> {
  return api.put<SignoffPolicy>(`/business/${id}/signoff-policy`, body, { silent: true });
}

export function useSetSignoffPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSignoffPolicy,
    onSuccess: (policy, input) => {
      queryClient.setQueryData<Business>(organisationQueries.detail(input.id).queryKey, (business) =>
        business ? { ...business, signoff_policy: policy } : business,
      );
      void queryClient.invalidateQueries({
        queryKey: organisationQueries.waitingDonations(input.id).queryKey,
      });
    },
  });
}
