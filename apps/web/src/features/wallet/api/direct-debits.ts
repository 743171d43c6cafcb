import type { BusinessDirectDebitBody, DirectDebit, DirectDebitBody } from '@kindred/shared';
import { type WalletOwner, walletPaths, walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface CreateDirectDebitInput {
  owner: WalletOwner;
  /** A person's mandates are wallet top-ups; an organisation's may subscribe to a charity. */
  body: DirectDebitBody | BusinessDirectDebitBody;
  idempotencyKey: string;
}

/** POST /user/create_direct_debit or POST /business/direct_debit/{id}: 201 with the mandate. */
export function createDirectDebit({
  owner,
  body,
  idempotencyKey,
}: CreateDirectDebitInput): Promise<DirectDebit> {
  return api.post<DirectDebit>(walletPaths(owner).createDirectDebit, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export interface CancelDirectDebitInput {
  owner: WalletOwner;
  id: number;
  idempotencyKey: string;
}

/** DELETE /user/direct_debit/{id} or DELETE /business/{id}/direct_debit/{debitId} */
export function cancelDirectDebit({
  owner,
  id,
  idempotencyKey,
}: CancelDirectDebitInput): Promise<DirectDebit> {
  return api.delete<DirectDebit>(walletPaths(owner).cancelDirectDebit(id), undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const useCreateDirectDebit = () =>
  useRefreshingMutation(createDirectDebit, ({ owner }) => walletQueries.directDebits(owner).queryKey);

export const useCancelDirectDebit = () =>
  useRefreshingMutation(cancelDirectDebit, ({ owner }) => walletQueries.directDebits(owner).queryKey);
