import {
  type DiscountCodeBody,
  type DiscountCodeUpdateBody,
  discountCodeBodySchema,
  type PageQuery,
  type PlanBody,
  type PlanUpdateBody,
  planBodySchema,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { pageById, toPage } from '../../lib/pagination.js';
import { InsufficientFundsError, runIdempotent } from '../ledger/index.js';
import { assertCanMoveMoney } from '../payments/index.js';
import { billingRepository as repo } from './billing.repository.js';
import {
  type PlanChoice,
  presentSubscriptionRow as present,
  presentCode,
  presentInvoice,
  presentPlan,
} from './billing-views.js';
import { type InvoicePayments, RETRY_MS } from './invoice-payments.js';
import type { SubscriptionPlans } from './subscription-plans.js';

/**
 * The platform's billing: plans and discount codes kept by platform admins, and an
 * organisation's subscription set by them (decision 025).
 */
export function platformBillingService(ctx: AppContext, plans: SubscriptionPlans, payments: InvoicePayments) {
  const db = () => ctx.database.db;
  const { business, availablePlan, paidByWallet, start } = plans;
  const { payFromWallet } = payments;

  return {
    async adminPlans(auth: AuthUser | null) {
      await ctx.access.require(auth, Permission.PlatformBillingRead);
      const rows = await repo.plans(db(), true);
      return { items: rows.map(presentPlan) };
    },

    async createPlan(auth: AuthUser | null, body: PlanBody) {
      await ctx.access.require(auth, Permission.PlatformBillingManage);
      const input = planBodySchema.parse(body);
      const row = await repo.insertPlan(db(), {
        name: input.name,
        description: input.description,
        fee: input.fee,
        feeType: input.fee_type,
        currency: ctx.config.currency,
        active: input.active,
        createdAt: ctx.now(),
      });
      return presentPlan(row);
    },

    async updatePlan(auth: AuthUser | null, id: number, body: PlanUpdateBody) {
      await ctx.access.require(auth, Permission.PlatformBillingManage);
      const row = await repo.updatePlan(db(), id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.fee !== undefined ? { fee: body.fee } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      });
      if (!row) throw notFound('The plan');
      return presentPlan(row);
    },

    async adminCodes(auth: AuthUser | null, query: PageQuery) {
      await ctx.access.require(auth, Permission.PlatformBillingRead);
      const rows = await repo.codes(db(), pageById(query));
      return toPage(rows, query, (row) => [row.id], presentCode);
    },

    async createCode(auth: AuthUser | null, body: DiscountCodeBody) {
      await ctx.access.require(auth, Permission.PlatformBillingManage);
      const input = discountCodeBodySchema.parse(body);
      const row = await repo.insertCode(db(), {
        code: input.code,
        kind: input.kind,
        value: input.value,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        maxUses: input.max_uses,
        active: input.active,
        createdAt: ctx.now(),
      });
      if (!row)
        throw conflict('DISCOUNT_CODE_EXISTS', 'This code exists already.', {
          code: 'This code exists already.',
        });
      return presentCode(row);
    },

    async updateCode(auth: AuthUser | null, id: number, body: DiscountCodeUpdateBody) {
      await ctx.access.require(auth, Permission.PlatformBillingManage);
      return db().transaction(async (tx) => {
        const current = await repo.codeById(tx, id);
        if (!current) throw notFound('The discount code');
        if (body.max_uses !== undefined && body.max_uses !== null && body.max_uses < current.uses) {
          throw conflict('MAX_USES_BELOW_USES', `This code has been used ${current.uses} times already.`, {
            max_uses: `At least ${current.uses}.`,
          });
        }
        const row = await repo.updateCode(tx, id, {
          ...(body.expires_at !== undefined
            ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null }
            : {}),
          ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
        });
        if (!row) throw notFound('The discount code');
        return presentCode(row);
      });
    },

    /** A platform admin sets an organisation's subscription: it replaces the active one at once. */
    async adminSet(
      auth: AuthUser | null,
      businessId: number,
      body: PlanChoice,
      idempotency: IdempotencyRequest,
    ) {
      const caller = await ctx.access.require(auth, Permission.PlatformBillingManage);
      const row = await business(businessId);
      await assertCanMoveMoney(ctx, { ownerType: 'business', ownerId: businessId }, row);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const plan = await availablePlan(tx, body.plan_id);
        const current = await repo.activeForUpdate(tx, businessId);
        if (current) await repo.endSubscription(tx, current.id, 'replaced', ctx.now());
        const started = await start(tx, businessId, plan, body.discount_code, paidByWallet(true), caller.id);
        // The first invoice is paid from the wallet when it can be; otherwise it stays due.
        let invoice = started.invoice;
        try {
          invoice = await tx.transaction((savepoint) => payFromWallet(savepoint, started.invoice, caller.id));
        } catch (error) {
          if (!(error instanceof InsufficientFundsError)) throw error;
          await repo.markFailed(tx, invoice.id, {
            attempts: 1,
            lastError: 'There is not enough money in the organisation’s wallet.',
            retryAfter: new Date(ctx.now().getTime() + RETRY_MS),
          });
          invoice = {
            ...invoice,
            attempts: 1,
            lastError: 'There is not enough money in the organisation’s wallet.',
          };
        }
        return {
          statusCode: 201,
          body: { subscription: await present(tx, started.subscription), invoice: presentInvoice(invoice) },
        };
      });
      return result.body;
    },
  };
}
export type PlatformBillingService = ReturnType<typeof platformBillingService>;
