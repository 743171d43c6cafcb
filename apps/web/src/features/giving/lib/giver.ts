import { ADMIN_TYPE } from '@kindred/shared';
import { useSessionState } from '@/entities/session';

export interface OrganisationGiver {
  id: number;
  name: string;
  /** Super Admins and Admins read the organisation's wallet; other members give without seeing it. */
  readsWallet: boolean;
}

/** The organisation a gift may be made on behalf of: the active account, when it is one. */
export function useActiveOrganisationGiver(): OrganisationGiver | null {
  const state = useSessionState();
  const active = state.activeAccount;
  if (active.type !== 'business') return null;
  const membership = state.businessMembership.find((m) => m.business_id === active.id);
  if (!membership) return null;
  return {
    id: membership.business_id,
    name: membership.name,
    readsWallet:
      membership.admin_type === ADMIN_TYPE.superAdmin || membership.admin_type === ADMIN_TYPE.admin,
  };
}
