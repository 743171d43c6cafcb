import type { MessageResponse } from '@kindred/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/activate/{code} */
export function activateAccount(code: string): Promise<MessageResponse> {
  return api.get<MessageResponse>(`/auth/activate/${encodeURIComponent(code)}`, {
    anonymous: true,
    silent: true,
  });
}

/** Activates once per code (a used code answers 409, so the result is kept and never retried). */
export const activationQuery = (code: string) =>
  queryOptions({
    queryKey: ['activation', code] as const,
    queryFn: () => activateAccount(code),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: code.length > 0,
  });

export function useActivateAccount(code: string) {
  return useQuery(activationQuery(code));
}

/** POST /auth/send_activation_email/{email}: answers 200 whether or not the account exists. */
export function sendActivationEmail(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/auth/send_activation_email/${encodeURIComponent(email)}`, undefined, {
    anonymous: true,
    silent: true,
  });
}

export function useSendActivationEmail() {
  return useMutation({ mutationFn: sendActivationEmail });
}
