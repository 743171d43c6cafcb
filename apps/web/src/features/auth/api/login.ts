import type { LoginBody, LoginResponse } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/login */
export function login(body: LoginBody): Promise<LoginResponse> {
  // The sign-in form shows the refusal.
  return api.post<LoginResponse>('/auth/login', body, { anonymous: true, silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
