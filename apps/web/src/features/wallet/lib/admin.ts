import { ADMIN_TYPE, type User } from '@kindred/shared';

/**
 * What a platform admin may do with money (docs/product/platform-admin.md): Super Admins and Admins
 * deposit and view; Employees only view; anyone else sees neither.
 */
export type MoneyAdminRole = 'manage' | 'view' | 'none';

export function moneyAdminRole(user: Pick<User, 'is_iic_admin' | 'admin_type'> | null): MoneyAdminRole {
  if (!user?.is_iic_admin) return 'none';
  if (user.admin_type === ADMIN_TYPE.superAdmin || user.admin_type === ADMIN_TYPE.admin) return 'manage';
  if (user.admin_type === ADMIN_TYPE.employee) return 'view';
  return 'none';
}
