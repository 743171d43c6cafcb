import type { EmailChangeBody, TokenResponse, User } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/email: answers a new token and the updated user. Silent: the form shows a refusal. */
export function changeEmail(body: EmailChangeBody): Promise<TokenResponse & { user: User }> {
  return api.post<TokenResponse & { user: User }>('/user/email', body, { silent: true });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
