import { JOIN_REQUEST_STATUS } from '@kindred/shared';
import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, rowsById, updateWhere } from '../../db/insert.js';
import { oldestIdFirst } from '../../lib/pagination.js';
import { invitations, joinRequests } from './invitations.table.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type JoinRequestRow = typeof joinRequests.$inferSelect;
export type InvitationTargetType = InvitationRow['targetType'];
export type JoinTargetType = JoinRequestRow['targetType'];

/** An invitation that can still be used: pending and not expired. */
const usable = (now: Date) => [eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)];

/** The invitations to one organisation or charity. */
const toTarget = (targetType: InvitationTargetType, targetId: number) => [
  eq(invitations.targetType, targetType),
  eq(invitations.targetId, targetId),
];

/** The usable invitations `where` picks, newest first (at most 100). */
const newestUsable = (db: Executor, now: Date, ...where: SQL[]): Promise<InvitationRow[]> =>
  db
    .select()
    .from(invitations)
    .where(and(...where, ...usable(now)))
    .orderBy(desc(invitations.id))
    .limit(100);

const invitationRows = rowsById(invitations);
const joinRows = rowsById(joinRequests);

export const invitationsRepository = {
  insert: invitationRows.insert,

  async byCodeHash(db: Executor, codeHash: string): Promise<InvitationRow | undefined> {
    return firstWhere(db, invitations, eq(invitations.codeHash, codeHash));
  },

  byId: invitationRows.find,

  /** A pending, unexpired invitation of this email to this target. */
  async pendingFor(
    db: Executor,
    email: string,
    targetType: InvitationTargetType,
    targetId: number,
    now: Date,
  ): Promise<InvitationRow | undefined> {
    return firstWhere(
      db,
      invitations,
      and(eq(invitations.email, email), ...toTarget(targetType, targetId), ...usable(now)),
    );
  },

  /**
   * Moves a pending invitation to its outcome, once: the conditional update is what makes a code
   * single use when two requests race (the loser gets undefined).
   */
  async decide(
    db: Executor,
    id: number,
    status: 'accepted' | 'declined' | 'cancelled',
    acceptedBy: number | null,
    now: Date,
  ): Promise<InvitationRow | undefined> {
    return updateWhere(
      db,
      invitations,
      { status, acceptedBy, decidedAt: now },
      and(eq(invitations.id, id), ...usable(now)),
    );
  },

  /** The pending, unexpired invitations sent to an email, newest first. */
  async pendingForEmail(db: Executor, email: string, now: Date): Promise<InvitationRow[]> {
    return newestUsable(db, now, eq(invitations.email, email));
  },

  /** A target's pending, unexpired invitations, newest first. */
  async pendingForTarget(
    db: Executor,
    targetType: InvitationTargetType,
    targetId: number,
    now: Date,
  ): Promise<InvitationRow[]> {
    return newestUsable(db, now, ...toTarget(targetType, targetId));
  },

  /** Asks to join; answers undefined when a pending request of the person to the target exists. */
  async insertJoin(
    db: Executor,
    values: Pick<JoinRequestRow, 'userId' | 'targetType' | 'targetId' | 'message'>,
    now: Date,
  ): Promise<JoinRequestRow | undefined> {
    return joinRows.insertIfNew(db, { ...values, status: JOIN_REQUEST_STATUS.pending, createdAt: now });
  },

  joinById: joinRows.find,

  /** Moves a pending request to its outcome, once (undefined when it was no longer pending). */
  async decideJoin(
    db: Executor,
    id: number,
    status: number,
    decidedBy: number,
    now: Date,
  ): Promise<JoinRequestRow | undefined> {
    return updateWhere(
      db,
      joinRequests,
      { status, decidedBy, decidedAt: now },
      and(eq(joinRequests.id, id), eq(joinRequests.status, JOIN_REQUEST_STATUS.pending)),
    );
  },

  /** A target's pending requests, oldest first, keyset paged on id. */
  async pendingJoinsOfTarget(
    db: Executor,
    targetType: JoinTargetType,
    targetId: number,
    page: { limit: number; cursor?: number | undefined; before: boolean },
  ): Promise<JoinRequestRow[]> {
    const { condition, order } = oldestIdFirst(joinRequests.id, page.cursor, page.before);
    return db
      .select()
      .from(joinRequests)
      .where(
        and(
          eq(joinRequests.targetType, targetType),
          eq(joinRequests.targetId, targetId),
          eq(joinRequests.status, JOIN_REQUEST_STATUS.pending),
          condition,
        ),
      )
      .orderBy(order)
      .limit(page.limit);
  },

  async pendingJoinsOfUser(db: Executor, userId: number): Promise<JoinRequestRow[]> {
    return db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JOIN_REQUEST_STATUS.pending)))
      .orderBy(desc(joinRequests.id))
      .limit(100);
  },
};
