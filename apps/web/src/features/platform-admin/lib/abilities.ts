import { ADMIN_TYPE, type User } from '@kindred/shared';

/** What a platform admin of each type may do here (docs/product/platform-admin.md: Employees only look). */
export interface AdminAbilities {
  /** A platform admin of any type: sees the whole area. */
  view: boolean;
  /** Super Admins and Admins: change people, send reminders, export. */
  act: boolean;
  /** Super Admins: make or unmake platform admins, erase people. */
  manageAdmins: boolean;
  /** Said beside a button a person cannot use. */
  whyNot: string;
  whyNotAdmins: string;
}

export function adminAbilities(user: Pick<User, 'is_iic_admin' | 'admin_type'> | null): AdminAbilities {
  const view = Boolean(user?.is_iic_admin);
  const type = user?.admin_type ?? null;
  const act = view && (type === ADMIN_TYPE.superAdmin || type === ADMIN_TYPE.admin);
  return {
    view,
    act,
    manageAdmins: view && type === ADMIN_TYPE.superAdmin,
    whyNot: 'As an Employee you can look but not change anything; ask a Super Admin or an Admin.',
    whyNotAdmins: 'Only platform Super Admins can do this.',
  };
}

export const ADMIN_TYPE_LABELS: Record<number, string> = {
  [ADMIN_TYPE.superAdmin]: 'Super Admin',
  [ADMIN_TYPE.admin]: 'Admin',
  [ADMIN_TYPE.employee]: 'Employee (read-only)',
};
