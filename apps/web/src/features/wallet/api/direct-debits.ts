import type { BusinessDirectDebitBody, DirectDebit, DirectDebitBody, Page } from '@kindred/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newIdempotencyKey } from '../lib/idempotency';
import { type WalletOwner, walletPaths } from '../lib/owner';
import { walletKeys } from './keys';

/** GET /user/direct_debits or GET /business/{id}/direct_debits */
export function getDirectDebits(owner: WalletOwner): Promise<Page<DirectDebit>> {
  return api.get<Page<DirectDebit>>(walletPaths(owner).directDebits);
}

export function useDirectDebits(owner: WalletOwner) {
  return useQuery({ queryKey: walletKeys.directDebits(owner), queryFn: () => getDirectDebits(owner) });
}

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

/** DELETE /user/direct_debit/{id} or DELETE /business/{id}/direct_debit/{debitId} */
export function cancelDirectDebit({ owner, id }: { owner: WalletOwner; id: number }): Promise<DirectDebit> {
  return api.delete<DirectDebit>(walletPaths(owner).cancelDirectDebit(id), undefined, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

export function useCreateDirectDebit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDirectDebit,
    onSuccess: (_debit, { owner }) =>
      queryClient.invalidateQueries({ queryKey: walletKeys.directDebits(owner) }),
  });
}

export function useCancelDirectDebit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDirectDebit,
    onSuccess: (_debit, { owner }) =>
      queryClient.invalidateQueries({ queryKey: walletKeys.directDebits(owner) }),
  });
}
