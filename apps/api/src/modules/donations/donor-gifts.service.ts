import {
  type DonateBody,
  type DonateResponse,
  type Donation,
  type DonationFilters,
  GIVING_TYPE,
  type PageQuery,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { charitiesQueries } from '../charities/index.js';
import { runIdempotent } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import type { MoneyOwner } from '../payments/index.js';
import { usersQueries } from '../users/index.js';
import type { CardGiftAnswer, CardGiftsService } from './card-gifts.service.js';
import type { GiftTarget } from './donation-flow.js';
import { donationViews, filterOf, presentNew } from './donation-views.js';
import { type DonationWhere, donationsRepository } from './donations.repository.js';
import { assertGiftAidAllowed, type GiftRecorder } from './gift-recorder.js';
import { oneCallGifts } from './one-call-gift.js';
import { receiptPdf, statementCsv, statementPdf } from './receipts.js';
import { assertApprovable, assertBusinessMovesMoney } from './signoff-rules.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const { approved, completed } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/** The longest range, and the most donations, one statement covers. */
const STATEMENT_MAX_DAYS = 366 * 5;
const STATEMENT_MAX_ROWS = 10_000;

/** The giver's side of donations: giving (a person's gift, or a member's on behalf of an organisation), and their own gifts. */
export function donorGiftsService(
  ctx: AppContext,
  recorder: GiftRecorder,
  subscriptions: SubscriptionsService,
  cardGifts: CardGiftsService,
) {
  const db = () => ctx.database.db;
  const { present, presentOne, page, receiptOf } = donationViews(ctx);
  const oneCall = oneCallGifts(ctx, recorder);

  async function walletOf(executor: Executor, owner: MoneyOwner) {
    const b = await ctx.ledger.balances(executor, owner);
    return { wallet_amount: b.wallet, credits: b.credits, held: b.held, currency: ctx.config.currency };
  }

  async function requireDonation(auth: AuthUser | null, id: number) {
    const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
    const row = await donationsRepository.find(db(), id);
    if (row?.donorType !== 'user' || row.donorId !== user.id) throw notFound('The donation');
    return row;
  }

  return {
    /** POST /user/donate/project/{id}, /user/donate/charity/{id}: one gift, or the first of a series. */
    async give(
      auth: AuthUser | null,
      target: GiftTarget,
      body: DonateBody,
      idempotency: IdempotencyRequest,
    ): Promise<{ statusCode: number; body: DonateResponse } | CardGiftAnswer> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const donor: MoneyOwner = { ownerType: 'user', ownerId: user.id };
      // Every check runs inside the idempotent transaction (the target once, under its lock; the
      // Gift Aid declaration): a refusal is kept with the Idempotency-Key like any other answer.
      // The auth lookup already read the caller's name and email.
      const person =
        user.name !== undefined && user.email !== undefined
          ? { name: user.name, email: user.email }
          : await usersQueries.find(db(), user.id).then((row) => ({
              name: `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(),
              email: row?.email ?? '',
            }));
      // A one-off gift by card charges the card now; a recurring one charges its saved card each
      // period (the first with the set-up, below).
      if (body.source === 'card' && body.frequency === undefined)
        return cardGifts.give({
          target,
          body,
          donor,
          userId: user.id,
          signoff: false,
          email: person.email || null,
          idempotency,
          check: async (tx) => {
            assertGiftAidAllowed(body, donor);
            const checked = await recorder.check(tx, target, body);
            await recorder.declarationFor(body, donor, checked.charity.id, tx);
          },
        });
      // A one-off gift from the wallet or credits to a project, approved at once: in one call.
      const inOneCall = await oneCall.give(target, body, { id: user.id, ...person }, idempotency);
      if (inOneCall) return inOneCall;
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        assertGiftAidAllowed(body, donor);
        const actor = { userId: user.id };
        let donation: Donation | null = null;
        let subscription = null;
        // The receipt of a gift approved at once (its number and where to download it), mailed
        // once this transaction commits.
        const queueReceipt = async (
          presented: Donation | null,
          charity?: { registrationNumber: string | null },
        ) => {
          if (presented && presented.type === funds && presented.receipt_number && person.email)
            await ctx.notices.queue(tx, await receiptOf(tx, presented, person.email, charity));
        };
        if (body.frequency !== undefined) {
          const started = await subscriptions.start(tx, target, body, donor, actor);
          subscription = started.subscription;
          donation = started.donation ? await presentOne(started.donation, tx) : null;
          await queueReceipt(donation);
        } else {
          await recorder.createChecked(tx, target, body, donor, actor, {
            // Presented, and its receipt queued, once it has its status and before its money
            // moves (docs/product/donations.md#the-order-a-gift-takes-its-locks).
            beforeMoney: async (row, checked) => {
              donation = presentNew(row, checked, { id: user.id, name: person.name });
              await queueReceipt(donation, checked.charity);
            },
          });
        }
        return {
          statusCode: 201,
          body: { donation, wallet: await walletOf(tx, donor), subscription },
        };
      });
      return result;
    },

    /**
     * POST /business/{id}/donate/project/{projectId}, /business/{id}/donate/charity/{charityId}: a
     * member asks for a gift on behalf of the organisation. It waits at 20 with its amount held from
     * the organisation's wallet or credits until the sign-off admins approve.
     */
    async giveForBusiness(
      auth: AuthUser | null,
      businessId: number,
      target: GiftTarget,
      body: DonateBody,
      idempotency: IdempotencyRequest,
    ): Promise<{ statusCode: number; body: DonateResponse } | CardGiftAnswer> {
      const user = await ctx.access.require(auth, Permission.BusinessDonate, [businessId]);
      const business = await organisationsQueries.business(db(), businessId);
      if (!business || business.deletedAt) throw notFound('The organisation');
      if (body.frequency !== undefined)
        throw badRequest('An organisation gives once at a time; each gift is signed off on its own.', {
          frequency: 'Give once on behalf of an organisation.',
        });
      const donor: MoneyOwner = { ownerType: 'business', ownerId: businessId };
      const name = user.name ?? (await usersQueries.names(db(), [user.id])).get(user.id) ?? '';
      if (body.source === 'card')
        return cardGifts.give({
          target,
          body,
          donor,
          userId: user.id,
          signoff: true,
          email: null,
          idempotency,
          check: async (tx) => {
            assertBusinessMovesMoney(business);
            assertGiftAidAllowed(body, donor);
            await recorder.check(tx, target, body);
            await assertApprovable(tx, business, body, user.id, ctx.config.currency);
          },
        });
      return runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        assertBusinessMovesMoney(business);
        assertGiftAidAllowed(body, donor);
        await assertApprovable(tx, business, body, user.id, ctx.config.currency);
        const created = await recorder.createChecked(
          tx,
          target,
          body,
          donor,
          { userId: user.id },
          { signoff: true },
        );
        return {
          statusCode: 201,
          body: {
            donation: presentNew(created.row, created, { id: user.id, name }, business),
            wallet: await walletOf(tx, donor),
            subscription: null,
          },
        };
      });
    },

    async mine(auth: AuthUser | null, filters: DonationFilters, query: PageQuery, extra: DonationWhere = {}) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return page({ ...filterOf(filters), ...extra, donor: { type: 'user', id: user.id } }, query);
    },

    async one(auth: AuthUser | null, id: number) {
      return { donation: await presentOne(await requireDonation(auth, id)) };
    },

    /** The receipt of an approved gift of funds, for its donor only (PDF). */
    async receipt(auth: AuthUser | null, id: number) {
      const row = await requireDonation(auth, id);
      // A gift refunded since keeps its receipt: its credit notes cancel the refunded part.
      const given = row.status === approved || row.status === completed || row.refundedAmount > 0;
      if (row.type !== funds || !row.receiptNumber || !given)
        throw new AppError(409, 'NO_RECEIPT', 'Only approved gifts of funds have a receipt.');
      const [donation, charity] = await Promise.all([
        presentOne(row),
        charitiesQueries.byId(db(), row.charityId),
      ]);
      return {
        pdf: await receiptPdf(donation, ctx.config.currency, charity?.registrationNumber ?? null),
        filename: `kindred-receipt-${row.receiptNumber}.pdf`,
      };
    },

    /** The donor's giving statement for a date range (at most five years), oldest first. */
    async statement(auth: AuthUser | null, from: string, to: string, format: 'pdf' | 'csv') {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      if (to < from)
        throw badRequest('The end date is before the start date.', { to: 'On or after the start.' });
      if (Date.parse(to) - Date.parse(from) > STATEMENT_MAX_DAYS * 86_400_000)
        throw badRequest('Choose a range of at most five years.', { from: 'Range too long.' });
      const rows = await donationsRepository.list(
        db(),
        { donor: { type: 'user', id: user.id }, from, to },
        { limit: STATEMENT_MAX_ROWS, before: false },
      );
      const donations = (
        await present(rows.slice(0, STATEMENT_MAX_ROWS).map((row) => row.donation))
      ).reverse();
      const filename = `kindred-giving-${from}-to-${to}.${format}`;
      if (format === 'csv')
        return {
          type: 'text/csv; charset=utf-8',
          filename,
          body: statementCsv(donations, ctx.config.currency),
        };
      const name = (await usersQueries.names(db(), [user.id])).get(user.id) ?? '';
      return {
        type: 'application/pdf',
        filename,
        body: await statementPdf(donations, { from, to, name }, ctx.config.currency),
      };
    },
  };
}
export type DonorGiftsService = ReturnType<typeof donorGiftsService>;
