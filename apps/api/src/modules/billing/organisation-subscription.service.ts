import type {
  OrgSubscription,
  PageQuery,
  SubscribeDirectDebitBody,
  SubscriptionPreview,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { pageById, toPage } from '../../lib/pagination.js';
import { runIdempotent } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { assertCanMoveMoney, assertCardGiven, providerFailure } from '../payments/index.js';
import { billingRepository as repo } from './billing.repository.js';
import {
  codeField,
  type PlanChoice,
  presentSubscriptionRow as present,
  presentInvoice,
  presentPlan,
  presentRows,
  pricedPeriod,
} from './billing-views.js';
import type { InvoicePayments } from './invoice-payments.js';
import { invoicePdf } from './invoice-pdf.js';
import type { SubscriptionPlans } from './subscription-plans.js';

/**
 * An organisation's own subscription: paid each period from its wallet or by a
 * direct debit (type 3), with exactly one numbered invoice per period (decision 025).
 */
export function organisationSubscriptionService(
  ctx: AppContext,
  choices: SubscriptionPlans,
  payments: InvoicePayments,
) {
  const provider = ctx.paymentProvider;
  const db = () => ctx.database.db;
  const { business, changePreview, availablePlan, usableCode, redeem, firstPeriod, paidByWallet, start } =
    choices;
  const { payFromWallet, chargeDirectDebit, recordDirectDebit } = payments;

  /** Who subscribes pays: a manager of the organisation's subscription, its money not locked. */
  const mayPayForSubscription = async (auth: AuthUser | null, businessId: number) => {
    const caller = await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
    await assertCanMoveMoney(ctx, { ownerType: 'business', ownerId: businessId }, await business(businessId));
    return caller;
  };

  return {
    async plans(auth: AuthUser | null, businessId: number) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      const rows = await repo.plans(db(), false);
      return { items: rows.map(presentPlan) };
    },

    async current(auth: AuthUser | null, businessId: number) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      const row = await repo.active(db(), businessId);
      return { subscription: row ? await present(db(), row) : null };
    },

    async preview(
      auth: AuthUser | null,
      businessId: number,
      body: PlanChoice & { change?: boolean | undefined },
    ): Promise<SubscriptionPreview> {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      if (body.change) return changePreview(businessId, body.plan_id);
      const plan = await availablePlan(db(), body.plan_id);
      const code = body.discount_code ? await usableCode(db(), body.discount_code) : undefined;
      const period = firstPeriod(plan);
      return pricedPeriod(plan, code, period.start, period.end);
    },

    /** Subscribes, paying the first period from the organisation's wallet at once. */
    async subscribe(
      auth: AuthUser | null,
      businessId: number,
      body: PlanChoice,
      idempotency: IdempotencyRequest,
    ) {
      const caller = await mayPayForSubscription(auth, businessId);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const plan = await availablePlan(tx, body.plan_id);
        const started = await start(tx, businessId, plan, body.discount_code, paidByWallet(false), caller.id);
        const invoice = await payFromWallet(tx, started.invoice, caller.id);
        return {
          statusCode: 201,
          body: { subscription: await present(tx, started.subscription), invoice: presentInvoice(invoice) },
        };
      });
      return result.body;
    },

    /** Subscribes with a direct debit (type 3): the card is kept and charged for each period, the first now. */
    async subscribeWithDirectDebit(
      auth: AuthUser | null,
      businessId: number,
      body: SubscribeDirectDebitBody,
      idempotency: IdempotencyRequest,
    ) {
      const caller = await mayPayForSubscription(auth, businessId);
      assertCardGiven(provider, body.card);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const plan = await availablePlan(tx, body.plan_id);
        let method: Awaited<ReturnType<typeof provider.saveMethod>>;
        try {
          method = await provider.saveMethod({ card: body.card, methodId: body.payment_method_id });
        } catch (error) {
          providerFailure(error);
        }
        const started = await start(
          tx,
          businessId,
          plan,
          body.discount_code,
          {
            paymentMethod: 'direct_debit',
            provider: provider.name,
            providerMethod: method.id,
            providerMethodLabel: method.label,
            setByPlatform: false,
          },
          caller.id,
        );
        const charge = await chargeDirectDebit(started.subscription, started.invoice);
        if (!charge.ok) throw new AppError(402, 'CARD_DECLINED', charge.message);
        const invoice = await recordDirectDebit(tx, started.invoice, charge.paymentId, caller.id);
        return {
          statusCode: 201,
          body: { subscription: await present(tx, started.subscription), invoice: presentInvoice(invoice) },
        };
      });
      return result.body;
    },

    /** Applies a discount code to the active subscription: it takes off every invoice from the next. */
    async applyDiscount(auth: AuthUser | null, businessId: number, code: string) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
      await business(businessId);
      return db().transaction(async (tx) => {
        const current = await repo.activeForUpdate(tx, businessId);
        if (!current) throw conflict('NO_SUBSCRIPTION', 'This organisation has no active subscription.');
        if (current.discountCodeId) {
          throw conflict(
            'DISCOUNT_ALREADY_APPLIED',
            'This subscription has a discount code already.',
            codeField('A code is applied already.'),
          );
        }
        const redeemed = await redeem(tx, code);
        const row = await repo.setDiscount(tx, current.id, redeemed.id);
        if (!row) throw new Error('subscription vanished');
        return { subscription: await present(tx, row) };
      });
    },

    /**
     * PATCH /business/{id}/subscription/plan: the active subscription moves to another offered plan
     * from its next period (decision 039): nothing is charged or refunded now; the next period's
     * invoice is the new plan's, with the subscription's discount code. Choosing the current plan
     * drops a pending change.
     */
    async changePlan(auth: AuthUser | null, businessId: number, planId: number) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
      return db().transaction(async (tx) => {
        const current = await repo.activeForUpdate(tx, businessId);
        if (!current) throw conflict('NO_SUBSCRIPTION', 'This organisation has no active subscription.');
        const next = planId === current.planId ? null : (await availablePlan(tx, planId)).id;
        const row = await repo.setNextPlan(tx, current.id, next);
        if (!row) throw new Error('subscription vanished');
        return { subscription: await present(tx, row) };
      });
    },

    /** Cancels the active subscription: no further invoices; the paid period is not refunded. */
    async cancel(auth: AuthUser | null, businessId: number) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
      return db().transaction(async (tx) => {
        const current = await repo.activeForUpdate(tx, businessId);
        if (!current) throw conflict('NO_SUBSCRIPTION', 'This organisation has no active subscription.');
        const row = await repo.endSubscription(tx, current.id, 'cancelled', ctx.now());
        if (!row) throw new Error('subscription vanished');
        return { subscription: await present(tx, row) };
      });
    },

    async history(auth: AuthUser | null, businessId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      const rows = await repo.subscriptionsOf(db(), businessId, pageById(query));
      const presented = new Map((await presentRows(db(), rows)).map((item) => [item.id, item]));
      return toPage(
        rows,
        query,
        (row) => [row.id],
        (row) => presented.get(row.id) as OrgSubscription,
      );
    },

    async invoices(auth: AuthUser | null, businessId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      const rows = await repo.invoicesOf(db(), businessId, pageById(query));
      return toPage(rows, query, (row) => [row.id], presentInvoice);
    },

    async invoicePdf(auth: AuthUser | null, businessId: number, invoiceId: number) {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      const row = await repo.invoiceOf(db(), businessId, invoiceId);
      if (!row) throw notFound('The invoice');
      const organisation = await organisationsQueries.business(db(), businessId);
      const invoice = presentInvoice(row);
      return {
        pdf: await invoicePdf(invoice, organisation?.name ?? ''),
        filename: `kindred-${invoice.number}.pdf`,
      };
    },
  };
}
export type OrganisationSubscriptionService = ReturnType<typeof organisationSubscriptionService>;
