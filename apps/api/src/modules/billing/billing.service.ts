import {
  DIRECT_DEBIT_TYPE,
  type DiscountCode,
  type DiscountCodeBody,
  type DiscountCodeUpdateBody,
  discountCodeBodySchema,
  type Invoice,
  type OrgSubscription,
  type PageQuery,
  PLAN_FEE_TYPE,
  type Plan,
  type PlanBody,
  type PlanUpdateBody,
  planBodySchema,
  type SubscribeDirectDebitBody,
  type SubscriptionPreview,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { addDays, isoDay, nextPeriod } from '../../lib/periods.js';
import { runIdempotent } from '../ledger/idempotency.js';
import { account, InsufficientFundsError, PLATFORM } from '../ledger/ledger.service.js';
import { organisationsQueries } from '../organisations/organisations.repository.js';
import { assertCanMoveMoney } from '../payments/money-owner.js';
import { providerFailure } from '../payments/payments.service.js';
import {
  type DiscountCodeRow,
  type InvoiceRow,
  type PlanRow,
  billingRepository as repo,
  type SubscriptionRow,
} from './billing.repository.js';
import { invoicePdf } from './invoice-pdf.js';

/** Due invoices are tried again after this long times the attempts so far (at most a day). */
const RETRY_MS = 60 * 60 * 1000;
const MAX_RETRY_MS = 24 * RETRY_MS;
/** A process paying a claimed invoice holds it this long. */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 20;

type Body = { plan_id: number; discount_code?: string | null | undefined };

export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;

/** A plan's period in calendar steps: monthly plans every month, annual plans every year. */
const frequencyOf = (feeType: number) => (feeType === PLAN_FEE_TYPE.annual ? 4 : 3);

export function discountOn(fee: number, code: Pick<DiscountCodeRow, 'kind' | 'value'> | undefined): number {
  if (!code) return 0;
  if (code.kind === 'percentage') return Math.min(fee, Math.round((fee * code.value) / 100));
  return Math.min(fee, code.value);
}

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fee: row.fee,
    fee_type: row.feeType,
    currency: row.currency,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** What a period of a plan costs with a discount code (or none), from `start` to `end` (ISO days). */
function pricedPeriod(
  plan: PlanRow,
  code: DiscountCodeRow | undefined,
  start: string,
  end: string,
): SubscriptionPreview {
  const discount = discountOn(plan.fee, code);
  return {
    plan: presentPlan(plan),
    discount_code: code?.code ?? null,
    subtotal: plan.fee,
    discount,
    total: plan.fee - discount,
    currency: plan.currency,
    period_start: start,
    period_end: end,
  };
}

export function presentCode(row: DiscountCodeRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: invoiceNumber(row.id),
    subscription_id: row.subscriptionId,
    business_id: row.businessId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    plan_name: row.planName,
    fee_type: row.feeType,
    subtotal: row.subtotal,
    discount_code: row.discountCode,
    discount: row.discount,
    total: row.total,
    currency: row.currency,
    status: row.status,
    payment_method: row.paymentMethod,
    last_error: row.status === 'due' ? row.lastError : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function presentSubscription(
  row: SubscriptionRow,
  plan: PlanRow,
  code: DiscountCodeRow | undefined,
  nextPlan: PlanRow | undefined,
): OrgSubscription {
  const pending = row.status === 'active' ? nextPlan : undefined;
  return {
    id: row.id,
    business_id: row.businessId,
    plan: presentPlan(plan),
    status: row.status,
    payment_method: row.paymentMethod,
    direct_debit:
      row.paymentMethod === 'direct_debit'
        ? { type: DIRECT_DEBIT_TYPE.charitySubscription, payment_method_label: row.providerMethodLabel ?? '' }
        : null,
    discount: code ? { code: code.code, kind: code.kind, value: code.value } : null,
    period_total: plan.fee - discountOn(plan.fee, code),
    started_on: row.startedOn,
    current_period_start: row.currentPeriodStart,
    current_period_end: addDays(row.nextPeriodOn, -1),
    next_invoice_on: row.status === 'active' ? row.nextPeriodOn : null,
    next_plan: pending ? presentPlan(pending) : null,
    next_period_total: pending ? pending.fee - discountOn(pending.fee, code) : null,
    set_by_platform: row.setByPlatform,
    created_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

const codeField = (message: string) => ({ discount_code: message });

/**
 * Organisation subscriptions (docs/product/organisations.md#subscriptions-and-invoices): plans and
 * discount codes kept by platform admins, an organisation's subscription paid each period from its
 * wallet or by a direct debit (type 3), and exactly one numbered invoice per period (decision 025).
 */
export function billingService(ctx: AppContext) {
  const { ledger } = ctx;
  const provider = ctx.paymentProvider;
  const db = () => ctx.database.db;

  async function presentRows(executor: Executor, rows: SubscriptionRow[]) {
    const plans = await repo.plansByIds(
      executor,
      rows.flatMap((row) => (row.nextPlanId ? [row.planId, row.nextPlanId] : [row.planId])),
    );
    const codes = await repo.codesByIds(
      executor,
      rows.flatMap((row) => (row.discountCodeId ? [row.discountCodeId] : [])),
    );
    return rows.map((row) => {
      const plan = plans.get(row.planId);
      if (!plan) throw new Error(`plan ${row.planId} is missing`);
      return presentSubscription(
        row,
        plan,
        row.discountCodeId ? codes.get(row.discountCodeId) : undefined,
        row.nextPlanId ? plans.get(row.nextPlanId) : undefined,
      );
    });
  }

  async function present(executor: Executor, row: SubscriptionRow): Promise<OrgSubscription> {
    const [item] = await presentRows(executor, [row]);
    if (!item) throw new Error('subscription not presented');
    return item;
  }

  /** The organisation, when it exists and is not deleted. */
  async function business(id: number) {
    const row = await organisationsQueries.business(db(), id);
    if (!row || row.deletedAt) throw notFound('The organisation');
    return row;
  }

  /** What the active subscription's next period would cost on another plan, with its discount code. */
  async function changePreview(businessId: number, planId: number): Promise<SubscriptionPreview> {
    const current = await repo.active(db(), businessId);
    if (!current) throw conflict('NO_SUBSCRIPTION', 'This organisation has no active subscription.');
    const plan = await availablePlan(db(), planId);
    const [code] = current.discountCodeId
      ? [...(await repo.codesByIds(db(), [current.discountCodeId])).values()]
      : [];
    const start = current.nextPeriodOn;
    const next = nextPeriod(current.startedOn, start, frequencyOf(plan.feeType));
    return pricedPeriod(plan, code, start, addDays(next, -1));
  }

  async function availablePlan(executor: Executor, id: number): Promise<PlanRow> {
    const plan = await repo.plan(executor, id);
    if (!plan)
      throw new AppError(404, 'NOT_FOUND', 'The plan was not found.', {
        fields: { plan_id: 'Choose a plan.' },
      });
    if (!plan.active)
      throw conflict('PLAN_NOT_AVAILABLE', 'This plan is no longer offered.', {
        plan_id: 'Choose another plan.',
      });
    return plan;
  }

  /** Why a code cannot be used now, as the refusal the caller sees. */
  function codeRefusal(row: DiscountCodeRow | undefined, now: Date): AppError {
    if (!row?.active) {
      return new AppError(400, 'DISCOUNT_CODE_UNKNOWN', 'This discount code does not exist.', {
        fields: codeField('This code does not exist.'),
      });
    }
    if (row.expiresAt && row.expiresAt <= now) {
      return conflict(
        'DISCOUNT_CODE_EXPIRED',
        'This discount code has expired.',
        codeField('This code has expired.'),
      );
    }
    return conflict(
      'DISCOUNT_CODE_USED_UP',
      'This discount code has been used as often as it may be.',
      codeField('This code has been used up.'),
    );
  }

  /** A code the caller may use now (not counted). */
  async function usableCode(executor: Executor, code: string): Promise<DiscountCodeRow> {
    const row = await repo.codeByText(executor, code);
    const now = ctx.now();
    const usable =
      row?.active &&
      (!row.expiresAt || row.expiresAt > now) &&
      (row.maxUses === null || row.uses < row.maxUses);
    if (!usable || !row) throw codeRefusal(row, now);
    return row;
  }

  /** Counts one use of a code in the transaction, or refuses: never past its maximum, never after expiry. */
  async function redeem(tx: Executor, code: string): Promise<DiscountCodeRow> {
    const now = ctx.now();
    const row = await repo.redeem(tx, code, now);
    if (row) return row;
    throw codeRefusal(await repo.codeByText(tx, code), now);
  }

  function firstPeriod(plan: PlanRow) {
    const start = isoDay(ctx.now());
    const next = nextPeriod(start, start, frequencyOf(plan.feeType));
    return { start, next, end: addDays(next, -1) };
  }

  async function insertInvoice(
    tx: Executor,
    subscription: SubscriptionRow,
    plan: PlanRow,
    code: DiscountCodeRow | undefined,
    periodStart: string,
    periodEnd: string,
  ) {
    const discount = discountOn(plan.fee, code);
    return repo.insertInvoice(tx, {
      subscriptionId: subscription.id,
      businessId: subscription.businessId,
      periodStart,
      periodEnd,
      planName: plan.name,
      feeType: plan.feeType,
      subtotal: plan.fee,
      discountCode: code && discount > 0 ? code.code : null,
      discount,
      total: plan.fee - discount,
      currency: plan.currency,
      paymentMethod: subscription.paymentMethod,
      createdAt: ctx.now(),
    });
  }

  const meta = (invoice: InvoiceRow, createdBy: number | null) => ({
    createdBy,
    reference: {
      invoice_id: invoice.id,
      subscription_id: invoice.subscriptionId,
      business_id: invoice.businessId,
    },
  });

  /** Pays an invoice from the organisation's wallet, in the caller's transaction. */
  async function payFromWallet(
    tx: Tx,
    invoice: InvoiceRow,
    createdBy: number | null,
    providerPaymentId: string | null = null,
  ): Promise<InvoiceRow> {
    let transactionId: number | null = null;
    if (invoice.total > 0) {
      transactionId = await ledger.transfer(
        tx,
        account({ ownerType: 'business', ownerId: invoice.businessId }, 'wallet'),
        PLATFORM.fees,
        invoice.total,
        {
          kind: 'subscription_invoice',
          description: `Invoice ${invoiceNumber(invoice.id)}: ${invoice.planName}, ${invoice.periodStart} to ${invoice.periodEnd}`,
          ...meta(invoice, createdBy),
        },
      );
    }
    const paid = await repo.markPaid(tx, invoice.id, {
      paidAt: ctx.now(),
      ledgerTransactionId: transactionId,
      providerPaymentId,
    });
    if (!paid) throw new Error('invoice vanished');
    return paid;
  }

  /** Charges the subscription's kept card for an invoice; the money arrives in the wallet and pays it. */
  async function chargeDirectDebit(
    subscription: SubscriptionRow,
    invoice: InvoiceRow,
  ): Promise<{ ok: true; paymentId: string | null } | { ok: false; message: string }> {
    if (invoice.total === 0) return { ok: true, paymentId: null };
    try {
      const remote = await provider.chargeMethod({
        methodId: subscription.providerMethod ?? '',
        amount: invoice.total,
        currency: invoice.currency,
        description: `Kindred invoice ${invoiceNumber(invoice.id)}`,
        metadata: { invoice_id: String(invoice.id), business_id: String(invoice.businessId) },
        idempotencyKey: `subscription-invoice-${invoice.id}-${invoice.attempts}`,
      });
      if (remote.status === 'succeeded') return { ok: true, paymentId: remote.id };
      return { ok: false, message: remote.failureMessage ?? 'The direct debit did not go through.' };
    } catch (error) {
      return {
        ok: false,
        message: error instanceof Error ? error.message : 'The payment provider did not answer.',
      };
    }
  }

  /** Records a successful direct debit for an invoice: provider -> wallet -> platform fees. */
  async function recordDirectDebit(
    tx: Tx,
    invoice: InvoiceRow,
    paymentId: string | null,
    createdBy: number | null,
  ) {
    if (invoice.total > 0) {
      await ledger.transfer(
        tx,
        PLATFORM.provider,
        account({ ownerType: 'business', ownerId: invoice.businessId }, 'wallet'),
        invoice.total,
        {
          kind: 'subscription_direct_debit',
          description: `Direct debit for invoice ${invoiceNumber(invoice.id)}`,
          ...meta(invoice, createdBy),
        },
      );
    }
    return payFromWallet(tx, invoice, createdBy, paymentId);
  }

  async function failed(invoice: InvoiceRow, message: string) {
    const attempts = invoice.attempts + 1;
    await repo.markFailed(db(), invoice.id, {
      attempts,
      lastError: message,
      retryAfter: new Date(ctx.now().getTime() + Math.min(MAX_RETRY_MS, RETRY_MS * attempts)),
    });
  }

  /** Tries to pay one claimed due invoice; a locked or pending organisation moves no money. */
  async function collect(invoice: InvoiceRow): Promise<'paid' | 'failed'> {
    const subscription = await repo.subscription(db(), invoice.subscriptionId);
    if (!subscription) return 'failed';
    try {
      await assertCanMoveMoney(ctx, { ownerType: 'business', ownerId: invoice.businessId });
    } catch (error) {
      await failed(invoice, error instanceof Error ? error.message : 'The organisation cannot move money.');
      return 'failed';
    }
    if (invoice.paymentMethod === 'direct_debit') {
      const charge = await chargeDirectDebit(subscription, invoice);
      if (!charge.ok) {
        await failed(invoice, charge.message);
        return 'failed';
      }
      await db().transaction(async (tx) => {
        const locked = await repo.invoiceForUpdate(tx, invoice.id);
        if (locked?.status === 'due') await recordDirectDebit(tx, locked, charge.paymentId, null);
      });
      return 'paid';
    }
    try {
      await db().transaction(async (tx) => {
        const locked = await repo.invoiceForUpdate(tx, invoice.id);
        if (locked?.status === 'due') await payFromWallet(tx, locked, null);
      });
      return 'paid';
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      await failed(invoice, 'There is not enough money in the organisation’s wallet.');
      return 'failed';
    }
  }

  /** Where a page of a list kept by id starts: `limit + 1` rows past the query's cursor. */
  const byId = (query: PageQuery) => {
    const cursor = decodeCursor(query.cursor, ['id']);
    return {
      limit: query.limit + 1,
      cursorId: cursor ? Number(cursor[0]) : undefined,
      before: query.direction === 'before',
    };
  };

  /** How a subscription paid from the organisation's wallet is kept (set by the platform or not). */
  const paidByWallet = (setByPlatform: boolean) => ({
    paymentMethod: 'wallet' as const,
    provider: null,
    providerMethod: null,
    providerMethodLabel: null,
    setByPlatform,
  });

  /** Starts a subscription and its first period's invoice in the transaction. */
  async function start(
    tx: Tx,
    businessId: number,
    plan: PlanRow,
    code: string | null | undefined,
    values: Pick<
      SubscriptionRow,
      'paymentMethod' | 'provider' | 'providerMethod' | 'providerMethodLabel' | 'setByPlatform'
    >,
    createdBy: number,
  ) {
    const redeemed = code ? await redeem(tx, code) : undefined;
    const period = firstPeriod(plan);
    const subscription = await repo.insertSubscription(tx, {
      businessId,
      planId: plan.id,
      discountCodeId: redeemed?.id ?? null,
      startedOn: period.start,
      currentPeriodStart: period.start,
      nextPeriodOn: period.next,
      createdBy,
      createdAt: ctx.now(),
      ...values,
    });
    if (!subscription) {
      throw conflict(
        'SUBSCRIPTION_ACTIVE',
        'This organisation already has an active subscription. Cancel it before choosing another plan.',
      );
    }
    const invoice = await insertInvoice(tx, subscription, plan, redeemed, period.start, period.end);
    if (!invoice) throw new Error('the first invoice exists already');
    return { subscription, invoice, redeemed };
  }

  return {
    // ---- Platform admins: plans and discount codes --------------------------------------------

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
      const cursor = decodeCursor(query.cursor, ['id']);
      const before = query.direction === 'before';
      const rows = await repo.codes(db(), {
        limit: query.limit + 1,
        cursorId: cursor ? Number(cursor[0]) : undefined,
        before,
      });
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
    async adminSet(auth: AuthUser | null, businessId: number, body: Body, idempotency: IdempotencyRequest) {
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

    // ---- The organisation -----------------------------------------------------------------------

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
      body: Body & { change?: boolean | undefined },
    ): Promise<SubscriptionPreview> {
      await ctx.access.require(auth, Permission.BusinessSubscriptionRead, [businessId]);
      if (body.change) return changePreview(businessId, body.plan_id);
      const plan = await availablePlan(db(), body.plan_id);
      const code = body.discount_code ? await usableCode(db(), body.discount_code) : undefined;
      const period = firstPeriod(plan);
      return pricedPeriod(plan, code, period.start, period.end);
    },

    /** Subscribes, paying the first period from the organisation's wallet at once. */
    async subscribe(auth: AuthUser | null, businessId: number, body: Body, idempotency: IdempotencyRequest) {
      const caller = await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
      await assertCanMoveMoney(
        ctx,
        { ownerType: 'business', ownerId: businessId },
        await business(businessId),
      );
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
      const caller = await ctx.access.require(auth, Permission.BusinessSubscriptionManage, [businessId]);
      await assertCanMoveMoney(
        ctx,
        { ownerType: 'business', ownerId: businessId },
        await business(businessId),
      );
      if (provider.name === 'sandbox' && !body.card) {
        throw new AppError(400, 'VALIDATION_FAILED', 'Enter card details.', {
          fields: { card: 'Required.' },
        });
      }
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
      const rows = await repo.subscriptionsOf(db(), businessId, byId(query));
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
      const rows = await repo.invoicesOf(db(), businessId, byId(query));
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

    // ---- The scheduled job ----------------------------------------------------------------------

    /**
     * Makes the invoice of every period that has begun, then collects due invoices. Safe with
     * several API processes: subscriptions are claimed with FOR UPDATE SKIP LOCKED, and the unique
     * index on (subscription, period start) refuses a second invoice for a period whatever happens.
     */
    async runDue(limit = BATCH) {
      const today = isoDay(ctx.now());
      let invoiced = 0;
      for (;;) {
        const made = await db().transaction(async (tx) => {
          const due = await repo.claimDue(tx, today, limit);
          const plans = await repo.plansByIds(
            tx,
            due.map((row) => row.nextPlanId ?? row.planId),
          );
          const codes = await repo.codesByIds(
            tx,
            due.flatMap((row) => (row.discountCodeId ? [row.discountCodeId] : [])),
          );
          let count = 0;
          for (const subscription of due) {
            // A plan chosen for the next period takes over as that period begins (decision 039).
            const plan = plans.get(subscription.nextPlanId ?? subscription.planId);
            if (!plan) continue;
            if (subscription.nextPlanId) await repo.switchPlan(tx, subscription.id, plan.id);
            const periodStart = subscription.nextPeriodOn;
            const next = nextPeriod(subscription.startedOn, periodStart, frequencyOf(plan.feeType));
            const code = subscription.discountCodeId ? codes.get(subscription.discountCodeId) : undefined;
            if (await insertInvoice(tx, subscription, plan, code, periodStart, addDays(next, -1))) count += 1;
            await repo.advance(tx, subscription.id, periodStart, next);
          }
          return { claimed: due.length, count };
        });
        invoiced += made.count;
        if (made.claimed < limit) break;
      }
      const collected = await this.collectDue(limit);
      return { invoiced, ...collected };
    },

    /** Pays due invoices whose retry time has come (wallet or direct debit). */
    async collectDue(limit = BATCH) {
      const now = ctx.now();
      const claimed = await db().transaction((tx) =>
        repo.claimDueInvoices(tx, now, new Date(now.getTime() + LEASE_MS), limit),
      );
      const results = { paid: 0, failed: 0 };
      for (const invoice of claimed) results[await collect(invoice)] += 1;
      return results;
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
