import { randomBytes, randomUUID } from 'node:crypto';
import { luhnValid } from '@kindred/shared';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockedWhere } from '../../db/insert.js';
import type { Clock } from '../../lib/clock.js';
import { sandboxDisputes, sandboxPayments, sandboxRefunds, sandboxTransfers } from './payments.table.js';
import {
  type CardDetails,
  type PaymentProvider,
  type ProviderAccount,
  ProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './provider.js';

/** Test cards (docs/product/card-gifts.md#the-sandbox-cards), as the card processors publish them. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Can be kept for a direct debit, but every later charge is declined. */
  failsLater: '4000000000000341',
  /** Asks for 3-D Secure when paid with the giver present (Stripe's own test number for it). */
  authenticate: '4000002500003155',
} as const;

const DECLINED = 'Your card was declined. Try another card.';
/** The end of a payout account's id whose bank refuses payments (bank account number 00000000). */
const REFUSING_ACCOUNT = '_refuses';
const NOT_AUTHENTICATED = 'Your bank did not confirm the payment. Try again or use another card.';

const digits = (value: string) => value.replace(/[\s-]/g, '');

function checkCard(card: CardDetails | undefined, now: Date): string {
  if (!card) throw new ProviderError('Enter card details.', false);
  const number = digits(card.number);
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw new ProviderError('The card number is not valid.', true);
  const expiry = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
  if (expiry.getTime() <= now.getTime()) throw new ProviderError('The card has expired.', true);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new ProviderError('The security code is not valid.', true);
  return number;
}

/** The brand a card number's first digits name, as the card networks assign them. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

type Row = typeof sandboxPayments.$inferSelect;

const toPayment = (row: Row): ProviderPayment => ({
  id: row.id,
  status: row.status as ProviderPaymentStatus,
  amount: row.amount,
  currency: row.currency,
  clientSecret: row.clientSecret,
  failureMessage: row.failureMessage,
});

type RefundRow = typeof sandboxRefunds.$inferSelect;
const toRefund = (row: RefundRow): ProviderRefund => ({
  id: row.id,
  amount: row.amount,
  reference: row.reference,
});

/**
 * The sandbox's own extras: completing (or failing) the 3-D Secure step in the browser, and what a
 * real provider's side would do on its own (decision 043): a refund made in its dashboard, a dispute
 * opened and closed by the giver's bank. Each is kept in its records, as a provider keeps them.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<ProviderPayment>;
  /** A refund made in the provider's dashboard: `amount`, or what is left of the payment. */
  dashboardRefund(paymentId: string, amount?: number): Promise<ProviderRefund>;
  /** The giver's bank disputes the payment (`amount`, or all of it). */
  openDispute(paymentId: string, amount?: number): Promise<{ id: string; amount: number }>;
  /** The payment's dispute closes; one that never opened is recorded closed. */
  closeDispute(
    paymentId: string,
    outcome: 'won' | 'lost',
    amount?: number,
  ): Promise<{ id: string; amount: number }>;
}

/**
 * A payment provider that runs inside the app, with no network, keeping its payments in its own
 * table (`sandbox_payments`, decision 042) as a real provider keeps them on its side: a payment
 * asked for again with the same idempotency key is the same payment (never a second charge), a
 * 3-D Secure step waits until the browser completes it, and any API process can read it back.
 */
export function sandboxProvider(now: Clock, db: () => Db): SandboxProvider {
  async function find(id: string): Promise<Row | undefined> {
    const [row] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row;
  }

  /** Records a payment once per idempotency key; a repeat answers the payment first recorded. */
  async function record(
    input: { amount: number; currency: string; idempotencyKey: string },
    last4: string,
    status: ProviderPaymentStatus,
    failureMessage: string | null,
  ): Promise<Row> {
    const at = now();
    const [inserted] = await db()
      .insert(sandboxPayments)
      .values({
        id: `sbx_pi_${randomUUID().replace(/-/g, '')}`,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        status,
        last4,
        clientSecret: status === 'requires_action' ? `sbx_secret_${randomBytes(16).toString('hex')}` : null,
        failureMessage,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
      .returning();
    if (inserted) return inserted;
    const [first] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
    if (!first) throw new ProviderError('The sandbox lost a payment.', false);
    return first;
  }

  /** A declined payment is an error of the call, as Stripe's confirm answers it. */
  const answer = (row: Row): ProviderPayment => {
    if (row.status === 'failed') throw new ProviderError(row.failureMessage ?? DECLINED, true);
    return toPayment(row);
  };

  async function refundsOf(paymentId: string): Promise<RefundRow[]> {
    return db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, paymentId))
      .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
  }

  async function succeeded(paymentId: string): Promise<Row> {
    const row = await find(paymentId);
    if (!row) throw new ProviderError('Unknown payment.', false);
    if (row.status !== 'succeeded' && row.status !== 'refunded')
      throw new ProviderError('The payment was not captured.', false);
    return row;
  }

  /**
   * A refund, once per idempotency key, never more than is left of the payment. Two at once for one
   * payment are kept apart by the payment row's lock, as a provider serialises them.
   */
  async function refund(
    paymentId: string,
    amount: number | undefined,
    idempotencyKey: string | null,
    reference: string | null,
  ): Promise<ProviderRefund> {
    return db().transaction(async (tx) => {
      const payment = await lockedWhere(tx, sandboxPayments, eq(sandboxPayments.id, paymentId));
      if (!payment) throw new ProviderError('Unknown payment.', false);
      if (idempotencyKey) {
        const [first] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (first) return toRefund(first);
      }
      if (payment.status !== 'succeeded' && payment.status !== 'refunded')
        throw new ProviderError('The payment was not captured.', false);
      const [sum] = await tx
        .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amount}), 0)` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentId, paymentId));
      const left = payment.amount - Number(sum?.total ?? 0);
      const wanted = amount ?? left;
      if (wanted <= 0 || wanted > left)
        throw new ProviderError('The refund is more than what is left of the payment.', false);
      const [made] = await tx
        .insert(sandboxRefunds)
        .values({
          id: `sbx_re_${randomUUID().replace(/-/g, '')}`,
          paymentId,
          idempotencyKey,
          amount: wanted,
          reference,
          createdAt: now(),
        })
        .returning();
      if (!made) throw new ProviderError('The sandbox lost a refund.', false);
      if (wanted === left)
        await tx
          .update(sandboxPayments)
          .set({ status: 'refunded', updatedAt: now() })
          .where(eq(sandboxPayments.id, paymentId));
      return toRefund(made);
    });
  }

  const savedLast4 = (methodId: string) => {
    const last4 = /^sbx_pm_(\d{4})_/.exec(methodId)?.[1];
    if (!last4) throw new ProviderError('Unknown card.', false);
    return last4;
  };

  return {
    name: 'sandbox',
    async createPayment(input) {
      if (input.methodId) {
        // A saved card was authenticated when it was saved: only a card that fails later fails.
        const last4 = savedLast4(input.methodId);
        const fails = last4 === '0341' || last4 === '0002';
        return answer(await record(input, last4, fails ? 'failed' : 'succeeded', fails ? DECLINED : null));
      }
      const number = checkCard(input.card, now());
      const last4 = number.slice(-4);
      if (number === SANDBOX_CARDS.declined) return answer(await record(input, last4, 'failed', DECLINED));
      if (number === SANDBOX_CARDS.authenticate)
        return answer(await record(input, last4, 'requires_action', null));
      return answer(await record(input, last4, 'succeeded', null));
    },
    async retrievePayment(id) {
      const row = await find(id);
      if (row) return toPayment(row);
      // Payments made before the sandbox kept records carried their outcome in their id.
      const match = /^sbx_pi_[0-9a-f]{32}_(ok|no)$/.exec(id);
      if (!match) throw new ProviderError('Unknown payment.', false);
      return {
        id,
        status: match[1] === 'ok' ? 'succeeded' : 'failed',
        amount: 0,
        currency: '',
        clientSecret: null,
        failureMessage: match[1] === 'ok' ? null : DECLINED,
      };
    },
    async findPayment(input) {
      const [row] = await db()
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
      return row ? toPayment(row) : null;
    },
    async authenticate(clientSecret, outcome) {
      const [row] = await db()
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.clientSecret, clientSecret));
      if (!row) throw new ProviderError('Unknown payment.', false);
      const id = row.id;
      if (row.status !== 'requires_action') return toPayment(row);
      const [updated] = await db()
        .update(sandboxPayments)
        .set({
          status: outcome === 'complete' ? 'succeeded' : 'failed',
          failureMessage: outcome === 'complete' ? null : NOT_AUTHENTICATED,
          updatedAt: now(),
        })
        .where(eq(sandboxPayments.id, id))
        .returning();
      return toPayment(updated ?? row);
    },
    async saveMethod(input) {
      const number = checkCard(input.card, now());
      if (number === SANDBOX_CARDS.declined) throw new ProviderError(DECLINED, true);
      const last4 = number.slice(-4);
      return {
        id: `sbx_pm_${last4}_${randomUUID().slice(0, 8)}`,
        label: `${cardBrand(number)} ending ${last4}`,
        brand: cardBrand(number),
        last4,
        expMonth: input.card?.exp_month ?? 1,
        expYear: input.card?.exp_year ?? 2000,
      };
    },
    async chargeMethod(input) {
      const last4 = savedLast4(input.methodId);
      const fails = last4 === '0341' || last4 === '0002';
      return toPayment(await record(input, last4, fails ? 'failed' : 'succeeded', fails ? DECLINED : null));
    },
    refundPayment(input) {
      return refund(input.paymentId, input.amount, input.idempotencyKey, input.reference ?? null);
    },
    async listRefunds(paymentId) {
      return (await refundsOf(paymentId)).map(toRefund);
    },
    async listRecords(since, until) {
      const within = (column: Parameters<typeof gte>[0]) => and(gte(column, since), lt(column, until));
      const [charges, refunds, disputes, transfers] = await Promise.all([
        db()
          .select()
          .from(sandboxPayments)
          .where(
            and(
              within(sandboxPayments.createdAt),
              inArray(sandboxPayments.status, ['succeeded', 'refunded']),
            ),
          ),
        db().select().from(sandboxRefunds).where(within(sandboxRefunds.createdAt)),
        db()
          .select()
          .from(sandboxDisputes)
          .where(and(eq(sandboxDisputes.status, 'lost'), within(sandboxDisputes.createdAt))),
        db().select().from(sandboxTransfers).where(within(sandboxTransfers.createdAt)),
      ]);
      return [
        ...charges.map((row) => ({
          kind: 'charge' as const,
          id: row.id,
          paymentId: row.id,
          amount: row.amount,
          at: row.createdAt,
        })),
        ...refunds.map((row) => ({
          kind: 'refund' as const,
          id: row.id,
          paymentId: row.paymentId,
          amount: row.amount,
          at: row.createdAt,
        })),
        ...disputes.map((row) => ({
          kind: 'dispute' as const,
          id: row.id,
          paymentId: row.paymentId,
          amount: row.amount,
          at: row.createdAt,
        })),
        ...transfers.map((row) => ({
          kind: 'transfer' as const,
          id: row.id,
          paymentId: null,
          amount: row.amount,
          at: row.createdAt,
        })),
      ];
    },
    dashboardRefund(paymentId, amount) {
      return refund(paymentId, amount, null, null);
    },
    async openDispute(paymentId, amount) {
      const row = await succeeded(paymentId);
      const [dispute] = await db()
        .insert(sandboxDisputes)
        .values({
          id: `sbx_dp_${randomUUID().replace(/-/g, '')}`,
          paymentId: row.id,
          amount: amount ?? row.amount,
          status: 'open',
          createdAt: now(),
        })
        .returning();
      if (!dispute) throw new ProviderError('The sandbox lost a dispute.', false);
      return { id: dispute.id, amount: dispute.amount };
    },
    async closeDispute(paymentId, outcome, amount) {
      const row = await succeeded(paymentId);
      const [open] = await db()
        .select()
        .from(sandboxDisputes)
        .where(and(eq(sandboxDisputes.paymentId, row.id), eq(sandboxDisputes.status, 'open')))
        .orderBy(asc(sandboxDisputes.createdAt));
      const at = now();
      if (open) {
        await db()
          .update(sandboxDisputes)
          .set({ status: outcome, closedAt: at })
          .where(eq(sandboxDisputes.id, open.id));
        return { id: open.id, amount: open.amount };
      }
      const id = `sbx_dp_${randomUUID().replace(/-/g, '')}`;
      const disputed = amount ?? row.amount;
      await db()
        .insert(sandboxDisputes)
        .values({ id, paymentId: row.id, amount: disputed, status: outcome, createdAt: at, closedAt: at });
      return { id, amount: disputed };
    },
    async upsertAccount(input): Promise<ProviderAccount> {
      // New bank details are a new account; the sandbox's bank refuses payments to 00000000.
      const refuses = input.bank?.accountNumber === '00000000' ? REFUSING_ACCOUNT : '';
      return {
        id:
          input.bank || !input.existingId
            ? `sbx_acct_${input.charityId}_${randomUUID().slice(0, 8)}${refuses}`
            : input.existingId,
        status: 'active',
        chargesEnabled: true,
        payoutsEnabled: true,
      };
    },
    async transfer(input) {
      if (input.accountId.endsWith(REFUSING_ACCOUNT))
        throw new ProviderError('The bank refused the payment: the account is closed.', true);
      await db()
        .insert(sandboxTransfers)
        .values({
          id: `sbx_tr_${randomUUID().replace(/-/g, '')}`,
          accountId: input.accountId,
          idempotencyKey: input.idempotencyKey,
          amount: input.amount,
          reference: input.reference,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db()
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
      if (!row) throw new ProviderError('The sandbox lost a transfer.', false);
      return { id: row.id };
    },
    async retrieveAccount(id) {
      return { id, status: 'active', chargesEnabled: true, payoutsEnabled: true };
    },
  };
}
