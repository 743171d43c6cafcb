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
  /**
   * The project was deleted. Its entries go from the cache, but not from under a screen still
   * showing it: an entry removed there is fetched again at the screen's next render (and answers
   * 404). Such an entry stays, never refetched, until its last screen has gone, then goes.
   */
  removed(queryClient: QueryClient, id: number, charityId: number | null) {
    const cache = queryClient.getQueryCache();
    const key = projectQueries.all(id);
    void queryClient.cancelQueries({ queryKey: key });
    const shown = cache.findAll({ queryKey: key }).filter((query) => query.getObserversCount() > 0);
    queryClient.removeQueries({ queryKey: key, type: 'inactive' });
    if (shown.length > 0) {
      const waiting = new Set(shown);
      const unsubscribe = cache.subscribe((event) => {
        if (event.type !== 'observerRemoved' || !waiting.has(event.query)) return;
        if (event.query.getObserversCount() > 0) return;
        waiting.delete(event.query);
        cache.remove(event.query);
        if (waiting.size === 0) unsubscribe();
      });
    }
    if (charityId) void queryClient.invalidateQueries({ queryKey: projectQueries.allOfCharity(charityId) });
  },
};
