import type { Fundraiser, FundraiserCreateBody } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

/** POST /fundraiser/create. Silent: the form shows a refusal beside the fields. */
export function createFundraiser(body: FundraiserCreateBody): Promise<Fundraiser> {
  return api.post<Fundraiser>('/fundraiser/create', body, { silent: true });
}

export const useCreateFundraiser = () =>
  useSavingMutation(
    createFundraiser,
    (page) => fundraiserQueries.detail(page.id).queryKey,
    fundraiserQueries.lists,
  );
