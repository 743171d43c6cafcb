import { ADMIN_TYPE, type User } from '@kindred/shared';
import { useCurrentUser } from './use-session';

/**
 * What a platform admin may do, the one answer every admin screen asks: any platform admin looks
 * (the whole admin area, the review lists, the money and donation queues); Super Admins and Admins
 * act (approve, reject, lock, deposit, change people, export); Employees only look; only Super
 * Admins make or unmake platform admins and erase people.
 */
export interface PlatformAdminAbilities {
  /** A platform admin of any type: sees the whole area. */
  view: boolean;
  /** Super Admins and Admins: change, decide, deposit, send reminders, export. */
  act: boolean;
  /** Super Admins: make or unmake platform admins, erase people. */
  manageAdmins: boolean;
  /** Said beside a button a person cannot use. */
  whyNot: string;
  whyNotAdmins: string;
}

export function platformAdminAbilities(
  user: Pick<User, 'is_iic_admin' | 'admin_type'> | null | undefined,
): PlatformAdminAbilities {
  const view = Boolean(user?.is_iic_admin);
  const type = user?.admin_type ?? null;
  return {
    view,
    act: view && (type === ADMIN_TYPE.superAdmin || type === ADMIN_TYPE.admin),
    manageAdmins: view && type === ADMIN_TYPE.superAdmin,
    whyNot: 'As an Employee you can look but not change anything; ask a Super Admin or an Admin.',
    whyNotAdmins: 'Only platform Super Admins can do this.',
  };
}

/** The signed-in person's abilities as a platform admin. */
export function usePlatformAdmin(): PlatformAdminAbilities {
  return platformAdminAbilities(useCurrentUser());
}

/** The platform admin types, in the admins' words. */
export const ADMIN_TYPE_LABELS: Record<number, string> = {
  [ADMIN_TYPE.superAdmin]: 'Super Admin',
  [ADMIN_TYPE.admin]: 'Admin',
  [ADMIN_TYPE.employee]: 'Employee (read-only)',
};
