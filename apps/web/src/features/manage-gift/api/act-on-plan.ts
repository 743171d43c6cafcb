import type { ManageActionBody, ManageView } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api, isApiError } from '@/lib/api-client';
import { managePath, manageQueries } from './get-manage-view';

export interface ActOnPlanInput {
  token: string;
  body: ManageActionBody;
  /** A form shows its refusal beside its fields; a button leaves it to the error toast. */
  silent?: boolean;
}

/**
 * POST /manage/{token}: one change to the link's recurring gift (pause, resume, cancel, a new
 * amount or card), answered with the plan as it now is (docs/product/card-gifts.md#manage-from-the-mail).
 */
export function actOnPlan({ token, body, silent = false }: ActOnPlanInput): Promise<ManageView> {
  return api.post<ManageView>(managePath(token), body, { anonymous: true, silent });
}

/** A refusal after which what the page shows may be out of date: the plan changed, or the link went. */
function staleAfter(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 409 || error.status === 410);
}

export function useActOnPlan(token: string) {
  const queryClient = useQueryClient();
  const key = manageQueries.view(token).queryKey;
  return useMutation({
    mutationFn: (input: Omit<ActOnPlanInput, 'token'>) => actOnPlan({ token, ...input }),
    onSuccess: (view) => {
      // The answer is the plan as it now is: the page shows it at once.
      queryClient.setQueryData(key, view);
      // A giver who is signed in sees the change in their giving too.
      void queryClient.invalidateQueries({ queryKey: donationQueries.all });
    },
    onError: (error) => (staleAfter(error) ? queryClient.invalidateQueries({ queryKey: key }) : undefined),
  });
}
