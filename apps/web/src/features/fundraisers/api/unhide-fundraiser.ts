import type { Fundraiser } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

/** POST /fundraiser/{id}/unhide: an admin of the page's charity puts a hidden page back. */
export function unhideFundraiser(id: number): Promise<Fundraiser> {
  return api.post<Fundraiser>(`/fundraiser/${id}/unhide`);
}

/** Puts a page back: the page's copy is the answer, and every list of pages is fetched again. */
export const useUnhideFundraiser = () =>
  useSavingMutation(unhideFundraiser, (page) => fundraiserQueries.one(page.id), fundraiserQueries.lists);
