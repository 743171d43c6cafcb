import type { AuditEntry, Page } from '@kindred/shared';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { listPages, pageAt } from './keys';

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
      ...pageAt(position, 30),
    },
    signal,
  });
}

export const auditQueries = { page: listPages('audit', getAudit) };
