import type { Wallet } from '@kindred/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type WalletOwner, walletPaths } from '../lib/owner';
import { walletKeys } from './keys';

/** GET /user/wallet or GET /business/wallet/{id}: balance, credits and held, in minor units. */
export function getWallet(owner: WalletOwner): Promise<Wallet> {
  return api.get<Wallet>(walletPaths(owner).wallet);
}

export function useWallet(owner: WalletOwner) {
  return useQuery({ queryKey: walletKeys.balance(owner), queryFn: () => getWallet(owner) });
}
