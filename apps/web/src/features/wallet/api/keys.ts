import { ownerKey, type WalletOwner } from '../lib/owner';

/** Query keys: everything of one owner's wallet sits under `['wallet', ownerKey]`. */
export const walletKeys = {
  all: (owner: WalletOwner) => ['wallet', ownerKey(owner)] as const,
  balance: (owner: WalletOwner) => ['wallet', ownerKey(owner), 'balance'] as const,
  history: (owner: WalletOwner, params: object) => ['wallet', ownerKey(owner), 'history', params] as const,
  directDebits: (owner: WalletOwner) => ['wallet', ownerKey(owner), 'direct-debits'] as const,
};
