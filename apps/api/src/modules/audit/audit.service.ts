import type { AuditEntry, AuditListQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { type AuditRow, auditRepository } from './audit.repository.js';

/**
 * The names of the entries' targets as they are now, by `type:id`, from each owner's query
 * functions: one query per kind of target on the page. Donations have no name.
 */
async function targetNames(db: Executor, rows: AuditRow[]): Promise<Map<string, string>> {
  const ids = (type: string) =>
    rows.flatMap((r) => (r.targetType === type && r.targetId !== null ? [r.targetId] : []));
  const [people, organisations, charities, projects, groups] = await Promise.all([
    usersQueries.names(db, ids('user')),
    organisationsQueries.names(db, ids('business')),
    charitiesQueries.names(db, ids('charity')),
    projectsQueries.titles(db, ids('project')),
    groupsQueries.names(db, ids('group')),
  ]);
  const names = new Map<string, string>();
  for (const [id, name] of people) names.set(`user:${id}`, name);
  for (const [id, name] of organisations) names.set(`business:${id}`, name);
  for (const [id, row] of charities) names.set(`charity:${id}`, row.name);
  for (const [id, name] of projects) names.set(`project:${id}`, name);
  for (const [id, name] of groups) names.set(`group:${id}`, name);
  return names;
}

/** The name an entry recorded at the time (`details.name`), when its target has none now. */
const recordedName = (row: AuditRow) => (typeof row.details.name === 'string' ? row.details.name : null);

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
      const [names, targets] = await Promise.all([
        usersQueries.names(
          db(),
          rows.flatMap((r) => (r.row.actorId === null ? [] : [r.row.actorId])),
        ),
        targetNames(
          db(),
          rows.map((r) => r.row),
        ),
      ]);
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
          target_name: targets.get(`${r.row.targetType}:${r.row.targetId}`) || recordedName(r.row),
          reason: r.row.reason,
          details: r.row.details,
          created_at: r.row.createdAt.toISOString(),
        }),
      );
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
