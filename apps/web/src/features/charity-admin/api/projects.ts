import type {
  MessageResponse,
  Page,
  Project,
  ProjectCreateBody,
  ProjectSummary,
  ProjectUpdateBody,
} from '@kindred/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { charityKeys, projectKeys } from './keys';

const PAGE_SIZE = 20;

/** A charity's projects in one status, or the ones Finished by their end date ('expired'). */
export function getCharityProjects(
  charityId: number,
  status: number | 'expired',
  cursor: string | undefined,
): Promise<Page<Project>> {
  const path =
    status === 'expired'
      ? `/charity/${charityId}/expired_projects`
      : `/charity/projects/${charityId}/${status}`;
  return api.get<Page<Project>>(path, { query: { limit: PAGE_SIZE, cursor } });
}

export function useCharityProjects(charityId: number, status: number | 'expired') {
  return useInfiniteQuery({
    queryKey: charityKeys.projectsByStatus(charityId, status),
    queryFn: ({ pageParam }) => getCharityProjects(charityId, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** GET /charity/associated_requests/{id} */
export function getAssociationRequests(
  charityId: number,
  cursor: string | undefined,
): Promise<Page<Project>> {
  return api.get<Page<Project>>(`/charity/associated_requests/${charityId}`, {
    query: { limit: PAGE_SIZE, cursor },
  });
}

export function useAssociationRequests(charityId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: charityKeys.requests(charityId),
    queryFn: ({ pageParam }) => getAssociationRequests(charityId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

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
      void queryClient.invalidateQueries({ queryKey: charityKeys.requests(input.charityId) });
      void queryClient.invalidateQueries({ queryKey: charityKeys.projects(input.charityId) });
    },
  });
}

/** GET /project/{id} */
export function getProject(id: number): Promise<Project> {
  return api.get<Project>(`/project/${id}`);
}

export function useProject(id: number) {
  return useQuery({ queryKey: projectKeys.project(id), queryFn: () => getProject(id) });
}

/** GET /project/{id}/summary */
export function useProjectSummary(id: number) {
  return useQuery({
    queryKey: projectKeys.summary(id),
    queryFn: () => api.get<ProjectSummary>(`/project/${id}/summary`, { background: true }),
  });
}

/** After any change of a project: its own data and its charity's lists. */
export function refreshProject(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(projectKeys.project(project.id), project);
  void queryClient.invalidateQueries({ queryKey: projectKeys.summary(project.id) });
  if (project.charity_id) {
    void queryClient.invalidateQueries({ queryKey: charityKeys.projects(project.charity_id) });
    void queryClient.invalidateQueries({ queryKey: charityKeys.funds(project.charity_id) });
  }
}

/** POST /project/create: a new Draft. */
export function createProject(body: ProjectCreateBody): Promise<Project> {
  return api.post<Project>('/project/create', body);
}

/** PATCH /project/{id} */
export function updateProject({ id, ...body }: ProjectUpdateBody & { id: number }): Promise<Project> {
  return api.patch<Project>(`/project/${id}`, body);
}

/** DELETE /project/{id}: Drafts only. */
export function deleteProject(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/project/${id}`);
}

/** PATCH /project/update/{id} {status: 2}: 409 NOT_READY_TO_PUBLISH names the missing fields. */
export function publishProject(id: number): Promise<Project> {
  return api.patch<Project>(`/project/update/${id}`, { status: 2 }, { silent: true });
}

/** POST /project/{id}/complete */
export function completeProject(id: number): Promise<Project> {
  return api.post<Project>(`/project/${id}/complete`);
}

/** POST /project/{id}/cancel */
export function cancelProject(id: number): Promise<Project> {
  return api.post<Project>(`/project/${id}/cancel`);
}

/** PATCH /project/extend/{id} */
export function extendProject(input: { id: number; end_date: string }): Promise<Project> {
  return api.patch<Project>(`/project/extend/${input.id}`, { end_date: input.end_date }, { silent: true });
}

/** POST /project/clone: a new Draft copy. */
export function cloneProject(id: number): Promise<Project> {
  return api.post<Project>('/project/clone', { project_id: id });
}

/** Every mutation of a project that answers the project refreshes its caches. */
function useProjectMutation<Input>(fn: (input: Input) => Promise<Project>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (project) => refreshProject(queryClient, project) });
}

export const useCreateProject = () => useProjectMutation(createProject);
export const useUpdateProject = () => useProjectMutation(updateProject);
export const usePublishProject = () => useProjectMutation(publishProject);
export const useCompleteProject = () => useProjectMutation(completeProject);
export const useCancelProject = () => useProjectMutation(cancelProject);
export const useExtendProject = () => useProjectMutation(extendProject);
export const useCloneProject = () => useProjectMutation(cloneProject);

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; charityId: number | null }) => deleteProject(input.id),
    onSuccess: (_data, input) => {
      queryClient.removeQueries({ queryKey: projectKeys.project(input.id) });
      if (input.charityId)
        void queryClient.invalidateQueries({ queryKey: charityKeys.projects(input.charityId) });
    },
  });
}
