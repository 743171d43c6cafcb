import {
  type Donation,
  type DonationFilters,
  GIVING_TYPE,
  labelOf,
  type PageQuery,
  type Refund,
  type RefundRequest,
  TRANSACTION_STATUSES,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import { type Executor, readAll } from '../../db/client.js';
import { decodeCursor, type Keyset, timedPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { fundraisersQueries } from '../fundraisers/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { type ProjectRow, projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import type { GiftLinks } from './credit-notes.js';
import {
  type DonationRow,
  type DonationWhere,
  donationsQueries,
  donationsRepository,
} from './donations.repository.js';
import { guestsRepository } from './guests.repository.js';
import { manageToken } from './manage-links.js';
import { receiptMail } from './receipts.js';
import {
  type DisputeRow,
  type RefundRequestRow,
  type RefundRow,
  refundsRepository,
} from './refunds.repository.js';

/**
 * How donations are shown, shared by the donations services: the wire shape with names and
 * histories, pages of them, and the receipt mail of a gift of funds.
 */

const { funds } = GIVING_TYPE;

export const statusLabel = (status: number) => labelOf(TRANSACTION_STATUSES, status) ?? String(status);
export const keyset = (query: PageQuery): Keyset => ({
  limit: query.limit,
  cursor: decodeCursor(query.cursor, ['time', 'id']),
  before: query.direction === 'before',
});

const disputeOf = (row: DisputeRow | undefined) => (row ? { status: row.status, amount: row.amount } : null);
const requestOf = (row: RefundRequestRow | undefined) => (row ? presentRefundRequest(row) : null);

/**
 * Names for a list of donations, and for the people who acted on them: one query per owner module,
 * never a join across them.
 */
export async function namesFor(db: Executor, rows: DonationRow[], actors: Array<number | null> = []) {
  const userIds = [
    ...rows.filter((row) => row.donorType === 'user').map((row) => row.donorId),
    ...actors.filter((id): id is number => id !== null),
  ];
  const businessIds = rows.filter((row) => row.donorType === 'business').map((row) => row.donorId);
  const guestIds = rows.filter((row) => row.donorType === 'guest').map((row) => row.donorId);
  const [projects, charities, people, organisations, guests, fundraisers] = await readAll(db, [
    () =>
      projectsQueries.titles(
        db,
        rows.map((row) => row.projectId).filter((id): id is number => id !== null),
      ),
    () =>
      charitiesQueries.names(
        db,
        rows.map((row) => row.charityId),
      ),
    () => usersQueries.names(db, userIds),
    () => organisationsQueries.names(db, businessIds),
    () => guestsRepository.names(db, guestIds),
    () =>
      fundraisersQueries.titles(
        db,
        rows.map((row) => row.fundraiserId),
      ),
  ] as const);
  return { projects, charities, people, organisations, guests, fundraisers };
}

/** The wire fields a donation takes from its own row (the names of others and the history aside). */
function ownFields(row: DonationRow) {
  return {
    id: row.id,
    method: row.method,
    type: row.type,
    status: row.status,
    status_label: statusLabel(row.status),
    amount: row.amount,
    source: row.source,
    payment_id: row.paymentId,
    hours: row.hours,
    confirmed_hours: row.confirmedHours,
    date: row.date,
    skill_type: row.skillType,
    gift_type: row.giftType,
    description: row.description,
    quantity: row.quantity,
    estimated_value: row.estimatedValue,
    gift_aid: row.giftAid,
    gift_aid_amount: row.giftAidAmount,
    anonymous: row.anonymous,
    message: row.message,
    subscription_id: row.subscriptionId,
    receipt_number: row.receiptNumber,
    created_at: row.createdAt.toISOString(),
    refunded_amount: row.refundedAmount,
  };
}

/** A refund as answered, with who made it. */
export function presentRefund(row: RefundRow, people: Map<number, string>): Refund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    to: row.destination,
    origin: row.origin,
    credit_note_number: row.creditNoteNumber,
    from_platform: row.fromPlatform,
    by: row.createdBy === null ? null : { id: row.createdBy, name: people.get(row.createdBy) ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

export function presentRefundRequest(row: RefundRequestRow): RefundRequest {
  return {
    id: row.id,
    donation_id: row.donationId,
    status: row.status,
    reason: row.reason,
    answer: row.answer,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

export const filterOf = (filters: DonationFilters): DonationWhere => ({
  ...(filters.type !== undefined ? { types: [filters.type] } : {}),
  ...(filters.status !== undefined ? { statuses: [filters.status] } : {}),
  ...(filters.project_id !== undefined ? { projectId: filters.project_id } : {}),
  ...(filters.charity_id !== undefined ? { charityId: filters.charity_id } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
});

/**
 * The wire shape of a donation just created in this request, from what the request already
 * holds: its row, the project and charity read under the lock, and the donor. A new donation's
 * history is its one first status, recorded by the donor.
 */
export function presentNew(
  row: DonationRow,
  target: FreshTarget,
  donor: { id: number; name: string },
  onBehalfOf?: { id: number; name: string },
): Donation {
  return freshDonation(
    row,
    target,
    onBehalfOf
      ? { kind: 'business', id: onBehalfOf.id, name: onBehalfOf.name }
      : { kind: 'user', id: donor.id, name: donor.name },
    donor,
  );
}

/** The project and charity a new gift went to, as read for it. */
interface FreshTarget {
  project: ProjectRow | undefined;
  charity: { id: number; name: string };
  fundraiserTitle?: string | undefined;
}

/**
 * A donation just written, as answered: its one history row (its starting status, by `by`), and no
 * refund, dispute or request yet; the names as read for it.
 */
function freshDonation(
  row: DonationRow,
  target: FreshTarget,
  donor: Donation['donor'],
  by: { id: number; name: string } | null,
): Donation {
  return {
    ...ownFields(row),
    project: target.project ? { id: target.project.id, title: target.project.title } : null,
    charity: { id: target.charity.id, name: target.charity.name },
    donor,
    dispute: null,
    refunds: [],
    refund_request: null,
    fundraiser:
      row.fundraiserId === null ? null : { id: row.fundraiserId, title: target.fundraiserTitle ?? '' },
    history: [
      {
        status: row.status,
        status_label: statusLabel(row.status),
        at: row.updatedAt.toISOString(),
        by,
        reason: null,
      },
    ],
  };
}

export function donationViews(ctx: AppContext) {
  const db = () => ctx.database.db;

  /** The wire shape of donations (docs/product/donations.md#the-donation-object), with their histories. */
  async function present(rows: DonationRow[], executor: Executor = db()): Promise<Donation[]> {
    const ids = rows.map((row) => row.id);
    const [histories, refunds, disputes, requests] = await readAll(executor, [
      () => donationsRepository.history(executor, ids),
      () => refundsRepository.refundsOf(executor, ids),
      () => refundsRepository.latestDisputes(executor, ids),
      () => refundsRepository.latestRequests(executor, ids),
    ] as const);
    const refundRows = [...refunds.values()].flat();
    const names = await namesFor(executor, rows, [
      ...[...histories.values()].flat().map((h) => h.by),
      ...refundRows.map((r) => r.createdBy),
    ]);
    return rows.map((row) => ({
      ...ownFields(row),
      project: row.projectId ? { id: row.projectId, title: names.projects.get(row.projectId) ?? '' } : null,
      charity: { id: row.charityId, name: names.charities.get(row.charityId)?.name ?? '' },
      fundraiser:
        row.fundraiserId === null
          ? null
          : { id: row.fundraiserId, title: names.fundraisers.get(row.fundraiserId) ?? '' },
      donor: {
        kind: row.donorType,
        id: row.donorId,
        name:
          (row.donorType === 'user'
            ? names.people.get(row.donorId)
            : row.donorType === 'guest'
              ? names.guests.get(row.donorId)
              : names.organisations.get(row.donorId)) ?? 'An organisation',
      },
      history: (histories.get(row.id) ?? []).map((h) => ({
        status: h.status,
        status_label: statusLabel(h.status),
        at: h.at.toISOString(),
        by: h.by === null ? null : { id: h.by, name: names.people.get(h.by) ?? '' },
        reason: h.reason,
      })),
      dispute: disputeOf(disputes.get(row.id)),
      refunds: (refunds.get(row.id) ?? []).map((refund) => presentRefund(refund, names.people)),
      refund_request: requestOf(requests.get(row.id)),
    }));
  }

  /**
   * A donation just written by `by` (a card gift as its payment becomes it), as `presentOne` would
   * answer it, reading only the names of its giver and of `by`: the project and charity were read
   * for it, and it has no refund, dispute or request yet.
   */
  async function presentFresh(
    row: DonationRow,
    target: FreshTarget,
    by: number | null,
    executor: Executor = db(),
  ): Promise<Donation> {
    const people = await usersQueries.names(executor, [
      ...(row.donorType === 'user' ? [row.donorId] : []),
      ...(by === null ? [] : [by]),
    ]);
    const donorName =
      row.donorType === 'user'
        ? people.get(row.donorId)
        : row.donorType === 'guest'
          ? (await guestsRepository.names(executor, [row.donorId])).get(row.donorId)
          : (await organisationsQueries.names(executor, [row.donorId])).get(row.donorId);
    return freshDonation(
      row,
      target,
      { kind: row.donorType, id: row.donorId, name: donorName ?? 'An organisation' },
      by === null ? null : { id: by, name: people.get(by) ?? '' },
    );
  }

  async function presentOne(row: DonationRow, executor: Executor = db()): Promise<Donation> {
    const [donation] = await present([row], executor);
    if (!donation) throw new Error('present returned nothing');
    return donation;
  }

  /** The page of donations read for the query (newest first, each with its exact time), presented. */
  async function presentPage(rows: Array<{ donation: DonationRow; at: string }>, query: PageQuery) {
    const result = timedPage(rows, query, (row) => row.donation);
    return { ...result, items: await present(result.items) };
  }

  async function page(filter: DonationWhere, query: PageQuery) {
    return presentPage(await donationsRepository.list(db(), filter, keyset(query)), query);
  }

  /**
   * The mail's own links (docs/product/card-gifts.md#manage-from-the-mail): the giver's donations,
   * and the gift's page without signing in (a recurring gift's period: its plan's).
   */
  function linksOf(donation: Donation): GiftLinks {
    const scope = donation.subscription_id
      ? ({ kind: 'subscription', id: donation.subscription_id } as const)
      : ({ kind: 'donation', id: donation.id } as const);
    return {
      donations: `${ctx.config.publicUrl}/donations`,
      manage: `${ctx.config.publicUrl}/manage/${manageToken(ctx.config.jwtSecret, scope, ctx.now())}`,
    };
  }

  /** The receipt mail; it names the charity with its registration number (read when not at hand). */
  async function receiptOf(
    executor: Executor,
    donation: Donation,
    email: string,
    charity?: { registrationNumber: string | null },
  ) {
    const registered = charity ?? (await charitiesQueries.byId(executor, donation.charity.id));
    const links = linksOf(donation);
    return receiptMail(
      donation,
      email,
      ctx.config.currency,
      links.donations,
      registered?.registrationNumber ?? null,
      links.manage,
    );
  }

  /**
   * Queues the receipt of each newly approved funds donation, in the transaction that approved it
   * (or just after it): mailed once that transaction has committed.
   */
  async function queueReceipts(executor: Executor, rows: DonationRow[]) {
    for (const row of rows) {
      if (row.type !== funds || !row.receiptNumber || row.donorType !== 'user') continue;
      const donor = await usersQueries.find(executor, row.donorId);
      if (!donor || donor.deletedAt) continue;
      const [donation] = await present([row], executor);
      if (donation) await ctx.notices.queue(executor, await receiptOf(executor, donation, donor.email));
    }
  }

  return { present, presentOne, presentFresh, presentPage, page, linksOf, receiptOf, queueReceipts };
}
export type DonationViews = ReturnType<typeof donationViews>;

/** One gift on a payout's statement: when, from whom (unless anonymous), to what, and its receipt. */
export interface StatementGift {
  date: string;
  giver: string;
  to: string;
  amount: number;
  refunded: number;
  receipt: string | null;
}

/** The gifts a payout's statement lists, by id (docs/product/payouts-and-reconciliation.md#statements). */
export async function giftsForStatement(db: Executor, ids: number[]): Promise<Map<number, StatementGift>> {
  const rows = [...(await donationsQueries.byIds(db, ids)).values()];
  const names = await namesFor(db, rows);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        date: row.createdAt.toISOString().slice(0, 10),
        giver: row.anonymous
          ? 'Anonymous'
          : ((row.donorType === 'user'
              ? names.people.get(row.donorId)
              : row.donorType === 'guest'
                ? names.guests.get(row.donorId)
                : names.organisations.get(row.donorId)) ?? 'An organisation'),
        to: row.projectId ? (names.projects.get(row.projectId) ?? '') : 'The charity directly',
        amount: row.amount ?? 0,
        refunded: row.refundedAmount,
        receipt: row.receiptNumber,
      },
    ]),
  );
}
