import type { ProjectImpact } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectCache, projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

export interface PublishImpactInput {
  projectId: number;
  title: string;
  body: string;
  beneficiaries: number | null;
}

/** POST /project/{id}/impact: publishing finishes a Live or Completed project. */
export function publishImpact({ projectId, ...body }: PublishImpactInput): Promise<ProjectImpact> {
  return api.post<ProjectImpact>(`/project/${projectId}/impact`, body, { silent: true });
}

export function usePublishImpact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishImpact,
    onSuccess: async (impact) => {
      void queryClient.invalidateQueries({ queryKey: projectQueries.impact(impact.project_id).queryKey });
      // The project is now Finished.
      await projectCache.reload(queryClient, impact.project_id);
    },
  });
}
