import type { MessageResponse, RegisterBody, RegisterWithOrganisationBody } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/register: an individual. Silent: the registration form shows the refusal. */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/register', body, { anonymous: true, silent: true });
}

/** POST /user/register: a person with the charity or organisation they apply to add. */
export function registerWithOrganisation(body: RegisterWithOrganisationBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/register', body, { anonymous: true, silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useRegisterWithOrganisation() {
  return useMutation({ mutationFn: registerWithOrganisation });
}
