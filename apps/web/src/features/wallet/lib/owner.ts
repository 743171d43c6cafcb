import { ADMIN_TYPE } from '@kindred/shared';
import type { SessionState } from '@/entities/session';
import { USER_WALLET, type WalletOwner } from '@/entities/wallet';

/** What the wallet screen can show for the active account. */
export type WalletAccess =
  | { kind: 'wallet'; owner: WalletOwner }
  /** An organisation the person belongs to, but not as a Super Admin or Admin. */
  | { kind: 'business-member'; name: string }
  /** A charity: its money is project and charity funds, not a wallet. */
  | { kind: 'charity'; name: string };

/** Organisation wallets are for the organisation's Super Admins and Admins. */
const WALLET_ADMIN_TYPES: readonly number[] = [ADMIN_TYPE.superAdmin, ADMIN_TYPE.admin];

export function walletAccess(
  state: Pick<SessionState, 'activeAccount' | 'businessMembership' | 'charityMembership'>,
): WalletAccess {
  const active = state.activeAccount;
  if (active.type === 'business') {
    const membership = state.businessMembership.find((m) => m.business_id === active.id);
    if (membership && WALLET_ADMIN_TYPES.includes(membership.admin_type)) {
      return {
        kind: 'wallet',
        owner: { type: 'business', id: membership.business_id, name: membership.name },
      };
    }
    return { kind: 'business-member', name: membership?.name ?? 'This organisation' };
  }
  if (active.type === 'charity') {
    const membership = state.charityMembership.find((m) => m.charity_id === active.id);
    return { kind: 'charity', name: membership?.name ?? 'This charity' };
  }
  return { kind: 'wallet', owner: USER_WALLET };
}
