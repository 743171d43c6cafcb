import type { AuditEntry, AuditListQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { usersQueries } from '../users/users.repository.js';
import { auditRepository } from './audit.repository.js';

/** GET /admin/audit: what platform admins did, newest first, filtered. */
export function auditService(ctx: AppContext) {
  const db = () => ctx.database.db;
  return {
    async list(auth: AuthUser | null, query: AuditListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      const cursor = decodeCursor(query.cursor, ['time', 'id']);
      const rows = await auditRepository.list(
        db(),
        {
          actorId: query.actor_id,
          action: query.action || undefined,
          targetType: query.target_type,
          targetId: query.target_id,
        },
        { limit: query.limit + 1, cursor, before: query.direction === 'before' },
      );
      const names = await usersQueries.names(
        db(),
        rows.flatMap((r) => (r.row.actorId === null ? [] : [r.row.actorId])),
      );
      return toPage(
        rows,
        query,
        (r) => [r.at, r.row.id],
        (r): AuditEntry => ({
          id: r.row.id,
          actor_id: r.row.actorId,
          actor_name: r.row.actorId === null ? null : (names.get(r.row.actorId) ?? null),
          action: r.row.action,
          target_type: r.row.targetType,
          target_id: r.row.targetId,
          reason: r.row.reason,
          details: r.row.details,
          created_at: r.row.createdAt.toISOString(),
        }),
      );
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
