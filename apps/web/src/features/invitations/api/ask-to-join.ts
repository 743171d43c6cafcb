import type { JoinCreateBody, JoinRequest } from '@kindred/shared';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /join. Silent: the screen says why it was refused. */
export function askToJoin(body: JoinCreateBody): Promise<JoinRequest> {
  return api.post<JoinRequest>('/join', body, { silent: true });
}

export const useAskToJoin = () => useRefreshingMutation(askToJoin, () => invitationQueries.all);
