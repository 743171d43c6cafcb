import type { PublicConfig } from '@kindred/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The deployment's public settings (GET /api/config), fetched once per page load; the key lives here. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => api.get<PublicConfig>('/config', { anonymous: true, background: true, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
