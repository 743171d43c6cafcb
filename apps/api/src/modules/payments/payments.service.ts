import { randomUUID } from 'node:crypto';
import type { DepositBody, Payment, Wallet } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { account, PLATFORM, runIdempotent } from '../ledger/index.js';
import { type MoneyOwner, requireMoneyMove, requireWalletAccess } from './money-owner.js';
import { type PaymentRow, paymentsRepository } from './payments.repository.js';
import { type PaymentProvider, ProviderError } from './provider.js';

export function presentPayment(row: PaymentRow, clientSecret: string | null = null): Payment {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    client_secret: clientSecret,
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
  };
}

export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    throw new AppError(
      error.declined ? 402 : 502,
      error.declined ? 'CARD_DECLINED' : 'PAYMENT_PROVIDER_ERROR',
      error.message,
    );
  }
  throw error;
}

/** The sandbox charges the card given in the call: without one there is nothing to charge. */
export function assertCardGiven(provider: PaymentProvider, card: unknown): void {
  if (provider.name === 'sandbox' && !card) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Enter card details.', {
      fields: { card: 'Required.' },
    });
  }
}

/** Deposits into a wallet through the payment provider; a payment is credited exactly once. */
export function paymentsService(ctx: AppContext, provider: PaymentProvider) {
  const { ledger } = ctx;
  const db = () => ctx.database.db;

  async function wallet(executor: Executor, owner: MoneyOwner): Promise<Wallet> {
    const balances = await ledger.balances(executor, owner);
    return {
      wallet_amount: balances.wallet,
      credits: balances.credits,
      held: balances.held,
      currency: ctx.config.currency,
    };
  }

  /** Credits a succeeded payment to its owner's wallet unless that was done already. */
  async function creditOnce(tx: Executor, paymentId: number): Promise<PaymentRow> {
    const row = await paymentsRepository.findForUpdate(tx, paymentId);
    if (!row) throw notFound('The payment');
    if (row.status === 'credited') return row;
    const owner = { ownerType: row.ownerType, ownerId: row.ownerId } as const;
    const transactionId = await ledger.transfer(tx, PLATFORM.provider, account(owner, 'wallet'), row.amount, {
      kind: 'deposit',
      description: row.directDebitId ? 'Direct debit top-up' : 'Card deposit',
      createdBy: row.createdBy,
      reference: { payment_id: row.id, provider: row.provider },
    });
    return (await paymentsRepository.markCredited(tx, row.id, transactionId, ctx.now())) ?? row;
  }

  return {
    provider,
    async wallet(auth: AuthUser | null, owner: MoneyOwner) {
      await requireWalletAccess(ctx, auth, owner, 'read');
      return wallet(db(), owner);
    },
    creditOnce,

    /** Opens a payment with the provider. With the sandbox the card is charged at once. */
    async deposit(
      auth: AuthUser | null,
      owner: MoneyOwner,
      body: DepositBody,
      createdBy: number,
      idempotency: IdempotencyRequest,
    ) {
      await requireMoneyMove(ctx, auth, owner);
      assertCardGiven(provider, body.card);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        let remote: Awaited<ReturnType<PaymentProvider['createPayment']>>;
        try {
          remote = await provider.createPayment({
            amount: body.amount,
            currency: ctx.config.currency,
            description:
              owner.ownerType === 'user' ? 'Kindred wallet top-up' : 'Kindred organisation wallet top-up',
            metadata: { owner_type: owner.ownerType, owner_id: String(owner.ownerId) },
            card: body.card,
            idempotencyKey: idempotency.key ? `${idempotency.scope}:${idempotency.key}` : randomUUID(),
          });
        } catch (error) {
          providerFailure(error);
        }
        const row = await paymentsRepository.insert(tx, {
          ownerType: owner.ownerType,
          ownerId: owner.ownerId,
          provider: provider.name,
          providerPaymentId: remote.id,
          amount: body.amount,
          currency: ctx.config.currency,
          status:
            remote.status === 'succeeded' ? 'succeeded' : remote.status === 'failed' ? 'failed' : 'pending',
          failureMessage: remote.failureMessage,
          createdBy,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        });
        return { statusCode: 201, body: { payment: presentPayment(row, remote.clientSecret) } };
      });
      return result;
    },

    /** Checks the payment with the provider and credits the wallet, once however often it is called. */
    async confirm(
      auth: AuthUser | null,
      owner: MoneyOwner,
      paymentId: number,
      idempotency: IdempotencyRequest,
    ) {
      await requireWalletAccess(ctx, auth, owner, 'manage');
      const row = await paymentsRepository.findOfOwner(db(), paymentId, owner);
      if (!row) throw notFound('The payment');
      if (row.status !== 'credited') {
        let remote: Awaited<ReturnType<PaymentProvider['retrievePayment']>>;
        try {
          remote = await provider.retrievePayment(row.providerPaymentId ?? '');
        } catch (error) {
          providerFailure(error);
        }
        if (remote.status === 'failed') {
          await paymentsRepository.markFailed(db(), row.id, remote.failureMessage, ctx.now());
          throw new AppError(
            402,
            'CARD_DECLINED',
            remote.failureMessage ?? 'The payment did not go through.',
          );
        }
        if (remote.status !== 'succeeded') {
          throw new AppError(
            409,
            'PAYMENT_NOT_COMPLETE',
            'The payment is not complete yet. Finish it and try again.',
          );
        }
      }
      return runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const credited = await creditOnce(tx, row.id);
        return {
          statusCode: 200,
          body: { payment: presentPayment(credited), wallet: await wallet(tx, owner) },
        };
      });
    },

    /** A provider event said a payment succeeded (Stripe webhook). */
    async paymentSucceeded(providerPaymentId: string) {
      const id = await paymentsRepository.idByProviderPaymentId(
        db(),
        provider.name,
        providerPaymentId,
        'deposit',
      );
      if (id === undefined) return false;
      await db().transaction((tx) => creditOnce(tx, id));
      return true;
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
