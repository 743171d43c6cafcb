import type { MessageResponse, PasswordResetConfirmBody } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/passwordreset/{email}: mails a single-use link valid 1 hour; always 200. The forms show refusals. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/user/passwordreset/${encodeURIComponent(email)}`, undefined, {
    anonymous: true,
    silent: true,
  });
}

/** POST /auth/password_reset/confirm */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password_reset/confirm', body, { anonymous: true, silent: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
