import type { Project } from '@kindred/shared';
import type { QueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { projectQueries } from './project-queries';

/**
 * What a change of a project means for the caches, for every screen at once (the admin screen, the
 * public page, the charity's lists and funds). Mutations call these; none retypes a key.
 */
export const projectCache = {
  /** A call answered the changed project: it replaces the cached one; its counters and lists reload. */
  changed(queryClient: QueryClient, project: Project) {
    queryClient.setQueryData(projectQueries.detail(project.id).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: projectQueries.summary(project.id).queryKey });
    if (project.charity_id) {
      void queryClient.invalidateQueries({ queryKey: projectQueries.allOfCharity(project.charity_id) });
      void queryClient.invalidateQueries({ queryKey: charityQueries.funds(project.charity_id).queryKey });
    }
  },
  /** The project may have changed on the server (an impact statement finished it): fetch it again. */
  async reload(queryClient: QueryClient, id: number) {
    const project = await queryClient.fetchQuery({ ...projectQueries.detail(id), staleTime: 0 });
    projectCache.changed(queryClient, project);
  },
  /** The project was deleted. */
  removed(queryClient: QueryClient, id: number, charityId: number | null) {
    queryClient.removeQueries({ queryKey: projectQueries.all(id) });
    if (charityId) void queryClient.invalidateQueries({ queryKey: projectQueries.allOfCharity(charityId) });
  },
};
