import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, updateWhere } from '../../db/insert.js';
import type { MoneyOwner } from './money-owner.js';
import { paymentMethods } from './payments.table.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

const ofOwner = (owner: MoneyOwner) =>
  and(
    eq(paymentMethods.ownerType, owner.ownerType),
    eq(paymentMethods.ownerId, owner.ownerId),
    isNull(paymentMethods.removedAt),
  );

/** SQL of the saved cards of people and organisations. */
export const paymentMethodsRepository = {
  /** The owner's saved cards, the default first, then the newest. */
  list(db: Executor, owner: MoneyOwner): Promise<PaymentMethodRow[]> {
    return db
      .select()
      .from(paymentMethods)
      .where(ofOwner(owner))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), asc(paymentMethods.id));
  },

  /** One saved card of this owner (not removed), or undefined. */
  async find(db: Executor, owner: MoneyOwner, id: number): Promise<PaymentMethodRow | undefined> {
    return firstWhere(db, paymentMethods, and(ofOwner(owner), eq(paymentMethods.id, id)));
  },

  async count(db: Executor, owner: MoneyOwner): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentMethods)
      .where(ofOwner(owner));
    return row?.n ?? 0;
  },

  async insert(tx: Executor, values: NewPaymentMethod): Promise<PaymentMethodRow> {
    return insertOne(tx, paymentMethods, values);
  },

  /** Makes one card the owner's default and every other not. */
  async makeDefault(tx: Executor, owner: MoneyOwner, id: number) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
      .where(ofOwner(owner));
  },

  /** Removes a card (kept as a record of what past payments were charged to). */
  async remove(
    tx: Executor,
    owner: MoneyOwner,
    id: number,
    now: Date,
  ): Promise<PaymentMethodRow | undefined> {
    return updateWhere(
      tx,
      paymentMethods,
      { removedAt: now, isDefault: false },
      and(ofOwner(owner), eq(paymentMethods.id, id)),
    );
  },
};

/** What another module may read of the saved cards: one card of an owner, to charge it. */
export const paymentMethodsQueries = {
  find: paymentMethodsRepository.find,
  list: paymentMethodsRepository.list,
};
