import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, lockedWhere, updateWhere } from '../../db/insert.js';
import type { MoneyOwner } from './money-owner.js';
import { type PaymentPurpose, payments } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
/** A gift's payment, as the donations module reads it. */
export type GiftPaymentRow = PaymentRow;

/** SQL of the payments (money coming in through the provider): card deposits and direct debit charges. */
export const paymentsRepository = {
  async insert(db: Executor, values: NewPayment): Promise<PaymentRow> {
    return insertOne(db, payments, values);
  },

  /** A payment of this owner, or undefined. */
  async findOfOwner(db: Executor, id: number, owner: MoneyOwner): Promise<PaymentRow | undefined> {
    return firstWhere(
      db,
      payments,
      and(eq(payments.id, id), eq(payments.ownerType, owner.ownerType), eq(payments.ownerId, owner.ownerId)),
    );
  },

  /** Locks the payment until the transaction ends. */
  async findForUpdate(tx: Executor, id: number): Promise<PaymentRow | undefined> {
    return lockedWhere(tx, payments, eq(payments.id, id));
  },

  async idByProviderPaymentId(
    db: Executor,
    provider: string,
    providerPaymentId: string,
    purpose: PaymentPurpose = 'deposit',
  ): Promise<number | undefined> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          eq(payments.providerPaymentId, providerPaymentId),
          eq(payments.purpose, purpose),
        ),
      );
    return row?.id;
  },

  async markCredited(
    tx: Executor,
    id: number,
    ledgerTransactionId: number,
    now: Date,
  ): Promise<PaymentRow | undefined> {
    return updateWhere(
      tx,
      payments,
      { status: 'credited', ledgerTransactionId, updatedAt: now },
      eq(payments.id, id),
    );
  },

  async markFailed(db: Executor, id: number, failureMessage: string | null, now: Date) {
    await db
      .update(payments)
      .set({ status: 'failed', failureMessage, updatedAt: now })
      .where(eq(payments.id, id));
  },

  /**
   * The charge of a direct debit for one period: made on the first call, the same row on every
   * later one (one charge per mandate and period).
   */
  async openCharge(db: Executor, values: NewPayment & { directDebitId: number; period: string }) {
    await db.insert(payments).values(values).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.directDebitId, values.directDebitId), eq(payments.period, values.period)));
    if (!row) throw new Error('direct debit charge row missing');
    return row;
  },

  /** What the provider said of a charge; a credited charge is left as it is. */
  async recordCharge(
    db: Executor,
    id: number,
    outcome: Pick<PaymentRow, 'providerPaymentId' | 'status' | 'failureMessage'>,
    now: Date,
  ) {
    await db
      .update(payments)
      .set({ ...outcome, updatedAt: now })
      .where(and(eq(payments.id, id), sql`${payments.status} <> 'credited'`));
  },
};

/** The gift-by-card side of the payments, for the donations module (through the module's face). */
export const giftPaymentsWrites = {
  /**
   * The payment of a gift by card, written before the provider is asked: the first call with a
   * key writes it, a retry with the same key finds it (one payment per donate call).
   */
  async open(db: Executor, values: NewPayment & { idempotencyScope: string; idempotencyKey: string }) {
    await db.insert(payments).values(values).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.idempotencyScope, values.idempotencyScope),
          eq(payments.idempotencyKey, values.idempotencyKey),
        ),
      );
    if (!row) throw new Error('gift payment row missing');
    return row;
  },

  /** What the provider answered; a payment that became its gift is left as it is. */
  async recordOutcome(
    db: Executor,
    id: number,
    outcome: Pick<PaymentRow, 'status' | 'failureMessage'> & { providerPaymentId?: string | null },
    now: Date,
  ) {
    await db
      .update(payments)
      .set({ ...outcome, updatedAt: now })
      .where(and(eq(payments.id, id), sql`${payments.status} not in ('credited', 'refunded')`));
  },

  /** The payment became its gift, in the gift's transaction. */
  async markGiftMade(tx: Executor, id: number, donationId: number, now: Date) {
    await tx
      .update(payments)
      .set({ status: 'credited', donationId, updatedAt: now })
      .where(eq(payments.id, id));
  },

  findForUpdate: paymentsRepository.findForUpdate,
};

export const giftPaymentsQueries = {
  /** The payment a call with this Idempotency-Key opened, if any. */
  async byIdempotency(db: Executor, scope: string, key: string): Promise<PaymentRow | undefined> {
    return firstWhere(
      db,
      payments,
      and(eq(payments.idempotencyScope, scope), eq(payments.idempotencyKey, key)),
    );
  },
  async find(db: Executor, id: number): Promise<PaymentRow | undefined> {
    return firstWhere(db, payments, eq(payments.id, id));
  },
  async byProviderPaymentId(db: Executor, provider: string, providerPaymentId: string) {
    return firstWhere(
      db,
      payments,
      and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)),
    );
  },
  /**
   * Charges we keep as captured between two moments (reconciliation): deposits credited, gifts made,
   * and payments given back (captured, then refunded whole).
   */
  capturedBetween(db: Executor, provider: string, since: Date, until: Date) {
    return db
      .select({
        providerPaymentId: payments.providerPaymentId,
        amount: payments.amount,
        status: payments.status,
      })
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          sql`${payments.providerPaymentId} is not null`,
          sql`${payments.status} in ('credited', 'refunded')`,
          sql`${payments.createdAt} >= ${since} and ${payments.createdAt} < ${until}`,
        ),
      );
  },

  /** Our payments by their provider ids: what a provider's record is of. */
  async byProviderIds(db: Executor, provider: string, ids: string[]) {
    if (ids.length === 0) return new Map<string, PaymentRow>();
    const rows = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), inArray(payments.providerPaymentId, ids)));
    return new Map(rows.map((row) => [row.providerPaymentId as string, row]));
  },

  /** Gift payments left open longer than `before` (the answer was lost, or the giver left at 3-D Secure). */
  async openGifts(db: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.purpose, 'gift'),
          sql`${payments.status} in ('pending', 'requires_action', 'succeeded')`,
          sql`${payments.createdAt} < ${before}`,
        ),
      )
      .orderBy(payments.createdAt)
      .limit(limit);
  },
};

/** What reconciliation reads of payments: the charges we keep as captured. */
export const paymentsQueries = {
  capturedBetween: giftPaymentsQueries.capturedBetween,
  byProviderIds: giftPaymentsQueries.byProviderIds,
};
