import type {
  Group,
  GroupCard,
  GroupMember,
  GroupMemberStats,
  GroupRequest,
  GroupStatistics,
  GroupWithTotals,
  Page,
} from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partQuery } from '@/lib/query-parts';

/** GET /group/{id}. Quiet: the group page shows a failure in place. */
export function getGroup(id: number): Promise<Group> {
  return api.get<Group>(`/group/${id}`, { silent: true });
}

/** GET /explore/group/{id}: a public group as visitors see it. Quiet: its page shows a failure in place. */
export function getPublicGroup(id: number): Promise<GroupCard> {
  return api.get<GroupCard>(`/explore/group/${id}`, { silent: true });
}

/** GET /group/individual/{userId}/list_with_total_stats: the person's groups with totals (first 100). */
export function getMyGroups(userId: number): Promise<Page<GroupWithTotals>> {
  return api.get<Page<GroupWithTotals>>(`/group/individual/${userId}/list_with_total_stats`, {
    query: { limit: 100 },
    silent: true,
  });
}

/** GET /group/members_total_statistics/{id}: members with what they gave, most first. */
export function getGroupMemberStatistics(id: number): Promise<{ items: GroupMemberStats[] }> {
  return api.get<{ items: GroupMemberStats[] }>(`/group/members_total_statistics/${id}`, { silent: true });
}

/** GET /group/total_statistics/{id} */
export function getGroupStatistics(id: number): Promise<GroupStatistics> {
  return api.get<GroupStatistics>(`/group/total_statistics/${id}`, { silent: true });
}

/** GET /group/{id}/admins */
export function getGroupAdmins(id: number): Promise<{ items: GroupMember[] }> {
  return api.get<{ items: GroupMember[] }>(`/group/${id}/admins`, { silent: true });
}

/** GET /group/{id}/requests: the first 100 people waiting. */
export function getGroupRequests(id: number): Promise<Page<GroupRequest>> {
  return api.get<Page<GroupRequest>>(`/group/${id}/requests`, { query: { limit: 100 }, silent: true });
}

/** Groups and what belongs to them. Their keys live here only, under `['groups', ...]`. */
/** One group's key: everything of the group is keyed under it. */
const groupKey = (id: number) => ['groups', id] as const;

export const groupQueries = {
  all: () => ['groups'] as const,
  one: groupKey,
  mine: (userId: number) =>
    queryOptions({ queryKey: ['groups', 'mine', userId] as const, queryFn: () => getMyGroups(userId) }),
  /** A public group's page for visitors (no PIN, no members). */
  publicPage: partQuery(groupKey, 'public', getPublicGroup),
  detail: (id: number) =>
    queryOptions({ queryKey: [...groupQueries.one(id)] as const, queryFn: () => getGroup(id) }),
  members: partQuery(groupKey, 'members', getGroupMemberStatistics),
  statistics: partQuery(groupKey, 'statistics', getGroupStatistics),
  admins: partQuery(groupKey, 'admins', getGroupAdmins),
  requests: partQuery(groupKey, 'requests', getGroupRequests),
};
