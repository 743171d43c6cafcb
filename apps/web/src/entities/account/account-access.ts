import { ADMIN_TYPE, type BusinessMembership, type CharityMembership } from '@kindred/shared';
import { useSessionState } from '@/entities/session';

/** The memberships of each kind of account a person belongs to. */
interface Memberships {
  charity: CharityMembership;
  business: BusinessMembership;
}

/**
 * The membership a charity's or an organisation's screens work on: the account switcher's account
 * when it is of this kind and the person belongs to it, else their first membership of this kind;
 * null when they have none.
 */
export function useActiveMembership<K extends keyof Memberships>(kind: K): Memberships[K] | null {
  const state = useSessionState();
  const list = (kind === 'charity' ? state.charityMembership : state.businessMembership) as Memberships[K][];
  const idOf = (m: Memberships[K]) => ('charity_id' in m ? m.charity_id : m.business_id);
  const active = state.activeAccount;
  const chosen = active.type === kind ? list.find((m) => idOf(m) === active.id) : undefined;
  return chosen ?? list[0] ?? null;
}

/** The admin levels of a membership (docs/access.md): Super Admin, and Super Admin or Admin. */
export function adminLevel(adminType: number | null) {
  const isSuperAdmin = adminType === ADMIN_TYPE.superAdmin;
  return { isSuperAdmin, isAdmin: isSuperAdmin || adminType === ADMIN_TYPE.admin };
}
