import type { DirectDebit, HistoryItem, Page, PaymentMethod, Wallet } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerKey, type WalletOwner, walletPaths } from './wallet-owner';

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryParams {
  /** 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  account?: HistoryItem['account'] | undefined;
  kind?: string | undefined;
  cursor?: string | undefined;
  /** 'after' walks to older entries, 'before' to newer ones. */
  direction?: 'after' | 'before' | undefined;
}

/** GET /user/wallet or GET /business/wallet/{id}: balance, credits and held, in minor units. */
export function getWallet(owner: WalletOwner): Promise<Wallet> {
  return api.get<Wallet>(walletPaths(owner).wallet);
}

/** GET /user/payments/{from}/{to} (or the organisation's): one keyset page, newest first. */
export function getHistory(
  owner: WalletOwner,
  { from, to, ...query }: HistoryParams,
  signal?: AbortSignal,
): Promise<Page<HistoryItem>> {
  return api.get<Page<HistoryItem>>(walletPaths(owner).history(from, to), {
    query: { ...query, limit: HISTORY_PAGE_SIZE },
    signal,
  });
}

/** GET /user/direct_debits or GET /business/{id}/direct_debits */
export function getDirectDebits(owner: WalletOwner): Promise<Page<DirectDebit>> {
  return api.get<Page<DirectDebit>>(walletPaths(owner).directDebits);
}

/** GET /user/payment_methods or GET /business/{id}/payment_methods: saved cards, the default first. */
export function getPaymentMethods(owner: WalletOwner): Promise<{ items: PaymentMethod[] }> {
  return api.get<{ items: PaymentMethod[] }>(walletPaths(owner).paymentMethods);
}

/**
 * The wallet's queries. Their keys live here only: everything of one owner's wallet sits under
 * `walletQueries.all(owner)`, which a change of the wallet (money added, a direct debit) invalidates.
 */
export const walletQueries = {
  all: (owner: WalletOwner) => ['wallet', ownerKey(owner)] as const,
  balance: (owner: WalletOwner) =>
    queryOptions({
      queryKey: [...walletQueries.all(owner), 'balance'] as const,
      queryFn: () => getWallet(owner),
    }),
  history: (owner: WalletOwner, params: HistoryParams) =>
    queryOptions({
      queryKey: [...walletQueries.all(owner), 'history', params] as const,
      queryFn: ({ signal }) => getHistory(owner, params, signal),
      placeholderData: keepPreviousData,
    }),
  directDebits: (owner: WalletOwner) =>
    queryOptions({
      queryKey: [...walletQueries.all(owner), 'direct-debits'] as const,
      queryFn: () => getDirectDebits(owner),
    }),
  /** The owner's saved cards (the give flow offers them; the wallet screen manages them). */
  paymentMethods: (owner: WalletOwner) =>
    queryOptions({
      queryKey: [...walletQueries.all(owner), 'payment-methods'] as const,
      queryFn: () => getPaymentMethods(owner),
    }),
};
