import type { DonateBody, PageQuery, Subscription } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, timedPage } from '../../lib/pagination.js';
import { addDays, isoDay } from '../../lib/periods.js';
import { type MoneyOwner, paymentMethodsQueries } from '../payments/index.js';
import type { CardGiftsService } from './card-gifts.service.js';
import type { Actor, GiftTarget } from './donation-flow.js';
import type { DonationRow } from './donations.repository.js';
import {
  after,
  type DonationMaker,
  presentSubscription,
  presentSubscriptions,
} from './subscription-periods.js';
import { type SubscriptionRow, subscriptionsRepository } from './subscriptions.repository.js';

/** How far ahead the future donations list looks, and how many it shows. */
const FUTURE_DAYS = 366;
const FUTURE_MAX = 50;

/** The donor's recurring donations: opened with a gift, listed, paused, resumed, changed, cancelled. */
export function subscriptionsService(ctx: AppContext, donations: DonationMaker, cardGifts: CardGiftsService) {
  const db = () => ctx.database.db;
  const today = () => isoDay(ctx.now());
  const present = (rows: SubscriptionRow[], executor: Executor = db()) =>
    presentSubscriptions(executor, rows);
  const presentOne = (row: SubscriptionRow, executor: Executor = db()) => presentSubscription(executor, row);

  async function requireOwn(auth: AuthUser | null, id: number, tx: Executor) {
    const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0], tx);
    const row = await subscriptionsRepository.lock(tx, id);
    if (row?.donorType !== 'user' || row.donorId !== user.id) throw notFound('The subscription');
    return row;
  }

  /**
   * A change the donor makes to one of their subscriptions, in one transaction: signed in (their
   * own), or through a mail's manage link scoped to it (`auth` null, the link checked by its caller).
   */
  async function change(
    auth: AuthUser | null | 'manage-link',
    id: number,
    apply: (row: SubscriptionRow) => Partial<SubscriptionRow> | undefined,
  ) {
    const row = await db().transaction(async (tx) => {
      const current =
        auth === 'manage-link' ? await subscriptionsRepository.lock(tx, id) : await requireOwn(auth, id, tx);
      if (!current) throw notFound('The subscription');
      if (current.status === 'cancelled')
        throw new AppError(409, 'SUBSCRIPTION_CANCELLED', 'This donation was cancelled and cannot change.');
      const values = apply(current);
      if (!values) return current;
      return subscriptionsRepository.update(tx, id, { ...values, updatedAt: ctx.now() });
    });
    return { subscription: await presentOne(row) };
  }

  /** The first period on or after today for a subscription resumed today. */
  function catchUp(row: SubscriptionRow): string | null {
    let period = row.nextDate ?? row.startDate;
    const now = today();
    while (period < now) {
      const next = after(row, period);
      if (next === null) return null;
      period = next;
    }
    return period;
  }

  return {
    /** Opens a subscription and, when it starts today, gives its first period now (all or nothing). */
    async start(
      tx: Tx,
      target: GiftTarget,
      body: DonateBody,
      donor: MoneyOwner,
      actor: Actor,
    ): Promise<{ donation: DonationRow | null; subscription: Subscription }> {
      const startDate = body.start_date ?? today();
      if (startDate < today())
        throw badRequest('A recurring donation cannot start in the past.', { start_date: 'Today or later.' });
      // A series that starts later gives nothing now: it is checked here like a gift.
      const { charity } = await donations.check(tx, target, body);
      const charityId = charity.id;
      // Gift Aid needs the donor's declaration naming this charity (decision 037).
      const declarationId = await donations.declarationFor(body, donor, charityId, tx);
      // By card: the saved card it charges each period (docs/product/card-gifts.md#recurring-gifts-by-card).
      const card =
        body.source === 'card' && body.payment_method_id
          ? await paymentMethodsQueries.find(tx, donor, body.payment_method_id)
          : undefined;
      if (body.source === 'card' && !card)
        throw badRequest('Choose one of your saved cards for a recurring gift by card.', {
          payment_method_id: 'Not a saved card.',
        });
      const at = ctx.now();
      let row = await subscriptionsRepository.insert(tx, {
        donorType: donor.ownerType,
        donorId: donor.ownerId,
        createdBy: actor.userId,
        method: target.kind === 'project' ? 1 : 2,
        projectId: target.kind === 'project' ? target.id : null,
        charityId,
        amount: body.amount ?? 0,
        source: body.source ?? 'wallet',
        paymentMethodId: card?.id ?? null,
        frequency: body.frequency ?? 3,
        startDate,
        endDate: body.end_date ?? null,
        nextDate: startDate,
        status: 'active',
        giftAid: body.gift_aid === true && declarationId !== null,
        anonymous: body.anonymous ?? false,
        message: body.message ? body.message : null,
        createdAt: at,
        updatedAt: at,
      });
      let donation: DonationRow | null = null;
      if (startDate === today()) {
        // The first gift is part of the request: if it cannot be made, nothing is set up.
        if (card) {
          const charged = await cardGifts.chargePeriod(tx, row, startDate, 1, declarationId);
          if (charged instanceof AppError) throw charged;
          donation = charged;
        } else {
          donation = await donations.create(tx, target, body, donor, actor, {
            subscriptionId: row.id,
            period: startDate,
            declarationId,
          });
        }
        row = await subscriptionsRepository.update(tx, row.id, { nextDate: after(row, startDate) });
      }
      return { donation, subscription: await presentOne(row, tx) };
    },

    async list(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const rows = await subscriptionsRepository.list(
        db(),
        { type: 'user', id: user.id },
        {
          limit: query.limit,
          cursor: decodeCursor(query.cursor, ['time', 'id']),
          before: query.direction === 'before',
        },
      );
      const result = timedPage(rows, query, (row) => row.subscription);
      return { ...result, items: await present(result.items) };
    },

    /** The coming occurrences of the donor's running subscriptions, soonest first. */
    async future(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const rows = await subscriptionsRepository.running(db(), { type: 'user', id: user.id });
      const presented = new Map((await present(rows)).map((s) => [s.id, s]));
      const horizon = addDays(today(), FUTURE_DAYS);
      const items: Array<{
        subscription_id: number;
        date: string;
        amount: number;
        project: Subscription['project'];
        charity: Subscription['charity'];
      }> = [];
      for (const row of rows) {
        const shown = presented.get(row.id);
        let date: string | null = row.nextDate;
        let guard = 0;
        while (shown && date !== null && date <= horizon && guard < FUTURE_MAX) {
          items.push({
            subscription_id: row.id,
            date,
            amount: row.amount,
            project: shown.project,
            charity: shown.charity,
          });
          date = after(row, date);
          guard += 1;
        }
      }
      items.sort((a, b) => a.date.localeCompare(b.date) || a.subscription_id - b.subscription_id);
      return { items: items.slice(0, FUTURE_MAX) };
    },

    /** The donor, signed in, chooses another of their saved cards for a plan by card. */
    async chooseCard(auth: AuthUser | null, id: number, paymentMethodId: number) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const card = await paymentMethodsQueries.find(
        db(),
        { ownerType: 'user', ownerId: user.id },
        paymentMethodId,
      );
      if (!card)
        throw badRequest('Choose one of your saved cards.', { payment_method_id: 'Not a saved card.' });
      const current = await subscriptionsRepository.find(db(), id);
      if (current?.donorType === 'user' && current.donorId === user.id && current.source !== 'card')
        throw new AppError(409, 'NOT_BY_CARD', 'This recurring gift is paid from the wallet, not by card.');
      return change(auth, id, (row) => ({
        paymentMethodId: card.id,
        ...(row.status === 'failing' ? { status: 'active' as const } : {}),
      }));
    },

    /** The card a plan by card charges from its next period on (a card of the plan's donor). */
    changeCard: (auth: AuthUser | null | 'manage-link', id: number, paymentMethodId: number) =>
      change(auth, id, (row) =>
        row.source === 'card'
          ? { paymentMethodId, ...(row.status === 'failing' ? { status: 'active' } : {}) }
          : undefined,
      ),

    /** One of the donor's subscriptions as it now is. */
    async one(auth: AuthUser | null, id: number) {
      const row = await db().transaction((tx) => requireOwn(auth, id, tx));
      return { subscription: await presentOne(row) };
    },

    /** One subscription as its donor sees it (a manage link's view). */
    find: (id: number) => subscriptionsRepository.find(db(), id),
    present: presentOne,

    cancel: (auth: AuthUser | null | 'manage-link', id: number) =>
      change(auth, id, () => ({ status: 'cancelled', nextDate: null })),

    pause: (auth: AuthUser | null | 'manage-link', id: number) =>
      change(auth, id, (row) => (row.status === 'paused' ? undefined : { status: 'paused' })),

    resume: (auth: AuthUser | null | 'manage-link', id: number) =>
      change(auth, id, (row) => {
        if (row.status !== 'paused') return undefined;
        // Periods missed while paused are skipped, never charged late.
        return { status: 'active', failedPeriods: 0, nextDate: catchUp(row) };
      }),

    changeAmount: (auth: AuthUser | null | 'manage-link', id: number, amount: number) =>
      change(auth, id, () => ({ amount })),

    /** A project that ends (cancelled or completed) takes no more gifts: its subscriptions end. */
    endForProject: (tx: Tx, projectId: number) =>
      subscriptionsRepository.endForProject(tx, projectId, ctx.now()),
  };
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
