import type { Charity } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CharityCreateInput } from '../lib/charity-values';

/** POST /user/add/charity: a pending charity whose admin is the signed-in person. Silent: the form shows a refusal. */
export function registerCharity(body: CharityCreateInput): Promise<Charity> {
  return api.post<Charity>('/user/add/charity', body, { silent: true });
}

export function useRegisterCharity() {
  return useMutation({ mutationFn: registerCharity });
}
