import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newestRows } from '../../db/pages.js';
import type { Keyset } from '../../lib/pagination.js';
import { auditLog as auditTable } from './audit.table.js';

export type AuditRow = typeof auditTable.$inferSelect;

export interface AuditRecord {
  actorId: number | null;
  action: string;
  targetType: 'user' | 'business' | 'charity' | 'project' | 'donation' | 'group';
  targetId: number | null;
  reason?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
  /** When it happened: the app's clock. */
  at: Date;
}

export interface AuditFilter {
  actorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: number | undefined;
}

/** SQL of the audit log. */
export const auditRepository = {
  async list(db: Executor, filter: AuditFilter, page: Keyset) {
    const where: SQL[] = [];
    if (filter.actorId !== undefined) where.push(eq(auditTable.actorId, filter.actorId));
    if (filter.action !== undefined) where.push(eq(auditTable.action, filter.action));
    if (filter.targetType !== undefined) where.push(eq(auditTable.targetType, filter.targetType));
    if (filter.targetId !== undefined) where.push(eq(auditTable.targetId, filter.targetId));
    return newestRows(db, auditTable, page, where);
  },

  /** Entries about one person or account, newest first (its export). */
  about(db: Executor, targetType: string, targetId: number) {
    return db
      .select()
      .from(auditTable)
      .where(and(eq(auditTable.targetType, targetType), eq(auditTable.targetId, targetId)))
      .orderBy(auditTable.createdAt, auditTable.id)
      .limit(1000);
  },
};

/**
 * The audit trail every admin action writes to, inside the action's own transaction:
 * `await auditLog.record(tx, { actorId, action: 'charity.lock', targetType: 'charity', targetId })`.
 */
export const auditLog = {
  async record(db: Executor, entry: AuditRecord): Promise<void> {
    await db.insert(auditTable).values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
      createdAt: entry.at,
    });
  },
  list: auditRepository.list,
  about: auditRepository.about,
};
