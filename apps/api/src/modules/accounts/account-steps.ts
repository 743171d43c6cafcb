import type { AdminLockBody } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { AccountChange } from '../../events/catalogue.js';
import { AppError, conflict } from '../../lib/errors.js';
import { replacePicture, type UploadSource } from '../../lib/uploads.js';
import { auditLog } from '../audit/index.js';
import { lockNotice } from '../notices/index.js';
import { personNames, type UserRow, usersQueries } from '../users/index.js';

type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** What the shared steps read of an account's row. */
export interface AccountRow {
  id: number;
  name: string;
  logo: string | null;
  lockStatus: boolean;
  approvalStatus: ApprovalStatus;
}

/** The columns the shared steps change. */
export interface AccountChanges {
  logo?: string | null;
  lockStatus?: boolean;
  approvalStatus?: ApprovalStatus;
  rejectionReason?: string | null;
}

/**
 * An account with members, a charity or an organisation, as the steps they share see it: its names
 * and how its row is changed and its admins are reached.
 */
export interface AccountKind<Row extends AccountRow> {
  /** Its name in the audit log (`charity.lock`, `business.lock`). */
  audit: 'charity' | 'business';
  /** Its name in notices and messages. */
  noun: 'charity' | 'organisation';
  /** What its approved admins can do now, for the approval mail. */
  approvedCanNow: string;
  /** Where its admins correct its details, for the rejection mail. */
  correctFrom: string;
  update(db: Executor, id: number, values: AccountChanges): Promise<Row>;
  /** Records what happened to it (`charity.changed`, `organisation.changed`) in the change's transaction. */
  changed(tx: Executor, id: number, change: AccountChange): Promise<void>;
  /** The emails of the admins told of its review and its lock. */
  adminEmails(db: Executor, id: number): Promise<string[]>;
}

/** What a members list shows of the person behind a membership. */
export function memberPerson(person: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'avatar'>) {
  return { ...personNames(person), email: person.email, avatar: person.avatar };
}

/**
 * The steps a charity and an organisation share (docs/product/organisations.md,
 * docs/product/platform-admin.md): added by a platform admin with a named admin, reviewed, locked
 * with a reason, given a logo. Each caller checks access first; these steps only act.
 */
export function accountSteps<Row extends AccountRow>(ctx: AppContext, kind: AccountKind<Row>) {
  const db = () => ctx.database.db;
  /** Writes `<kind>.<verb>` about the account to the audit log, in the step's transaction. */
  const audit = (
    tx: Executor,
    actorId: number,
    verb: string,
    accountId: number,
    about: { reason?: string | null | undefined; details?: Record<string, unknown> },
  ) =>
    auditLog.record(tx, {
      actorId,
      action: `${kind.audit}.${verb}`,
      targetType: kind.audit,
      targetId: accountId,
      ...about,
      at: ctx.now(),
    });

  return {
    /** The person a platform admin names as the new account's admin: they must have registered. */
    async namedAdmin(email: string) {
      const person = await usersQueries.findByEmail(db(), email);
      if (!person)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'No account uses that email. Ask the person to register first.',
          {
            fields: { admin_email: 'No account with this email.' },
          },
        );
      return person;
    },

    /** Adds the account (`insert` also makes its admin) and writes it to the audit log. */
    async createByAdmin(actorId: number, adminId: number, insert: (tx: Executor) => Promise<Row>) {
      return db().transaction(async (tx) => {
        const created = await insert(tx);
        await audit(tx, actorId, 'create', created.id, { details: { admin_id: adminId } });
        await kind.changed(tx, created.id, 'created');
        return created;
      });
    },

    /** Approves or rejects a pending account; its admins are mailed the decision. */
    async decide(actorId: number, row: Row, status: 'approved' | 'rejected', reason: string | undefined) {
      if (row.approvalStatus !== 'pending')
        throw conflict('ALREADY_DECIDED', `This ${kind.noun} is already ${row.approvalStatus}.`);
      const approved = status === 'approved';
      const updated = await db().transaction(async (tx) => {
        const next = await kind.update(tx, row.id, {
          approvalStatus: status,
          rejectionReason: approved ? null : (reason ?? null),
        });
        await audit(tx, actorId, approved ? 'approve' : 'reject', row.id, { reason });
        await kind.changed(tx, row.id, status);
        return next;
      });
      for (const to of new Set(await kind.adminEmails(db(), row.id)))
        await ctx.notices.queue(db(), {
          to,
          subject: approved
            ? `${row.name} is approved on Kindred`
            : `${row.name} was not approved on Kindred`,
          text: approved
            ? [`Good news: ${row.name} is approved.`, '', kind.approvedCanNow].join('\n')
            : [
                `We could not approve ${row.name}.`,
                '',
                `Reason: ${reason ?? 'not given'}`,
                '',
                `You can correct ${kind.correctFrom} and contact us to review it again.`,
              ].join('\n'),
        });
      return updated;
    },

    /** Locks or unlocks the account: the reason goes to the audit log and, on a change, to its admins. */
    async setLock(actorId: number, row: Row, body: AdminLockBody) {
      const locked = body.lock_status;
      const reason = body.reason || null;
      const updated = await db().transaction(async (tx) => {
        const next = await kind.update(tx, row.id, { lockStatus: locked });
        await audit(tx, actorId, locked ? 'lock' : 'unlock', row.id, { reason, details: { name: row.name } });
        await kind.changed(tx, row.id, locked ? 'locked' : 'unlocked');
        if (row.lockStatus !== locked)
          for (const to of new Set(await kind.adminEmails(tx, row.id)))
            await ctx.notices.queue(tx, lockNotice({ to, kind: kind.noun, name: row.name, locked, reason }));
        return next;
      });
      return updated;
    },

    /** Stores a new logo and deletes the old one. */
    replaceLogo(row: Row, readFile: UploadSource) {
      return replacePicture(ctx.storage, 'logos', readFile, row.logo, (url) =>
        db().transaction(async (tx) => {
          const next = await kind.update(tx, row.id, { logo: url });
          await kind.changed(tx, row.id, 'logo');
          return next;
        }),
      );
    },
  };
}
