import type {
  Charity,
  CharityMember,
  CharityMemberPermission,
  MessageResponse,
  SessionDetail,
} from '@kindred/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '@/entities/session';
import { api } from '@/lib/api-client';
import type { CharityCreateInput, CharityUpdateInput } from '../lib/charity-values';
import { charityKeys } from './keys';

export interface CharityFunds {
  charity_id: number;
  charity_funds: number;
  project_funds: number;
  currency: string;
}

/** Logo limits (spec §5 and §9): PNG or JPEG, at most 10 MB. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'];

/** GET /charity/{id} */
export function getCharity(id: number): Promise<Charity> {
  return api.get<Charity>(`/charity/${id}`);
}

export function useCharity(id: number | null) {
  return useQuery({
    queryKey: charityKeys.charity(id ?? 0),
    queryFn: () => getCharity(id ?? 0),
    enabled: id !== null,
  });
}

/** PATCH /charity/{id} */
export function updateCharity({ id, ...body }: CharityUpdateInput & { id: number }): Promise<Charity> {
  return api.patch<Charity>(`/charity/${id}`, body);
}

export function useUpdateCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCharity,
    onSuccess: (charity) => queryClient.setQueryData(charityKeys.charity(charity.id), charity),
  });
}

/** POST /charity/logo/{id}, multipart field `file`. */
export function uploadCharityLogo(input: {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<Charity> {
  return api.upload<Charity>(`/charity/logo/${input.id}`, input.file, { onProgress: input.onProgress });
}

export function useUploadCharityLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCharityLogo,
    onSuccess: (charity) => queryClient.setQueryData(charityKeys.charity(charity.id), charity),
  });
}

/** DELETE /charity/{id}: refused (409) while it holds funds or runs live projects. */
export function deleteCharity(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/charity/${id}`);
}

export function useDeleteCharity() {
  return useMutation({ mutationFn: deleteCharity });
}

/** GET /charity/users/{id} */
export function getMembers(id: number): Promise<{ items: CharityMember[] }> {
  return api.get<{ items: CharityMember[] }>(`/charity/users/${id}`);
}

export function useMembers(id: number) {
  return useQuery({ queryKey: charityKeys.members(id), queryFn: () => getMembers(id) });
}

export interface MemberChange {
  charityId: number;
  userId: number;
  admin_type?: 1 | 2 | 99;
  permissions?: CharityMemberPermission[];
}

/** PATCH /membership/charity/{charity_id}/{user_id} */
export function updateMember({ charityId, userId, ...body }: MemberChange): Promise<MessageResponse> {
  return api.patch<MessageResponse>(`/membership/charity/${charityId}/${userId}`, body, { silent: true });
}

/** DELETE /membership/charity/{charity_id}/{user_id}: 409 LAST_ADMIN for the last admin. */
export function removeMember(input: { charityId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/charity/${input.charityId}/${input.userId}`, undefined, {
    silent: true,
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: charityKeys.members(input.charityId) }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: charityKeys.members(input.charityId) }),
  });
}

/** GET /charity/funds/{id} (view_finance) */
export function getFunds(id: number): Promise<CharityFunds> {
  return api.get<CharityFunds>(`/charity/funds/${id}`);
}

export function useFunds(id: number, enabled = true) {
  return useQuery({ queryKey: charityKeys.funds(id), queryFn: () => getFunds(id), enabled });
}

/** POST /user/add/charity: a pending charity whose admin is the signed-in person. */
export function registerCharity(body: CharityCreateInput): Promise<Charity> {
  return api.post<Charity>('/user/add/charity', body);
}

export function useRegisterCharity() {
  return useMutation({ mutationFn: registerCharity });
}

/** Reloads the session detail (GET /user/get) after memberships changed. */
export async function reloadMemberships(): Promise<void> {
  try {
    session.applyDetail(await api.get<SessionDetail>('/user/get', { background: true }));
  } catch {
    // The next start refreshes it; the error toast was shown.
  }
}
