import type { PaymentMethod, SavePaymentMethodBody } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { type MoneyOwner, requireWalletAccess } from './money-owner.js';
import { type PaymentMethodRow, paymentMethodsRepository } from './payment-methods.repository.js';
import { providerFailure } from './payments.service.js';
import type { PaymentProvider } from './provider.js';

/** The most cards one person or organisation keeps (docs/product/card-gifts.md#saved-cards). */
export const MAX_SAVED_CARDS = 10;

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    label: `${row.brand} ending ${row.last4}`,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Keeps a card for an owner, after the caller checked who may: the person's own wallet access, or
 * a manage link scoped to one of their recurring gifts (docs/product/card-gifts.md#manage-from-the-mail).
 */
export async function keepCard(
  ctx: AppContext,
  provider: PaymentProvider,
  owner: MoneyOwner,
  body: SavePaymentMethodBody,
  createdBy: number | null,
): Promise<PaymentMethodRow> {
  const db = ctx.database.db;
  if (provider.name === 'sandbox' && !body.card)
    throw badRequest('Enter card details.', { card: 'Required.' });
  if (provider.name === 'stripe' && !body.provider_method_id)
    throw badRequest('Enter the card in the card field.', { card: 'Required.' });
  if ((await paymentMethodsRepository.count(db, owner)) >= MAX_SAVED_CARDS)
    throw new AppError(
      409,
      'TOO_MANY_CARDS',
      `You can keep at most ${MAX_SAVED_CARDS} cards. Remove one first.`,
      {
        fields: { card: `At most ${MAX_SAVED_CARDS} cards.` },
      },
    );
  let saved: Awaited<ReturnType<PaymentProvider['saveMethod']>>;
  try {
    saved = await provider.saveMethod({ card: body.card, methodId: body.provider_method_id });
  } catch (error) {
    providerFailure(error);
  }
  return db.transaction(async (tx) => {
    const first = (await paymentMethodsRepository.count(tx, owner)) === 0;
    const inserted = await paymentMethodsRepository.insert(tx, {
      ownerType: owner.ownerType,
      ownerId: owner.ownerId,
      provider: provider.name,
      providerMethodId: saved.id,
      brand: saved.brand ?? 'Card',
      last4: saved.last4 ?? '····',
      expMonth: saved.expMonth ?? body.card?.exp_month ?? 1,
      expYear: saved.expYear ?? body.card?.exp_year ?? 2000,
      isDefault: false,
      createdBy,
      createdAt: ctx.now(),
    });
    if (first || body.make_default) await paymentMethodsRepository.makeDefault(tx, owner, inserted.id);
    return (await paymentMethodsRepository.find(tx, owner, inserted.id)) ?? inserted;
  });
}

/**
 * Saved cards of a person or an organisation (docs/product/card-gifts.md#saved-cards): the
 * provider keeps the card, we keep its reference, brand, last four digits and expiry. The first
 * card saved is the default; removing the default makes the newest other card the default.
 */
export function paymentMethodsService(ctx: AppContext, provider: PaymentProvider) {
  const db = () => ctx.database.db;

  return {
    async list(auth: AuthUser | null, owner: MoneyOwner) {
      await requireWalletAccess(ctx, auth, owner, 'read');
      const rows = await paymentMethodsRepository.list(db(), owner);
      return { items: rows.map(presentPaymentMethod) };
    },

    async save(auth: AuthUser | null, owner: MoneyOwner, body: SavePaymentMethodBody) {
      const user = await requireWalletAccess(ctx, auth, owner, 'manage');
      return { payment_method: presentPaymentMethod(await keepCard(ctx, provider, owner, body, user.id)) };
    },

    async makeDefault(auth: AuthUser | null, owner: MoneyOwner, id: number) {
      await requireWalletAccess(ctx, auth, owner, 'manage');
      return db().transaction(async (tx) => {
        if (!(await paymentMethodsRepository.find(tx, owner, id))) throw notFound('The card');
        await paymentMethodsRepository.makeDefault(tx, owner, id);
        const row = await paymentMethodsRepository.find(tx, owner, id);
        if (!row) throw notFound('The card');
        return { payment_method: presentPaymentMethod(row) };
      });
    },

    async remove(auth: AuthUser | null, owner: MoneyOwner, id: number) {
      await requireWalletAccess(ctx, auth, owner, 'manage');
      return db().transaction(async (tx) => {
        const removed = await paymentMethodsRepository.remove(tx, owner, id, ctx.now());
        if (!removed) throw notFound('The card');
        const [next] = await paymentMethodsRepository.list(tx, owner);
        if (next && !next.isDefault) await paymentMethodsRepository.makeDefault(tx, owner, next.id);
        return { items: (await paymentMethodsRepository.list(tx, owner)).map(presentPaymentMethod) };
      });
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof paymentMethodsService>;
