import type { Invitation, InvitationCreateBody } from '@kindred/shared';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /invitation/create. Silent: the dialog shows the refusal beside the field. */
export function createInvitation(body: InvitationCreateBody): Promise<Invitation> {
  return api.post<Invitation>('/invitation/create', body, { silent: true });
}

export const useCreateInvitation = () => useRefreshingMutation(createInvitation, () => invitationQueries.all);
