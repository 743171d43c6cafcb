import { ADMIN_TYPE } from '@kindred/shared';
import type { ActiveAccountRef } from '@/entities/session';

/**
 * The membership a charity's or an organisation's screens work on: the account switcher's account
 * when it is of this kind and the person belongs to it, else their first membership of this kind;
 * null when they have none.
 */
export function activeMembership<M>(
  active: ActiveAccountRef,
  kind: Exclude<ActiveAccountRef['type'], 'individual'>,
  memberships: M[],
  accountId: (membership: M) => number,
): M | null {
  const chosen = active.type === kind ? memberships.find((m) => accountId(m) === active.id) : undefined;
  return chosen ?? memberships[0] ?? null;
}

/** The admin levels of a membership (docs/access.md): Super Admin, and Super Admin or Admin. */
export function adminLevel(adminType: number | null) {
  const isSuperAdmin = adminType === ADMIN_TYPE.superAdmin;
  return { isSuperAdmin, isAdmin: isSuperAdmin || adminType === ADMIN_TYPE.admin };
}
