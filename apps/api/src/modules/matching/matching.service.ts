import {
  type DonateBody,
  GIVING_TYPE,
  type MatchedDonation,
  type MatchingPreview,
  type MatchingSettings,
  type MatchingSettingsBody,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import type { KindredEvent } from '../../events/catalogue.js';
import { dispatchMemoMany } from '../../events/dispatch-memo.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, timedPage } from '../../lib/pagination.js';
import { isoDay } from '../../lib/periods.js';
import {
  type DonationRow,
  donationsQueries,
  type GiftRecorder,
  type GiftTarget,
} from '../donations/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { usersQueries } from '../users/index.js';
import { type MatchingRow, matchingRepository } from './matching.repository.js';

const DAY = 86_400_000;

/** The calendar year (UTC) a moment falls in: its first instant and the first of the next. */
function yearOf(now: Date) {
  const year = now.getUTCFullYear();
  return { year, start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) };
}

/**
 * What the organisation adds to an employee's gift: the ratio of it, within what is left of the
 * employee's cap and of the annual budget (never below 0).
 */
export function matchAmount(
  gift: number,
  settings: Pick<MatchingRow, 'ratioPercent' | 'capPerEmployee' | 'annualBudget'>,
  usedByEmployee: number,
  usedInAll: number,
): number {
  const wanted = Math.floor((gift * settings.ratioPercent) / 100);
  return Math.max(
    0,
    Math.min(wanted, settings.capPerEmployee - usedByEmployee, settings.annualBudget - usedInAll),
  );
}

/**
 * When the budget is expected to run out at the rate spent so far this year: null when nothing was
 * spent yet or it lasts the year; today when nothing is left.
 */
export function forecast(now: Date, used: number, budget: number) {
  const { start, end } = yearOf(now);
  const elapsedDays = Math.max(1, Math.ceil((now.getTime() - start.getTime()) / DAY));
  const rate = used / elapsedDays;
  const left = Math.max(0, budget - used);
  if (left === 0) return { runsOutOn: isoDay(now), rate: Math.round(rate) };
  if (rate <= 0) return { runsOutOn: null, rate: 0 };
  const at = new Date(now.getTime() + Math.ceil(left / rate) * DAY);
  return { runsOutOn: at >= end ? null : isoDay(at), rate: Math.round(rate) };
}

/**
 * Matching (docs/product/organisations.md#matching, decision 024): an organisation's settings, the
 * budget forecast its admins see, and the matches made once an employee's own gift is committed.
 */
export function matchingService(ctx: AppContext, donations: GiftRecorder) {
  const db = () => ctx.database.db;

  /**
   * The organisations of a giver that match their people's gifts now, read with those of every
   * person who gave by the gifts of the same dispatch (events/dispatch-memo.ts): two statements
   * for a batch of gifts. Checked again under the settings' lock when a match is made (matchFor).
   */
  const matchingOrganisationsOf = (userId: number) =>
    dispatchMemoMany('matching.organisations-of-user', userId, {
      keys: (events) => donationsQueries.toldGivers(db(), events),
      load: async (userIds) => {
        const of = await organisationsQueries.businessIdsOfUsers(db(), userIds);
        const active = new Set(
          await matchingRepository.activeOf(db(), [...new Set([...of.values()].flat())]),
        );
        return new Map([...of].map(([user, ids]) => [user, ids.filter((id) => active.has(id))]));
      },
    });

  async function requireBusiness(executor: Executor, businessId: number) {
    const business = await organisationsQueries.business(executor, businessId);
    if (!business || business.deletedAt) throw notFound('The organisation');
    return business;
  }

  async function present(businessId: number, row: MatchingRow | undefined): Promise<MatchingSettings> {
    const now = ctx.now();
    const { year, start, end } = yearOf(now);
    const used = await donationsQueries.matchedSum(db(), businessId, start, end);
    const budget = row?.annualBudget ?? 0;
    const { runsOutOn, rate } = row ? forecast(now, used.total, budget) : { runsOutOn: null, rate: 0 };
    return {
      configured: row !== undefined,
      active: row?.active ?? false,
      ratio_percent: row?.ratioPercent ?? 100,
      cap_per_employee: row?.capPerEmployee ?? 0,
      annual_budget: budget,
      year,
      budget_used: used.total,
      budget_left: Math.max(0, budget - used.total),
      matched_count: used.count,
      runs_out_on: runsOutOn,
      daily_rate: rate,
    };
  }

  /**
   * What one organisation would add to a gift of `amount` by `donorId` now (0 when nothing): the same
   * rules as `matchFor`, read without locks, so a preview and the match made agree.
   */
  async function dueMatch(
    executor: Executor,
    businessId: number,
    settings: MatchingRow | undefined,
    donorId: number,
    amount: number,
  ) {
    if (!settings?.active) return 0;
    const business = await organisationsQueries.business(executor, businessId);
    if (!business || business.deletedAt || business.lockStatus || business.approvalStatus !== 'approved')
      return 0;
    const { start, end } = yearOf(ctx.now());
    const [all, mine] = await Promise.all([
      donationsQueries.matchedSum(executor, businessId, start, end),
      donationsQueries.matchedSum(executor, businessId, start, end, donorId),
    ]);
    const due = matchAmount(amount, settings, mine.total, all.total);
    if (due <= 0) return 0;
    // The organisation's wallet must hold the match: an employee's gift never fails for want of it.
    const balances = await ctx.ledger.balances(executor, { ownerType: 'business', ownerId: businessId });
    if (balances.wallet < due) return 0;
    // A match its sign-off admins could never approve would hold the money for ever (decision 033).
    return (await donations.canBeSignedOff(executor, business, due, donorId)) ? due : 0;
  }

  /** One organisation's match of the gift, under its settings' lock; nothing when nothing is due. */
  async function matchFor(tx: Tx, businessId: number, gift: DonationRow) {
    const settings = await matchingRepository.lock(tx, businessId);
    if (gift.amount === null) return;
    // Under the settings' lock: a second delivery of the same gift's event finds the first's match.
    if (await donationsQueries.matched(tx, businessId, gift.id)) return;
    const amount = await dueMatch(tx, businessId, settings, gift.donorId, gift.amount);
    if (amount <= 0) return;
    const owner = { ownerType: 'business', ownerId: businessId } as const;
    const target: GiftTarget = gift.projectId
      ? { kind: 'project', id: gift.projectId }
      : { kind: 'charity', id: gift.charityId };
    const body = { type: GIVING_TYPE.funds, amount, source: 'wallet' } as DonateBody;
    await donations.create(
      tx,
      target,
      body,
      owner,
      { userId: gift.donorId, reason: `Match of donation ${gift.id}` },
      { signoff: true, matchOf: gift.id, createdBy: gift.donorId },
    );
  }

  async function presentMatches(rows: DonationRow[]): Promise<MatchedDonation[]> {
    const presented = await donations.present(rows);
    const origins = await donationsQueries.byIds(
      db(),
      rows.map((row) => row.matchOf).filter((id): id is number => id !== null),
    );
    const names = await usersQueries.names(
      db(),
      [...origins.values()].map((row) => row.donorId),
    );
    return presented.map((donation, index) => {
      const origin = origins.get(rows[index]?.matchOf ?? 0);
      return {
        ...donation,
        match_of: {
          id: origin?.id ?? rows[index]?.matchOf ?? 0,
          amount: origin?.amount ?? null,
          employee: origin ? { id: origin.donorId, name: names.get(origin.donorId) ?? '' } : null,
        },
      };
    });
  }

  const keyset = (query: PageQuery) => ({
    limit: query.limit,
    cursor: decodeCursor(query.cursor, ['time', 'id']),
    before: query.direction === 'before',
  });

  /** A page of the organisation's matches, newest first: all of them, or those of one giver's gifts. */
  async function matchesPage(businessId: number, giver: number | undefined, query: PageQuery) {
    const rows = await donationsQueries.list(
      db(),
      {
        donor: { type: 'business', id: businessId },
        matches: true,
        ...(giver === undefined ? {} : { createdBy: giver }),
      },
      keyset(query),
    );
    const page = timedPage(rows, query, (row) => row.donation);
    return { ...page, items: await presentMatches(page.items) };
  }

  return {
    /** GET /business/{id}/matching */
    async get(auth: AuthUser | null, businessId: number): Promise<MatchingSettings> {
      await ctx.access.require(auth, Permission.BusinessMatchingManage, [businessId]);
      await requireBusiness(db(), businessId);
      return present(businessId, await matchingRepository.find(db(), businessId));
    },

    /** PUT /business/{id}/matching: applies to gifts from now on; matches already made stay. */
    async set(auth: AuthUser | null, businessId: number, body: MatchingSettingsBody) {
      const user = await ctx.access.require(auth, Permission.BusinessMatchingManage, [businessId]);
      await requireBusiness(db(), businessId);
      const row = await db().transaction(async (tx) => {
        await matchingRepository.lock(tx, businessId);
        return matchingRepository.save(tx, {
          businessId,
          active: body.active,
          ratioPercent: body.ratio_percent,
          capPerEmployee: body.cap_per_employee,
          annualBudget: body.annual_budget,
          updatedBy: user.id,
          updatedAt: ctx.now(),
        });
      });
      return present(businessId, row);
    },

    /** GET /business/{id}/matching/donations: the organisation's matches, newest first. */
    async matched(auth: AuthUser | null, businessId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.BusinessMatchingManage, [businessId]);
      await requireBusiness(db(), businessId);
      return matchesPage(businessId, undefined, query);
    },

    /** GET /business/{id}/matching/mine: what the organisation matches for the caller. */
    async mine(auth: AuthUser | null, businessId: number) {
      const user = await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      const business = await requireBusiness(db(), businessId);
      const settings = await matchingRepository.find(db(), businessId);
      const { year, start, end } = yearOf(ctx.now());
      const mine = await donationsQueries.matchedSum(db(), businessId, start, end, user.id);
      const cap = settings?.capPerEmployee ?? 0;
      return {
        business: { id: business.id, name: business.name },
        active: settings?.active ?? false,
        ratio_percent: settings?.ratioPercent ?? 0,
        cap_per_employee: cap,
        year,
        matched_this_year: mine.total,
        cap_left: Math.max(0, cap - mine.total),
      };
    },

    /**
     * GET /user/matching_preview?amount=: what each of the caller's organisations would add to a
     * one-off gift of this amount from their own wallet, made now (the give flow shows it).
     */
    async preview(auth: AuthUser | null, amount: number): Promise<MatchingPreview> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const memberships = await organisationsQueries.membershipsOfUser(db(), user.id);
      const active = await matchingRepository.activeOf(
        db(),
        memberships.map((m) => m.business_id),
      );
      const items: MatchingPreview['items'] = [];
      for (const businessId of active) {
        const settings = await matchingRepository.find(db(), businessId);
        const due = await dueMatch(db(), businessId, settings, user.id, amount);
        const business = await organisationsQueries.business(db(), businessId);
        if (due > 0 && business)
          items.push({ business: { id: business.id, name: business.name }, amount: due });
      }
      return { items };
    },

    /** GET /business/{id}/matching/mine/donations: the matches of the caller's own gifts. */
    async myMatches(auth: AuthUser | null, businessId: number, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      await requireBusiness(db(), businessId);
      return matchesPage(businessId, user.id, query);
    },

    /**
     * After a gift is made (the `donation.made` event, decision 041): when it is a person's one-off
     * gift of their own funds (from their wallet), each organisation they belong to that matches
     * adds its match, waiting for its sign-off (lowest id first, so two gifts lock the settings rows
     * in one order). Safe to run twice: an organisation matches a gift once.
     */
    async matchOwnGift(event: KindredEvent<'donation.made'>) {
      // Whether any organisation of the giver matches is read first, without a transaction: most
      // gifts have none, and a match is checked again under the settings' lock (matchFor).
      const gift = (await donationsQueries.told(db(), event.data.donation_id))?.donation;
      if (
        gift?.donorType !== 'user' ||
        gift.type !== GIVING_TYPE.funds ||
        gift.source !== 'wallet' ||
        gift.subscriptionId !== null ||
        gift.matchOf !== null
      )
        return;
      const matching = (await matchingOrganisationsOf(gift.donorId)) ?? [];
      if (matching.length === 0) return;
      await db().transaction(async (tx) => {
        for (const businessId of matching) await matchFor(tx, businessId, gift);
      });
    },
  };
}
export type MatchingService = ReturnType<typeof matchingService>;
