import { ADMIN_TYPE } from '@kindred/shared';
import type { SessionState } from '@/entities/session';

/** Whose wallet a screen shows: the signed-in person's, or an organisation's they administer. */
export type WalletOwner = { type: 'user' } | { type: 'business'; id: number; name: string };

export const USER_WALLET: WalletOwner = { type: 'user' };

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

/** A stable key of the owner (query keys, React keys). */
export function ownerKey(owner: WalletOwner): string {
  return owner.type === 'user' ? 'user' : `business:${owner.id}`;
}

/** The API paths of an owner's wallet calls (domain.md §3). */
export function walletPaths(owner: WalletOwner) {
  if (owner.type === 'user') {
    return {
      wallet: '/user/wallet',
      deposit: '/user/deposit',
      confirm: '/user/deposit/confirm',
      history: (from: string, to: string) => `/user/payments/${from}/${to}`,
      statement: (from: string, to: string) => `/user/statement/${from}/${to}`,
      createDirectDebit: '/user/create_direct_debit',
      directDebits: '/user/direct_debits',
      cancelDirectDebit: (debitId: number) => `/user/direct_debit/${debitId}`,
    };
  }
  const { id } = owner;
  return {
    wallet: `/business/wallet/${id}`,
    deposit: `/business/${id}/deposit`,
    confirm: `/business/${id}/confirm`,
    history: (from: string, to: string) => `/business/${id}/payments/${from}/${to}`,
    statement: (from: string, to: string) => `/business/${id}/statement/${from}/${to}`,
    createDirectDebit: `/business/direct_debit/${id}`,
    directDebits: `/business/${id}/direct_debits`,
    cancelDirectDebit: (debitId: number) => `/business/${id}/direct_debit/${debitId}`,
  };
}
