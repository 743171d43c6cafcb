import type { Invitation, InvitationConfirm, JoinRequest, Page, UserRequests } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What people ask to join (an organisation or a charity). */
export type JoinTargetType = 'business' | 'charity';
/** Whose waiting invitations a screen lists. */
export type PendingTargetType = 'business' | 'charity' | 'group';

/** GET /invitation/confirm/{code}: what it is for; signed in as the invited email it is accepted. Quiet: the screen explains. */
export function confirmInvitation(code: string): Promise<InvitationConfirm> {
  return api.get<InvitationConfirm>(`/invitation/confirm/${encodeURIComponent(code)}`, { silent: true });
}

/** GET /user/requests/{id}: my pending requests to join and the invitations waiting for me. */
export function getUserRequests(userId: number): Promise<UserRequests> {
  return api.get<UserRequests>(`/user/requests/${userId}`);
}

/** GET /business/requests/{id} or /charity/requests/{id}: people asking to join (the first 100). */
export function getJoinRequests(type: JoinTargetType, id: number): Promise<Page<JoinRequest>> {
  return api.get<Page<JoinRequest>>(`/${type}/requests/${id}`, { query: { limit: 100 } });
}

/** GET /invitation/pending/{type}/{id}: invitations waiting for an answer. */
export function getPendingInvitations(type: PendingTargetType, id: number): Promise<{ items: Invitation[] }> {
  return api.get<{ items: Invitation[] }>(`/invitation/pending/${type}/${id}`);
}

/** Invitations and requests to join. Their keys live here only, all under `['invitations']`. */
export const invitationQueries = {
  all: ['invitations'] as const,
  /** The answer depends on who is signed in (signed in as the invited email, it accepts): the key names them. */
  confirm: (code: string, userId: number | null) =>
    queryOptions({
      queryKey: [...invitationQueries.all, 'confirm', code, userId] as const,
      queryFn: () => confirmInvitation(code),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  mine: (userId: number) =>
    queryOptions({
      queryKey: [...invitationQueries.all, 'mine', userId] as const,
      queryFn: () => getUserRequests(userId),
    }),
  requests: (type: JoinTargetType, id: number) =>
    queryOptions({
      queryKey: [...invitationQueries.all, 'requests', type, id] as const,
      queryFn: () => getJoinRequests(type, id),
    }),
  pending: (type: PendingTargetType, id: number) =>
    queryOptions({
      queryKey: [...invitationQueries.all, 'pending', type, id] as const,
      queryFn: () => getPendingInvitations(type, id),
    }),
};
