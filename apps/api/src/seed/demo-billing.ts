import type { Tx } from '../db/client.js';
import { insertOne } from '../db/insert.js';
import { isoDay, nextPeriod } from '../lib/periods.js';
import {
  businessSubscriptions,
  discountCodes,
  subscriptionInvoices,
  subscriptionPlans,
} from '../modules/billing/billing.table.js';
import { discountOn, invoiceNumber } from '../modules/billing/billing-views.js';
import { account, type LedgerService, PLATFORM } from '../modules/ledger/ledger.service.js';

/** The discount code the demo offers (20% off every invoice, 100 uses, a year to go). */
export const DEMO_DISCOUNT_CODE = 'WELCOME20';

/**
 * Plans, discount codes, and Acme's monthly subscription with its three paid invoices (decision
 * 025): started two months ago with the code LAUNCH10, paid from Acme's wallet through the ledger.
 */
export async function seedDemoBilling(
  tx: Tx,
  ledger: LedgerService,
  now: Date,
  currency: string,
  organisation: { id: number; owner: number },
): Promise<void> {
  const created = { createdAt: now };
  const plans = await tx
    .insert(subscriptionPlans)
    .values([
      {
        name: 'Starter',
        description: 'Employee giving for small teams.',
        fee: 250_000,
        feeType: 1,
        currency,
        ...created,
      },
      {
        name: 'Business',
        description: 'Sign-off, matching and reports for growing organisations.',
        fee: 750_000,
        feeType: 1,
        currency,
        ...created,
      },
      {
        name: 'Business annual',
        description: 'The Business plan, paid once a year: two months free.',
        fee: 7_500_000,
        feeType: 2,
        currency,
        ...created,
      },
      {
        name: 'Legacy',
        description: 'No longer offered.',
        fee: 100_000,
        feeType: 1,
        currency,
        active: false,
        ...created,
      },
    ])
    .returning();
  const year = new Date(now.getTime() + 365 * 86_400_000);
  const codes = await tx
    .insert(discountCodes)
    .values([
      { code: DEMO_DISCOUNT_CODE, kind: 'percentage', value: 20, maxUses: 100, expiresAt: year, ...created },
      { code: 'LAUNCH10', kind: 'percentage', value: 10, maxUses: 50, uses: 1, expiresAt: year, ...created },
      { code: 'FIXED500', kind: 'fixed', value: 50_000, maxUses: null, ...created },
      {
        code: 'SUMMER2025',
        kind: 'percentage',
        value: 30,
        expiresAt: new Date(now.getTime() - 30 * 86_400_000),
        ...created,
      },
    ])
    .returning();
  const business = plans[1];
  const launch = codes[1];
  if (!business || !launch) throw new Error('insert returned no row');

  // Two months ago, on a day every month has, so the periods are plain to read.
  const today = isoDay(now);
  const started = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, Math.min(now.getUTCDate(), 28)),
  );
  const start = isoDay(started);
  const periods = [start];
  for (;;) {
    const next = nextPeriod(start, periods[periods.length - 1] as string, 3);
    if (next > today) break;
    periods.push(next);
  }
  const last = periods[periods.length - 1] as string;
  const subscription = await insertOne(tx, businessSubscriptions, {
    businessId: organisation.id,
    planId: business.id,
    paymentMethod: 'wallet',
    discountCodeId: launch.id,
    startedOn: start,
    currentPeriodStart: last,
    nextPeriodOn: nextPeriod(start, last, 3),
    createdBy: organisation.owner,
    createdAt: started,
  });
  const discount = discountOn(business.fee, launch);
  for (const periodStart of periods) {
    const next = nextPeriod(start, periodStart, 3);
    const end = isoDay(new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000));
    const at = new Date(`${periodStart}T09:00:00Z`);
    const invoice = await insertOne(tx, subscriptionInvoices, {
      subscriptionId: subscription.id,
      businessId: organisation.id,
      periodStart,
      periodEnd: end,
      planName: business.name,
      feeType: business.feeType,
      subtotal: business.fee,
      discountCode: launch.code,
      discount,
      total: business.fee - discount,
      currency,
      paymentMethod: 'wallet',
      status: 'paid',
      paidAt: at,
      createdAt: at,
    });
    await ledger.transfer(
      tx,
      account({ ownerType: 'business', ownerId: organisation.id }, 'wallet'),
      PLATFORM.fees,
      invoice.total,
      {
        kind: 'subscription_invoice',
        description: `Invoice ${invoiceNumber(invoice.id)}: ${invoice.planName}, ${invoice.periodStart} to ${invoice.periodEnd}`,
        createdBy: organisation.owner,
        reference: { invoice_id: invoice.id, subscription_id: subscription.id, demo: true },
      },
    );
  }
}
