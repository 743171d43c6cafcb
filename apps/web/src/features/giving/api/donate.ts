import type { DonateBody, DonateResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { projectQueries } from '@/entities/project';
import { session } from '@/entities/session';
import { USER_WALLET, walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';
import type { KeyedAttempt } from '@/lib/idempotency';
import type { GiveTarget } from '../lib/target';

export interface DonateInput {
  target: GiveTarget;
  body: DonateBody;
  /** The submit attempt: its Idempotency-Key makes a retry give once. */
  attempt: KeyedAttempt;
}

/**
 * POST /user/donate/project/{id} or /user/donate/charity/{id}, with the attempt's Idempotency-Key.
 * Silent: the flow shows failures itself, beside the fields or as an alert.
 */
export function donate({ target, body, attempt }: DonateInput): Promise<DonateResponse> {
  const path =
    target.kind === 'project'
      ? `/user/donate/project/${target.project.id}`
      : `/user/donate/charity/${target.charity.id}`;
  return api.post<DonateResponse>(path, body, {
    headers: { 'Idempotency-Key': attempt.key },
    silent: true,
  });
}

/**
 * Giving moves the project's progress, the donor's wallet and every list of donations: all of
 * them are refreshed, and the session's copy of the balance follows the answer.
 */
export function useDonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: donate,
    onSuccess: ({ wallet }, { target }) => {
      queryClient.setQueryData(walletQueries.balance(USER_WALLET).queryKey, wallet);
      void queryClient.invalidateQueries({ queryKey: walletQueries.all(USER_WALLET) });
      void queryClient.invalidateQueries({ queryKey: donationQueries.all });
      if (target.kind === 'project') {
        void queryClient.invalidateQueries({ queryKey: projectQueries.all(target.project.id) });
      }
      const user = session.getState().user;
      if (user) session.updateUser({ ...user, wallet_amount: wallet.wallet_amount, credits: wallet.credits });
    },
  });
}
