import {
  DIRECT_DEBIT_TYPE,
  type DiscountCode,
  type Invoice,
  type OrgSubscription,
  PLAN_FEE_TYPE,
  type Plan,
  type SubscriptionPreview,
} from '@kindred/shared';
import type { Executor } from '../../db/client.js';
import { addDays } from '../../lib/periods.js';
import {
  type DiscountCodeRow,
  type InvoiceRow,
  type PlanRow,
  billingRepository as repo,
  type SubscriptionRow,
} from './billing.repository.js';

/**
 * Organisation subscriptions (docs/product/organisations.md#subscriptions-and-invoices): plans and
 * discount codes kept by platform admins, an organisation's subscription paid each period from its
 * wallet or by a direct debit (type 3), and exactly one numbered invoice per period (decision 025).
 *
 * This file: how billing is shown, shared by the billing services (plans, codes, invoices and
 * subscriptions).
 */

export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;

/** A plan's period in calendar steps: monthly plans every month, annual plans every year. */
export const frequencyOf = (feeType: number) => (feeType === PLAN_FEE_TYPE.annual ? 4 : 3);

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
export function pricedPeriod(
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

export const codeField = (message: string) => ({ discount_code: message });

export async function presentRows(executor: Executor, rows: SubscriptionRow[]) {
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

export async function presentSubscriptionRow(
  executor: Executor,
  row: SubscriptionRow,
): Promise<OrgSubscription> {
  const [item] = await presentRows(executor, [row]);
  if (!item) throw new Error('subscription not presented');
  return item;
}

/** The plan, and the discount code if any, an organisation subscribes with. */
export type PlanChoice = { plan_id: number; discount_code?: string | null | undefined };
