import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { isoDay } from '../../lib/periods.js';
import { auditLog } from '../audit/index.js';
import { charitiesQueries } from '../charities/index.js';
import { account } from '../ledger/index.js';
import { usersQueries } from '../users/index.js';
import type { ProjectAccess } from './project-access.js';
import { assertCharityActive, assertPublishable } from './project-rules.js';
import { canMove, PROJECT_STATUS } from './project-status.js';
import { invalidTransition } from './project-views.js';
import { type ProjectRow, projectsRepository } from './projects.repository.js';

const { cancelled, draft, live, completed, finished } = PROJECT_STATUS;

/**
 * What happens to a project's donations when it ends, given by the donations module (which reads
 * projects, so projects cannot import it): completing delivers them, cancelling returns them.
 */
export interface ProjectSettlement {
  completed(tx: Tx, projectId: number, userId: number): Promise<void>;
  cancelled(tx: Tx, projectId: number, userId: number): Promise<void>;
}

/**
 * A project's life: published, completed (its funds paid out to its charity), cancelled (its
 * donations returned), run longer, returned to its charity by the platform, finished at its end date.
 */
export function projectLifecycleService(
  ctx: AppContext,
  access: ProjectAccess,
  settlement: ProjectSettlement,
) {
  const db = () => ctx.database.db;
  const { ledger } = ctx;
  const today = () => isoDay(ctx.now());
  const projectOwner = (id: number) => ({ ownerType: 'project', ownerId: id }) as const;
  const { load, manageable, present } = access;

  /**
   * Writes a project's new status (with the fields that go with it) in the caller's transaction and
   * records `project.status_changed` with it (docs/product/events.md).
   */
  async function saveStatus(
    tx: Tx,
    row: ProjectRow,
    values: Parameters<typeof projectsRepository.update>[2],
  ) {
    const updated = await projectsRepository.update(tx, row.id, values, ctx.now());
    await ctx.events.record(tx, 'project.status_changed', {
      project_id: row.id,
      charity_id: row.charityId,
      status: updated.status,
    });
    return updated;
  }

  async function move(id: number, to: number, user: AuthUser) {
    const row = await manageable(id, user);
    if (to === live) {
      if (!canMove(row.status, to, 'publish')) throw invalidTransition(row, to);
      assertPublishable(row, today());
      await assertCharityActive(db(), row);
      return present(
        await db().transaction((tx) =>
          saveStatus(tx, row, { status: live, publishedAt: row.publishedAt ?? ctx.now() }),
        ),
        user,
        true,
      );
    }
    if (to === completed) return complete(id, user);
    if (to === cancelled) return cancel(id, user);
    if (to === finished) {
      if (row.status !== completed) throw invalidTransition(row, to);
      return present(
        await db().transaction((tx) => saveStatus(tx, row, { status: finished, finishedReason: 'impact' })),
        user,
        true,
      );
    }
    throw invalidTransition(row, to);
  }

  /** Moves whatever the project holds to its charity's funds (complete, or an impact statement). */
  async function payOutToCharity(tx: Tx, row: ProjectRow, by: number) {
    await settlement.completed(tx, row.id, by);
    const funds = (await ledger.balances(tx, projectOwner(row.id))).projectFunds;
    if (funds > 0 && row.charityId) {
      await ledger.transfer(
        tx,
        account(projectOwner(row.id), 'project_funds'),
        account({ ownerType: 'charity', ownerId: row.charityId }, 'charity_funds'),
        funds,
        {
          kind: 'project_complete',
          description: `Project completed: ${row.title}`,
          createdBy: by,
          reference: { project_id: row.id },
        },
      );
    }
  }

  /** Live, or Finished because its end date passed: a project that ran its course can be completed. */
  const completable = (row: ProjectRow) =>
    canMove(row.status, completed, 'complete') &&
    (row.status !== finished || row.finishedReason === 'end_date');

  async function complete(id: number, user: AuthUser) {
    const checked = await manageable(id, user);
    if (!completable(checked)) throw invalidTransition(checked, completed);
    await assertCharityActive(db(), checked);
    const updated = await db().transaction(async (tx) => {
      const row = await projectsRepository.findForUpdate(tx, id);
      if (!row || !completable(row)) throw invalidTransition(row ?? checked, completed);
      await payOutToCharity(tx, row, user.id);
      return saveStatus(tx, row, { status: completed, finishedReason: null });
    });
    return present(updated, user, true);
  }

  async function cancel(id: number, user: AuthUser) {
    const checked = await manageable(id, user);
    if (!canMove(checked.status, cancelled, 'cancel')) throw invalidTransition(checked, cancelled);
    const updated = await db().transaction(async (tx) => {
      const row = await projectsRepository.findForUpdate(tx, id);
      if (!row || !canMove(row.status, cancelled, 'cancel'))
        throw invalidTransition(row ?? checked, cancelled);
      await settlement.cancelled(tx, row.id, user.id);
      return saveStatus(tx, row, { status: cancelled });
    });
    return present(updated, user, true);
  }

  return {
    saveStatus,
    move,
    complete,
    cancel,
    payOutToCharity,

    async extend(id: number, endDate: string, user: AuthUser) {
      const row = await manageable(id, user);
      const byDate = row.status === finished && row.finishedReason === 'end_date';
      if (!(row.status === live || byDate)) throw invalidTransition(row, live);
      if (endDate <= today())
        throw badRequest('The new end date must be after today.', { end_date: 'After today.' });
      if (row.endDate && endDate <= row.endDate) {
        throw badRequest('The new end date must be after the current one.', {
          end_date: `After ${row.endDate}.`,
        });
      }
      await assertCharityActive(db(), row);
      return present(
        await db().transaction((tx) => saveStatus(tx, row, { endDate, status: live, finishedReason: null })),
        user,
        true,
      );
    },

    /** A platform admin returns a Live project to its charity for changes; the charity is told why. */
    async returnToCharity(auth: AuthUser | null, projectId: number, reason: string) {
      const actor = await ctx.access.require(auth, Permission.ProjectReturn);
      const row = await load(projectId);
      if (!canMove(row.status, draft, 'return')) throw invalidTransition(row, draft);
      const updated = await db().transaction(async (tx) => {
        const next = await saveStatus(tx, row, { status: draft });
        await auditLog.record(tx, {
          actorId: actor.id,
          action: 'project.return',
          targetType: 'project',
          targetId: projectId,
          reason,
          at: ctx.now(),
        });
        return next;
      });
      if (row.charityId) {
        for (const to of await usersQueries.emails(
          db(),
          await charitiesQueries.adminIds(db(), row.charityId),
        )) {
          await ctx.notices.queue(db(), {
            to,
            subject: `Your project "${row.title}" needs changes`,
            text: [
              `Kindred returned "${row.title}" to you as a Draft.`,
              '',
              `Reason: ${reason}`,
              '',
              'Change it and publish it again.',
            ].join('\n'),
          });
        }
      }
      return present(updated, actor, false);
    },

    /** The scheduled job: carries the gifts' progress slots into the projects' rows; answers how many projects. */
    async foldProgress() {
      return db().transaction((tx) => projectsRepository.foldProgress(tx));
    },

    /** The scheduled job: answers how many projects it finished. */
    async finishExpired() {
      return db().transaction(async (tx) => {
        const rows = await projectsRepository.finishExpired(tx, today(), ctx.now());
        for (const row of rows) {
          await ctx.events.record(tx, 'project.status_changed', {
            project_id: row.id,
            charity_id: row.charityId,
            status: PROJECT_STATUS.finished,
          });
        }
        return rows.length;
      });
    },
  };
}
export type ProjectLifecycleService = ReturnType<typeof projectLifecycleService>;
