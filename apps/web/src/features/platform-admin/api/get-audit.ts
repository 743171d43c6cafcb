import type { AuditEntry, Page } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

export interface AuditFilters {
  action: string;
  target_type: '' | 'user' | 'business' | 'charity' | 'project' | 'donation' | 'group';
  target_id: string;
}

/** GET /admin/audit: what platform admins did, newest first. */
export function getAudit(filters: AuditFilters, position: PagePosition, signal?: AbortSignal) {
  const targetId = Number(filters.target_id);
  return api.get<Page<AuditEntry>>('/admin/audit', {
    query: {
      action: filters.action.trim() || undefined,
      target_type: filters.target_type || undefined,
      target_id: Number.isSafeInteger(targetId) && targetId > 0 ? targetId : undefined,
      limit: 30,
      cursor: position.cursor,
      direction: position.direction,
    },
    signal,
  });
}

export const auditQueries = {
  page: (filters: AuditFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'audit', filters, position] as const,
      queryFn: ({ signal }) => getAudit(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
};
