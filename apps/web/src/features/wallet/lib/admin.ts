import type { User } from '@kindred/shared';
import { platformAdminAbilities } from '@/entities/session';

/**
 * What a platform admin may do with money: Super Admins and Admins deposit and view; other
 * platform admins (Employees) only view; anyone else sees neither.
 */
export type MoneyAdminRole = 'manage' | 'view' | 'none';

export function moneyAdminRole(user: Pick<User, 'is_iic_admin' | 'admin_type'> | null): MoneyAdminRole {
  const abilities = platformAdminAbilities(user);
  return abilities.act ? 'manage' : abilities.view ? 'view' : 'none';
}
