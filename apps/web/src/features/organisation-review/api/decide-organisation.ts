import type { Business } from '@kindred/shared';
import type { AccountDecision } from '@/entities/account';
import { api } from '@/lib/api-client';
import { useOrganisationReviewMutation } from './get-review-organisations';

/** POST /admin/business/pending/update. Silent: the screen says why it was refused. */
export function decideOrganisation({ id, ...decision }: AccountDecision): Promise<Business> {
  return api.post<Business>(
    '/admin/business/pending/update',
    { business_id: id, ...decision },
    { silent: true },
  );
}

export const useDecideOrganisation = () => useOrganisationReviewMutation(decideOrganisation);
