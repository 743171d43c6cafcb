import type { DirectDebit, Page, Wallet } from '@kindred/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AdminRecipient = 'user' | 'business';
export type AdminDepositKind = 'money' | 'credits';

export interface AdminDepositInput {
  recipient: AdminRecipient;
  id: number;
  kind: AdminDepositKind;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export interface AdminDepositResult {
  transaction_id: number;
  wallet: Wallet;
}

/**
 * A platform admin's deposit: POST /admin/user/{id}/deposit, POST /admin/business/{id}/deposit for
 * money, POST /admin/business/{id}/cc for an organisation's credits ("cc"). Silent: the form
 * reports failures.
 */
export function adminDeposit({ recipient, id, kind, amount, reason, idempotencyKey }: AdminDepositInput) {
  const options = { headers: { 'Idempotency-Key': idempotencyKey }, silent: true };
  if (recipient === 'business' && kind === 'credits') {
    return api.post<AdminDepositResult>(`/admin/business/${id}/cc`, { amount, reason }, options);
  }
  const path = recipient === 'user' ? `/admin/user/${id}/deposit` : `/admin/business/${id}/deposit`;
  return api.post<AdminDepositResult>(path, { amount, kind, reason }, options);
}

export function useAdminDeposit() {
  return useMutation({ mutationFn: adminDeposit });
}

export const ADMIN_DIRECT_DEBITS_PAGE_SIZE = 20;

export interface AdminDirectDebitsParams {
  status?: DirectDebit['status'] | undefined;
  cursor?: string | undefined;
  direction?: 'after' | 'before' | undefined;
}

/** GET /admin/direct_debits_list?status=&limit&cursor&direction: every mandate, newest first. */
export function getAdminDirectDebits(params: AdminDirectDebitsParams, signal?: AbortSignal) {
  return api.get<Page<DirectDebit>>('/admin/direct_debits_list', {
    query: { ...params, limit: ADMIN_DIRECT_DEBITS_PAGE_SIZE },
    signal,
  });
}

/** Every direct debit on the platform (platform admins); the key lives here only. */
export const adminDirectDebitQueries = {
  list: (params: AdminDirectDebitsParams) =>
    queryOptions({
      queryKey: ['admin', 'direct-debits', params] as const,
      queryFn: ({ signal }) => getAdminDirectDebits(params, signal),
      placeholderData: keepPreviousData,
    }),
};
