import type { Fundraiser } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

/**
 * POST /fundraiser/{id}/hide: an admin of the page's charity takes it down, with the reason its
 * fundraiser is told. Silent: the reason dialog shows a refusal beside the field.
 */
export function hideFundraiser(input: { id: number; reason: string }): Promise<Fundraiser> {
  return api.post<Fundraiser>(`/fundraiser/${input.id}/hide`, { reason: input.reason }, { silent: true });
}

/** Hides a page: the page's copy is the answer, and every list of pages is fetched again. */
export const useHideFundraiser = () =>
  useSavingMutation(hideFundraiser, (page) => fundraiserQueries.one(page.id), fundraiserQueries.lists);
