import {
  type AdminExpiringQuery,
  type AdminProjectListQuery,
  type AdminProjectMailsBody,
  PROJECT_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { auditLog } from '../audit/index.js';
import { charitiesQueries } from '../charities/index.js';
import { projectsQueries, withUnfolded } from '../projects/index.js';
import { adminRepository } from './admin.repository.js';
import { addDays, adminReads, daysBetween, isoDay, presentProject } from './admin-views.js';

/**
 * The platform admin area's projects (docs/product/platform-admin.md): the list, one project, and
 * the projects ending or ended whose admins may be reminded to extend them.
 */
export function adminProjectsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const reads = () => ctx.database.reads;
  const { page, newestFirstPage, projectAdmins } = adminReads(ctx);

  return {
    /** GET /admin/projects_list */
    async projectList(auth: AuthUser | null, query: AdminProjectListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          projectsQueries.adminList(
            db(),
            { q: query.q || undefined, status: query.status, charityId: query.charity_id },
            position,
          ),
        async (rows) => {
          const [names, unfolded] = await Promise.all([
            charitiesQueries.names(
              db(),
              rows.map((r) => r.row.charityId),
            ),
            projectsQueries.unfolded(
              db(),
              rows.map((r) => r.row.id),
            ),
          ]);
          return (r) => presentProject(withUnfolded(r.row, unfolded.get(r.row.id)), names);
        },
      );
    },

    /** GET /admin/project/{id} */
    async project(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.PlatformRead);
      const row = await projectsQueries.find(db(), id);
      if (!row) throw notFound('The project');
      const [names, admins, reminders] = await Promise.all([
        charitiesQueries.names(db(), [row.charityId]),
        projectAdmins(row.id, row.charityId),
        adminRepository.lastReminders(db(), [row.id]),
      ]);
      return {
        ...presentProject(row, names),
        summary: row.summary,
        start_date: row.startDate,
        published_at: row.publishedAt?.toISOString() ?? null,
        volunteering_pledged: row.volunteeringPledged,
        skilled_pledged: row.skilledPledged,
        gifts_pledged: row.giftsPledged,
        admins,
        last_reminded_at: reminders.get(row.id)?.toISOString() ?? null,
      };
    },

    /** GET /admin/projects/all_expire_projects */
    async expiring(auth: AuthUser | null, query: AdminExpiringQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      const cursor = decodeCursor(query.cursor, ['day', 'id']);
      const today = isoDay(ctx.now());
      const rows = await projectsQueries.expiring(
        reads(),
        {
          until: addDays(today, query.days),
          live: query.which !== 'finished',
          finished: query.which !== 'ending',
        },
        page(query, cursor),
      );
      const [names, reminders, unfolded] = await Promise.all([
        charitiesQueries.names(
          db(),
          rows.map((r) => r.charityId),
        ),
        adminRepository.lastReminders(
          db(),
          rows.map((r) => r.id),
        ),
        projectsQueries.unfolded(
          db(),
          rows.map((r) => r.id),
        ),
      ]);
      return toPage(
        rows,
        query,
        (r) => [r.endDate ?? today, r.id],
        (r) => ({
          ...presentProject(withUnfolded(r, unfolded.get(r.id)), names),
          days_left: r.endDate ? daysBetween(today, r.endDate) : 0,
          last_reminded_at: reminders.get(r.id)?.toISOString() ?? null,
        }),
      );
    },

    /** POST /admin/projects/mails: reminds each project's admins, once per project per day. */
    async mailExpiring(auth: AuthUser | null, body: AdminProjectMailsBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformProjectsMail);
      const ids = [...new Set(body.project_ids)];
      const today = isoDay(ctx.now());
      const mailed: { project_id: number; recipients: number }[] = [];
      const skipped: { project_id: number; reason: string }[] = [];
      for (const id of ids) {
        const row = await projectsQueries.find(db(), id);
        if (!row) {
          skipped.push({ project_id: id, reason: 'Not found.' });
          continue;
        }
        if (row.status !== PROJECT_STATUS.live && row.status !== PROJECT_STATUS.finished) {
          skipped.push({ project_id: id, reason: 'Only Live and Finished projects can be extended.' });
          continue;
        }
        const admins = await projectAdmins(row.id, row.charityId);
        if (admins.length === 0) {
          skipped.push({ project_id: id, reason: 'The project has no admins to mail.' });
          continue;
        }
        const link = `${ctx.config.publicUrl}/charity/projects/${row.id}`;
        const sent = await db().transaction(async (tx) => {
          if (!(await adminRepository.claimReminder(tx, row.id, today, actor.id, ctx.now()))) return false;
          const ending =
            row.status === PROJECT_STATUS.finished ? `ended on ${row.endDate}` : `ends on ${row.endDate}`;
          for (const admin of admins)
            await ctx.notices.queue(tx, {
              to: admin.email,
              subject: `${row.title} ${row.status === PROJECT_STATUS.finished ? 'has ended' : 'ends soon'}`,
              text: [
                `Your project "${row.title}" ${ending}.`,
                '',
                'If it still needs support, extend it by choosing a new end date:',
                link,
                '',
                'The Kindred team',
              ].join('\n'),
            });
          await auditLog.record(tx, {
            actorId: actor.id,
            action: 'project.mail',
            targetType: 'project',
            targetId: row.id,
            details: { recipients: admins.length },
            at: ctx.now(),
          });
          return true;
        });
        if (sent) mailed.push({ project_id: id, recipients: admins.length });
        else skipped.push({ project_id: id, reason: 'Already reminded today.' });
      }
      return { mailed, skipped };
    },
  };
}
export type AdminProjectsService = ReturnType<typeof adminProjectsService>;
