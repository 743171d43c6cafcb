import type { Business, BusinessCreateBody } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/add/business: a pending organisation whose Super Admin is the signed-in person. Silent: the form shows a refusal. */
export function registerOrganisation(body: BusinessCreateBody): Promise<Business> {
  return api.post<Business>('/user/add/business', body, { silent: true });
}

export function useRegisterOrganisation() {
  return useMutation({ mutationFn: registerOrganisation });
}
