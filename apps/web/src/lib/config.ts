import type { PublicConfig } from '@kindred/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The deployment's public settings (GET /api/config), fetched once per page load. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<PublicConfig>('/config', { anonymous: true, background: true, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
