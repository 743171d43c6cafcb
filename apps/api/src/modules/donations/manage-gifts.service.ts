import {
  GIVING_TYPE,
  type ManageAction,
  type ManageActionBody,
  type ManageView,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import {
  keepCard,
  type PaymentProvider,
  paymentMethodsQueries,
  presentPaymentMethod,
} from '../payments/index.js';
import { donationViews } from './donation-views.js';
import { donationsRepository } from './donations.repository.js';
import { type ManageScope, manageToken, readManageToken } from './manage-links.js';
import { receiptPdf } from './receipts.js';
import { ownerOf } from './subscription-periods.js';
import type { SubscriptionRunsService } from './subscription-runs.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/**
 * A gift or a plan managed from a mail's link without signing in
 * (docs/product/card-gifts.md#manage-from-the-mail): the link's token is the access check, scoped
 * to that one gift or plan for 30 days. A gift can be seen and its receipt downloaded; a plan can
 * also be paused, resumed, cancelled, given a new amount or, paid by card, a new card.
 */
export function manageGiftsService(
  ctx: AppContext,
  subscriptions: SubscriptionsService,
  runs: SubscriptionRunsService,
  provider: PaymentProvider,
) {
  const db = () => ctx.database.db;
  const views = donationViews(ctx);
  const secret = () => ctx.config.jwtSecret;

  function actionsOf(status: string, source: string): ManageAction[] {
    if (status === 'cancelled') return [];
    const actions: ManageAction[] = [status === 'paused' ? 'resume' : 'pause', 'amount', 'cancel'];
    if (source === 'card') actions.push('card');
    return actions;
  }

  async function view(scope: ManageScope & { expiresAt: Date }): Promise<ManageView> {
    const expires_at = scope.expiresAt.toISOString();
    if (scope.kind === 'donation') {
      const row = await donationsRepository.find(db(), scope.id);
      if (!row) throw notFound('The gift');
      const donation = await views.presentOne(row);
      const approved =
        row.status === TRANSACTION_STATUS.approved || row.status === TRANSACTION_STATUS.completed;
      return {
        kind: 'donation',
        donation,
        subscription: null,
        payment_method: null,
        expires_at,
        actions: [],
        // A gift refunded since keeps its receipt: its credit notes cancel the refunded part.
        receipt:
          row.type === GIVING_TYPE.funds &&
          (approved || row.refundedAmount > 0) &&
          row.receiptNumber !== null,
      };
    }
    const row = await subscriptions.find(scope.id);
    if (!row) throw notFound('The recurring gift');
    const card = row.paymentMethodId
      ? await paymentMethodsQueries.find(db(), ownerOf(row), row.paymentMethodId)
      : undefined;
    return {
      kind: 'subscription',
      donation: null,
      subscription: await subscriptions.present(row),
      payment_method: card ? presentPaymentMethod(card) : null,
      expires_at,
      actions: actionsOf(row.status, row.source),
      receipt: false,
    };
  }

  return {
    /** The link a mail carries for a gift or a plan. */
    linkFor(scope: ManageScope): string {
      return `${ctx.config.publicUrl}/manage/${manageToken(secret(), scope, ctx.now())}`;
    },

    /** GET /manage/{token} */
    async show(token: string): Promise<ManageView> {
      return view(readManageToken(secret(), token, ctx.now()));
    },

    /** POST /manage/{token}: one change to the plan, answered with the plan as it now is. */
    async act(token: string, body: ManageActionBody): Promise<ManageView> {
      const scope = readManageToken(secret(), token, ctx.now());
      if (scope.kind !== 'subscription')
        throw new AppError(409, 'NOT_A_PLAN', 'A single gift cannot be changed; only a recurring gift can.');
      const row = await subscriptions.find(scope.id);
      if (!row) throw notFound('The recurring gift');
      if (!actionsOf(row.status, row.source).includes(body.action))
        throw new AppError(
          409,
          'NOT_ALLOWED_NOW',
          `This recurring gift cannot ${body.action === 'pause' ? 'be paused' : body.action === 'resume' ? 'be resumed' : 'change'} now.`,
        );
      switch (body.action) {
        case 'pause':
          await subscriptions.pause('manage-link', row.id);
          break;
        case 'resume':
          await subscriptions.resume('manage-link', row.id);
          break;
        case 'cancel':
          await subscriptions.cancel('manage-link', row.id);
          break;
        case 'amount':
          await subscriptions.changeAmount('manage-link', row.id, body.amount ?? row.amount);
          break;
        case 'card': {
          if (!body.card && !body.provider_method_id)
            throw badRequest('Enter the new card.', { card: 'Required.' });
          const card = await keepCard(
            ctx,
            provider,
            ownerOf(row),
            { card: body.card, provider_method_id: body.provider_method_id },
            row.createdBy,
          );
          await subscriptions.changeCard('manage-link', row.id, card.id);
          // A missed gift is tried again at once on the new card.
          await runs.retryNow(row.id);
          break;
        }
      }
      return view(scope);
    },

    /** GET /manage/{token}/receipt: the receipt of the link's gift (PDF). */
    async receipt(token: string) {
      const scope = readManageToken(secret(), token, ctx.now());
      const shown = await view(scope);
      if (!shown.donation || !shown.receipt)
        throw new AppError(409, 'NO_RECEIPT', 'Only approved gifts of funds have a receipt.');
      const charity = await charitiesQueries.byId(db(), shown.donation.charity.id);
      return {
        pdf: await receiptPdf(shown.donation, ctx.config.currency, charity?.registrationNumber ?? null),
        filename: `kindred-receipt-${shown.donation.receipt_number}.pdf`,
      };
    },
  };
}
export type ManageGiftsService = ReturnType<typeof manageGiftsService>;
