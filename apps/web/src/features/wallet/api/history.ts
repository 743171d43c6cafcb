import type { HistoryItem, Page } from '@kindred/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type WalletOwner, walletPaths } from '../lib/owner';
import { walletKeys } from './keys';

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

export function useHistory(owner: WalletOwner, params: HistoryParams, enabled = true) {
  return useQuery({
    queryKey: walletKeys.history(owner, params),
    queryFn: ({ signal }) => getHistory(owner, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
