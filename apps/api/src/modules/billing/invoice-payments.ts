import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { account, InsufficientFundsError, PLATFORM } from '../ledger/index.js';
import { assertCanMoveMoney } from '../payments/index.js';
import {
  type DiscountCodeRow,
  type InvoiceRow,
  type PlanRow,
  billingRepository as repo,
  type SubscriptionRow,
} from './billing.repository.js';
import { discountOn, invoiceNumber } from './billing-views.js';

/** Due invoices are tried again after this long times the attempts so far (at most a day). */
export const RETRY_MS = 60 * 60 * 1000;
const MAX_RETRY_MS = 24 * RETRY_MS;

/**
 * An invoice made and paid: from the organisation's wallet, or by a direct debit that puts the
 * money in the wallet first. Every move is a named ledger transfer in the caller's transaction.
 * Shared by the organisation's subscription, the platform's setting of one and the scheduled runs.
 */
export function invoicePayments(ctx: AppContext) {
  const { ledger } = ctx;
  const provider = ctx.paymentProvider;
  const db = () => ctx.database.db;

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

  return { insertInvoice, payFromWallet, chargeDirectDebit, recordDirectDebit, collect };
}
export type InvoicePayments = ReturnType<typeof invoicePayments>;
