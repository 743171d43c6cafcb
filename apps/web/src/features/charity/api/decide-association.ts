import type { Project } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

/** POST /charity/associated_approve or /charity/associated_reject */
export function decideAssociation(input: {
  projectId: number;
  charityId: number;
  accept: boolean;
}): Promise<Project> {
  return api.post<Project>(input.accept ? '/charity/associated_approve' : '/charity/associated_reject', {
    project_id: input.projectId,
    charity_id: input.charityId,
  });
}

export function useDecideAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAssociation,
    onSuccess: (_project, input) => {
      void queryClient.invalidateQueries({
        queryKey: charityQueries.associationRequests(input.charityId).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: projectQueries.allOfCharity(input.charityId) });
    },
  });
}
