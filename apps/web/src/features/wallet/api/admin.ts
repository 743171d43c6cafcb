import type { AdminUser, Business, DirectDebit, Page, Wallet } from '@kindred/shared';
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

/** Someone a deposit can go to, found by name (or a person's email). */
export interface DepositRecipient {
  id: number;
  name: string;
  /** A person's email, to tell two people of one name apart. */
  email: string | null;
}

const SEARCH_LIMIT = 10;

/** GET /admin/user_list?q=: people by name or email (platform admins). */
export async function searchPeople(q: string, signal?: AbortSignal): Promise<{ items: DepositRecipient[] }> {
  const page = await api.get<Page<AdminUser>>('/admin/user_list', {
    query: { q, limit: SEARCH_LIMIT },
    signal,
    background: true,
  });
  return {
    items: page.items
      .filter((user) => !user.deleted)
      .map((user) => ({
        id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim(),
        email: user.email,
      })),
  };
}

/** GET /admin/business_list?q=&status=approved: approved organisations by name (platform admins). */
export async function searchOrganisations(
  q: string,
  signal?: AbortSignal,
): Promise<{ items: DepositRecipient[] }> {
  const page = await api.get<Page<Business>>('/admin/business_list', {
    query: { q, status: 'approved', limit: SEARCH_LIMIT },
    signal,
    background: true,
  });
  return { items: page.items.map((business) => ({ id: business.id, name: business.name, email: null })) };
}

/** The deposit form's searches; their keys live here only. */
export const depositRecipientQueries = {
  search: (recipient: AdminRecipient, q: string) =>
    queryOptions({
      queryKey: ['admin', 'deposit-recipients', recipient, q] as const,
      queryFn: ({ signal }) =>
        recipient === 'user' ? searchPeople(q, signal) : searchOrganisations(q, signal),
      enabled: q.trim().length >= 2,
      staleTime: 30_000,
    }),
};

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
