import type { CardActionResponse, DonateBody, DonateResponse } from '@kindred/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { fundraiserQueries } from '@/entities/fundraiser';
import { organisationQueries } from '@/entities/organisation';
import { projectQueries } from '@/entities/project';
import { session } from '@/entities/session';
import { USER_WALLET, type WalletOwner, walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';
import type { KeyedAttempt } from '@/lib/idempotency';
import type { GiveTarget } from '../lib/target';

export interface DonateInput {
  target: GiveTarget;
  body: DonateBody;
  /** The submit attempt: its Idempotency-Key makes a retry give once. */
  attempt: KeyedAttempt;
  /** On behalf of this organisation (held until its sign-off admins approve); the person's own gift without. */
  organisation?: { id: number; name: string };
}

/** The answer of a gift by card whose bank asks for one more step (3-D Secure) before it is made. */
export const needsCardAction = (answer: DonateResponse | CardActionResponse): answer is CardActionResponse =>
  'payment' in answer;

/**
 * POST /user/donate/project/{id} or /user/donate/charity/{id}, with the attempt's Idempotency-Key.
 * Silent: the flow shows failures itself, beside the fields or as an alert. A gift by card may
 * answer 202: its card's bank asks for one more step first (docs/product/card-gifts.md).
 */
export function donate({
  target,
  body,
  attempt,
  organisation,
}: DonateInput): Promise<DonateResponse | CardActionResponse> {
  const giver = organisation ? `/business/${organisation.id}/donate` : '/user/donate';
  const path =
    target.kind === 'project'
      ? `${giver}/project/${target.project.id}`
      : `${giver}/charity/${target.charity.id}`;
  return api.post<DonateResponse | CardActionResponse>(path, body, {
    headers: { 'Idempotency-Key': attempt.key },
    silent: true,
  });
}

/**
 * Giving moves the project's progress, the donor's wallet and every list of donations: all of
 * them are refreshed, and the session's copy of the balance follows the answer.
 */
export function refreshAfterGift(
  queryClient: QueryClient,
  { wallet }: DonateResponse,
  { target, organisation }: Pick<DonateInput, 'target' | 'organisation'>,
) {
  const owner: WalletOwner = organisation ? { type: 'business', ...organisation } : USER_WALLET;
  queryClient.setQueryData(walletQueries.balance(owner).queryKey, wallet);
  void queryClient.invalidateQueries({ queryKey: walletQueries.all(owner) });
  void queryClient.invalidateQueries({ queryKey: donationQueries.all });
  if (target.kind === 'project') {
    void queryClient.invalidateQueries({ queryKey: projectQueries.all(target.project.id) });
  }
  // Through a fundraising page: the page's progress and wall, and every list it is in.
  if (target.fundraiser) void queryClient.invalidateQueries({ queryKey: fundraiserQueries.all });
  if (organisation) {
    void queryClient.invalidateQueries({ queryKey: organisationQueries.all(organisation.id) });
    return;
  }
  const user = session.getState().user;
  if (user) session.updateUser({ ...user, wallet_amount: wallet.wallet_amount, credits: wallet.credits });
}

/**
 * A call that makes a gift (or answers that the card's bank asks for one more step first): once
 * the gift is made, what it moves is refreshed (refreshAfterGift).
 */
export function useGiftMutation<Input extends Pick<DonateInput, 'target' | 'organisation'>>(
  mutationFn: (input: Input) => Promise<DonateResponse | CardActionResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, input) => {
      if (!needsCardAction(answer)) refreshAfterGift(queryClient, answer, input);
    },
  });
}

export function useDonate() {
  return useGiftMutation(donate);
}
