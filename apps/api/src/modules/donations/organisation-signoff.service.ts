import {
  ADMIN_TYPE,
  approvalsNeeded,
  type BusinessApproveDonationsBody,
  formatMoney,
  GIVING_TYPE,
  type PageQuery,
  type ResolveStuckDonationBody,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { organisationsQueries, signoffPolicyOf } from '../organisations/organisations.repository.js';
import { usersQueries } from '../users/users.repository.js';
import { invalidMove } from './donation-flow.js';
import { donationViews, namesFor } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import {
  assertBusinessMovesMoney,
  boundTo,
  canStillCollect,
  rowBinding,
  signedOff,
} from './signoff-rules.js';

const { awaitingOrganisationApproval, approved, canceled } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/** Donations waiting this long for an organisation's sign-off remind its sign-off admins. */
const SIGNOFF_REMINDER_DAYS = 7;

/** The organisation's sign-off of the donations its members ask for on its behalf (decision 033). */
export function organisationSignoffService(ctx: AppContext, recorder: GiftRecorder) {
  const db = () => ctx.database.db;
  const { flow } = recorder;
  const { present, page } = donationViews(ctx);

  return {
    /**
     * The scheduled reminder (docs/product/organisations.md#sign-off): donations waiting for an
     * organisation's sign-off for more than 7 days mail its sign-off admins (never the requester),
     * then again every 7 days.
     */
    async remindSignoff(): Promise<number> {
      const now = ctx.now();
      const cutoff = new Date(now.getTime() - SIGNOFF_REMINDER_DAYS * 86_400_000);
      const reminded = await db().transaction(async (tx) => {
        const rows = await donationsRepository.claimSignoffReminders(tx, cutoff, now);
        const names = await namesFor(tx, rows);
        const admins = new Map<number, number[]>();
        for (const businessId of new Set(rows.map((row) => row.donorId)))
          admins.set(businessId, await organisationsQueries.signoffAdminIds(tx, businessId));
        const people = new Map(
          (await usersQueries.people(tx, [...admins.values()].flat())).map((person) => [person.id, person]),
        );
        for (const row of rows) {
          const organisation = names.organisations.get(row.donorId) ?? 'your organisation';
          const recipient = row.projectId
            ? (names.projects.get(row.projectId) ?? 'a project')
            : (names.charities.get(row.charityId)?.name ?? 'a charity');
          const days = Math.floor((now.getTime() - row.createdAt.getTime()) / 86_400_000);
          const what =
            row.type === funds && row.amount !== null
              ? formatMoney(row.amount, ctx.config.currency)
              : 'A gift';
          for (const id of admins.get(row.donorId) ?? []) {
            const person = people.get(id);
            if (!person || person.deletedAt || id === row.createdBy) continue;
            await ctx.notices.queue(tx, {
              to: person.email,
              subject: `A donation on behalf of ${organisation} waits for your sign-off`,
              text: [
                `${what} to ${recipient} on behalf of ${organisation} has waited ${days} days for sign-off.`,
                '',
                `Approve or reject it: ${ctx.config.publicUrl}/organisation/sign-off`,
              ].join('\n'),
            });
          }
        }
        return rows.length;
      });
      return reminded;
    },

    /** GET /business/{id}/donations: donations waiting for sign-off, oldest request last, with where each stands. */
    async waitingForSignoff(auth: AuthUser | null, businessId: number, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.BusinessDonationsRead, [businessId]);
      const business = await organisationsQueries.business(db(), businessId);
      if (!business || business.deletedAt) throw notFound('The organisation');
      const result = await page(
        { donor: { type: 'business', id: businessId }, statuses: [awaitingOrganisationApproval] },
        query,
      );
      const [signoffs, membership, signoffAdminIds] = await Promise.all([
        donationsRepository.signoffs(
          db(),
          result.items.map((d) => d.id),
        ),
        organisationsQueries.businessMembership(db(), businessId, user.id),
        organisationsQueries.signoffAdminIds(db(), businessId),
      ]);
      const approverIds = [...signoffs.values()].flat().map((s) => s.userId);
      const names = await usersQueries.names(db(), approverIds);
      const isSignoffAdmin = membership?.isSignoffAdmin === true;
      return {
        ...result,
        items: result.items.map((donation) => {
          const valid = (signoffs.get(donation.id) ?? []).filter((s) => boundTo(s, donation));
          const requester = donation.history[0]?.by ?? null;
          const needed = approvalsNeeded(signoffPolicyOf(business), donation.amount ?? 0);
          const stuck = !canStillCollect(needed, valid, signoffAdminIds, requester?.id ?? null);
          return {
            ...donation,
            signoff: {
              needed,
              stuck,
              can_resolve: stuck && membership?.adminType === ADMIN_TYPE.superAdmin,
              approvals: valid.map((s) => ({
                user: { id: s.userId, name: names.get(s.userId) ?? '' },
                at: s.at.toISOString(),
              })),
              requested_by: requester,
              can_approve:
                isSignoffAdmin && requester?.id !== user.id && !valid.some((s) => s.userId === user.id),
            },
          };
        }),
      };
    },

    /**
     * POST /business/{id}/approve_donations: sign-off admins approve (each approval counts once per
     * person, never the requester's own, bound to the amount and recipient) or reject (90, the held
     * money returns). A donation with the approvals its policy needs moves on: funds to the project
     * or charity (80, or 40 when the platform must look first), offers of time or goods to the charity (30).
     */
    async businessAct(auth: AuthUser | null, businessId: number, body: BusinessApproveDonationsBody) {
      const user = await ctx.access.require(auth, Permission.BusinessDonationsApprove, [businessId]);
      const rows = await db().transaction(async (tx) => {
        const business = await organisationsQueries.business(tx, businessId);
        if (!business || business.deletedAt) throw notFound('The organisation');
        const locked = await donationsRepository.lock(tx, body.donation_ids);
        const found = new Set(locked.map((row) => row.id));
        if (
          body.donation_ids.some((id) => !found.has(id)) ||
          locked.some((row) => row.donorType !== 'business' || row.donorId !== businessId)
        )
          throw notFound('A donation');
        const to = body.action === 'approve' ? approved : canceled;
        for (const row of locked) if (row.status !== awaitingOrganisationApproval) throw invalidMove(row, to);
        if (body.action === 'reject') {
          const out: DonationRow[] = [];
          for (const row of locked)
            out.push(await flow.move(tx, row, canceled, { userId: user.id, reason: body.reason ?? null }));
          return out;
        }
        assertBusinessMovesMoney(business);
        const own = locked.find((row) => row.createdBy === user.id);
        if (own)
          throw new AppError(
            403,
            'OWN_DONATION',
            `You asked for donation ${own.id}: another sign-off admin must approve it.`,
            { donation_id: own.id },
          );
        const policy = signoffPolicyOf(business);
        const existing = await donationsRepository.signoffs(
          tx,
          locked.map((row) => row.id),
        );
        const out: DonationRow[] = [];
        for (const row of locked) {
          const valid = (existing.get(row.id) ?? []).filter((s) => boundTo(s, rowBinding(row)));
          if (valid.some((s) => s.userId === user.id))
            throw new AppError(409, 'ALREADY_APPROVED', `You already approved donation ${row.id}.`, {
              donation_id: row.id,
            });
          const at = ctx.now();
          await donationsRepository.addSignoff(tx, {
            donationId: row.id,
            userId: user.id,
            amount: row.amount,
            charityId: row.charityId,
            projectId: row.projectId,
            at,
          });
          const count = valid.length + 1;
          const needed = approvalsNeeded(policy, row.amount ?? 0);
          await donationsRepository.addHistory(tx, {
            donationId: row.id,
            status: awaitingOrganisationApproval,
            by: user.id,
            reason: `Signed off (${count} of ${needed})${body.reason ? `: ${body.reason}` : ''}`,
            at,
          });
          if (count < needed) {
            out.push(row);
            continue;
          }
          out.push(
            await signedOff(ctx, flow, tx, row, {
              userId: user.id,
              reason: `Signed off by ${needed} of the organisation's sign-off admins`,
            }),
          );
        }
        return out;
      });
      return { donations: await present(rows) };
    },

    /**
     * POST /business/{id}/donations/{donation_id}/resolve: a Super Admin ends a donation that can
     * never collect its approvals (decision 033): approves it in the sign-off admins' place (never
     * their own request), or releases it (90, the held money back through the ledger). The reason
     * is kept in its history.
     */
    async resolveStuck(
      auth: AuthUser | null,
      businessId: number,
      donationId: number,
      body: ResolveStuckDonationBody,
    ) {
      const user = await ctx.access.require(auth, Permission.BusinessSignoffManage, [businessId]);
      const row = await db().transaction(async (tx) => {
        const business = await organisationsQueries.business(tx, businessId);
        if (!business || business.deletedAt) throw notFound('The organisation');
        const [locked] = await donationsRepository.lock(tx, [donationId]);
        if (locked?.donorType !== 'business' || locked.donorId !== businessId) throw notFound('The donation');
        const approve = body.action === 'approve';
        if (locked.status !== awaitingOrganisationApproval)
          throw invalidMove(locked, approve ? approved : canceled);
        const needed = approvalsNeeded(signoffPolicyOf(business), locked.amount ?? 0);
        const valid = ((await donationsRepository.signoffs(tx, [locked.id])).get(locked.id) ?? []).filter(
          (s) => boundTo(s, rowBinding(locked)),
        );
        const admins = await organisationsQueries.signoffAdminIds(tx, businessId);
        if (canStillCollect(needed, valid, admins, locked.createdBy))
          throw new AppError(
            409,
            'NOT_STUCK',
            `Donation ${locked.id} can still collect its approvals: its sign-off admins approve or reject it.`,
            { donation_id: locked.id },
          );
        if (!approve)
          return flow.move(tx, locked, canceled, {
            userId: user.id,
            reason: `Released by a Super Admin: ${body.reason}`,
          });
        assertBusinessMovesMoney(business);
        if (locked.createdBy === user.id)
          throw new AppError(
            403,
            'OWN_DONATION',
            `You asked for donation ${locked.id}: another Super Admin must approve it, or release it.`,
            { donation_id: locked.id },
          );
        return signedOff(ctx, flow, tx, locked, {
          userId: user.id,
          reason: `Approved by a Super Admin with ${valid.length} of the ${needed} sign-off approvals it needs: ${body.reason}`,
        });
      });
      return { donations: await present([row]) };
    },
  };
}
export type OrganisationSignoffService = ReturnType<typeof organisationSignoffService>;
