import type { Fundraiser, FundraiserUpdateBody } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

export interface UpdateFundraiserInput {
  id: number;
  /** Only what changed: an end date that passed stays as it is. */
  body: FundraiserUpdateBody;
}

/** PATCH /fundraiser/{id}: its fundraiser edits the page. Silent: the form shows a refusal beside the fields. */
export function updateFundraiser({ id, body }: UpdateFundraiserInput): Promise<Fundraiser> {
  return api.patch<Fundraiser>(`/fundraiser/${id}`, body, { silent: true });
}

export const useUpdateFundraiser = () =>
  useSavingMutation(
    updateFundraiser,
    (page) => fundraiserQueries.detail(page.id).queryKey,
    fundraiserQueries.lists,
  );
