import type { FundraiserPost, FundraiserPostBody } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface PostFundraiserUpdateInput {
  id: number;
  body: FundraiserPostBody;
}

/** POST /fundraiser/{id}/updates: news from the fundraiser. Silent: the dialog shows a refusal. */
export function postFundraiserUpdate({ id, body }: PostFundraiserUpdateInput): Promise<FundraiserPost> {
  return api.post<FundraiserPost>(`/fundraiser/${id}/updates`, body, { silent: true });
}

export const usePostFundraiserUpdate = () =>
  useRefreshingMutation(postFundraiserUpdate, ({ id }) => fundraiserQueries.updates(id).queryKey);
