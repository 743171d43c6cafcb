import type { ProjectPost } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

export interface PostUpdateBody {
  project_id: number;
  title: string;
  body: string;
}

/** POST /project/updates */
export function postUpdate(body: PostUpdateBody): Promise<ProjectPost> {
  return api.post<ProjectPost>('/project/updates', body, { silent: true });
}

export function usePostUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUpdate,
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: projectQueries.allUpdates(post.project_id) });
      void queryClient.invalidateQueries({ queryKey: projectQueries.summary(post.project_id).queryKey });
    },
  });
}
