import type { PasswordChangeBody, TokenResponse } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /user/password: answers a new token; the old ones stop working. Silent: the form shows a refusal. */
export function changePassword(body: PasswordChangeBody): Promise<TokenResponse> {
  return api.patch<TokenResponse>('/user/password', body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
