import type { Project } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectCache } from '@/entities/project';

/** A mutation of a call that answers the changed project: every screen's caches follow. */
export function useProjectMutation<Input>(mutationFn: (input: Input) => Promise<Project>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (project) => projectCache.changed(queryClient, project) });
}
