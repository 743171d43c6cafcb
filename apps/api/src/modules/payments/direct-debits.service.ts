import type { BusinessDirectDebitBody, DirectDebit, PageQuery } from '@kindred/shared';
import { DIRECT_DEBIT_TYPE } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { pageById, toPage } from '../../lib/pagination.js';
import { type Frequency, isoDay, nextPeriod } from '../../lib/periods.js';
import { charitiesQueries } from '../charities/index.js';
import { account, PLATFORM, runIdempotent } from '../ledger/index.js';
import { directDebitsRepository, type MandateRow } from './direct-debits.repository.js';
import { type MoneyOwner, ownerEmails, requireMoneyMove, requireWalletAccess } from './money-owner.js';
import { paymentsRepository } from './payments.repository.js';
import { assertCardGiven, type PaymentsService, providerFailure } from './payments.service.js';

/** Failed charges are retried this many times in all, an hour apart and then more, before the mandate stops. */
export const MAX_CHARGE_ATTEMPTS = 3;
const RETRY_BACKOFF_MS = 60 * 60 * 1000;
const CLAIM_MS = 5 * 60 * 1000;
const BATCH = 20;

export function presentDirectDebit(row: MandateRow): DirectDebit {
  return {
    id: row.id,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    type: row.type,
    charity_id: row.charityId,
    amount: row.amount,
    currency: row.currency,
    frequency: row.frequency,
    start_date: row.startDate,
    next_charge_on: row.nextChargeOn,
    status: row.status,
    payment_method_label: row.paymentMethodLabel,
    failed_attempts: row.failedAttempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

/** Direct debit mandates and the scheduled charging of them (docs/product/money.md#direct-debits). */
export function directDebitsService(ctx: AppContext, payments_: PaymentsService) {
  const { ledger } = ctx;
  const provider = payments_.provider;
  const db = () => ctx.database.db;

  async function notifyFailure(mandate: MandateRow, message: string) {
    const emails = await ownerEmails(ctx, mandate);
    for (const to of emails) {
      await ctx.notices.queue(db(), {
        to,
        subject: 'Your Kindred direct debit has stopped',
        text: [
          'Hello,',
          '',
          `We could not take the direct debit of ${(mandate.amount / 100).toFixed(2)} ${mandate.currency} after ${MAX_CHARGE_ATTEMPTS} attempts:`,
          message,
          '',
          'The direct debit is stopped. Set up a new one with another card from your wallet.',
        ].join('\n'),
      });
    }
  }

  /** Charges one claimed mandate for its due period: at most one credited charge per period. */
  async function chargeOne(mandate: MandateRow) {
    const period = mandate.nextChargeOn;
    const charge = await paymentsRepository.openCharge(db(), {
      ownerType: mandate.ownerType,
      ownerId: mandate.ownerId,
      provider: provider.name,
      amount: mandate.amount,
      currency: mandate.currency,
      directDebitId: mandate.id,
      period,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
      createdBy: mandate.createdBy,
    });

    let outcome: string | null | undefined = charge.status === 'credited' ? null : undefined;
    if (outcome === undefined) {
      try {
        const remote = await provider.chargeMethod({
          methodId: mandate.paymentMethod,
          amount: mandate.amount,
          currency: mandate.currency,
          description:
            mandate.type === DIRECT_DEBIT_TYPE.charitySubscription
              ? 'Kindred charity subscription'
              : 'Kindred wallet direct debit',
          metadata: { direct_debit_id: String(mandate.id), period },
          idempotencyKey: `direct-debit-${mandate.id}-${period}-${charge.id}-${mandate.failedAttempts}`,
        });
        outcome =
          remote.status === 'succeeded' ? null : (remote.failureMessage ?? 'The charge did not go through.');
        await paymentsRepository.recordCharge(
          db(),
          charge.id,
          {
            providerPaymentId: remote.id,
            status: remote.status === 'succeeded' ? 'succeeded' : 'failed',
            failureMessage: remote.failureMessage,
          },
          ctx.now(),
        );
      } catch (error) {
        outcome = error instanceof Error ? error.message : 'The payment provider did not answer.';
      }
    }

    if (outcome === null) {
      await db().transaction(async (tx) => {
        if (mandate.type === DIRECT_DEBIT_TYPE.charitySubscription && mandate.charityId) {
          const locked = await paymentsRepository.findForUpdate(tx, charge.id);
          if (locked && locked.status !== 'credited') {
            const transactionId = await ledger.transfer(
              tx,
              PLATFORM.provider,
              account({ ownerType: 'charity', ownerId: mandate.charityId }, 'charity_funds'),
              mandate.amount,
              {
                kind: 'charity_subscription',
                description: 'Charity subscription by direct debit',
                createdBy: mandate.createdBy,
                reference: {
                  payment_id: charge.id,
                  direct_debit_id: mandate.id,
                  charity_id: mandate.charityId,
                },
              },
            );
            await paymentsRepository.markCredited(tx, charge.id, transactionId, ctx.now());
          }
        } else {
          await payments_.creditOnce(tx, charge.id);
        }
        await directDebitsRepository.charged(
          tx,
          mandate.id,
          nextPeriod(mandate.startDate, period, mandate.frequency as Frequency),
        );
      });
      return 'charged' as const;
    }

    const attempts = mandate.failedAttempts + 1;
    const stopped = attempts >= MAX_CHARGE_ATTEMPTS;
    await directDebitsRepository.chargeFailed(db(), mandate.id, {
      failedAttempts: attempts,
      lastError: outcome,
      stopped,
      retryAfter: new Date(ctx.now().getTime() + RETRY_BACKOFF_MS * attempts),
    });
    if (stopped) {
      await notifyFailure(mandate, outcome);
      await directDebitsRepository.failureReported(db(), mandate.id);
    }
    return stopped ? ('stopped' as const) : ('retry' as const);
  }

  return {
    /** Sets up a mandate; a retry with the same Idempotency-Key returns the first one. */
    async create(
      auth: AuthUser | null,
      owner: MoneyOwner,
      body: BusinessDirectDebitBody,
      createdBy: number,
      idempotency: IdempotencyRequest,
    ) {
      await requireMoneyMove(ctx, auth, owner);
      const today = isoDay(ctx.now());
      if (body.start_date < today)
        throw badRequest('The start date is in the past.', { start_date: 'Today or later.' });
      if (body.type === DIRECT_DEBIT_TYPE.charitySubscription) {
        if (owner.ownerType !== 'business') throw badRequest('Only organisations subscribe to charities.');
        if (!body.charity_id) throw badRequest('Choose the charity.', { charity_id: 'Required.' });
        const charity = await charitiesQueries.byId(db(), body.charity_id);
        if (charity?.approvalStatus !== 'approved' || charity.lockStatus) throw notFound('The charity');
      }
      assertCardGiven(provider, body.card);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        let method: Awaited<ReturnType<typeof provider.saveMethod>>;
        try {
          method = await provider.saveMethod({ card: body.card, methodId: body.payment_method_id });
        } catch (error) {
          providerFailure(error);
        }
        const row = await directDebitsRepository.insert(tx, {
          ownerType: owner.ownerType,
          ownerId: owner.ownerId,
          type: body.type,
          charityId: body.type === DIRECT_DEBIT_TYPE.charitySubscription ? (body.charity_id ?? null) : null,
          amount: body.amount,
          currency: ctx.config.currency,
          frequency: body.frequency,
          startDate: body.start_date,
          nextChargeOn: body.start_date,
          provider: provider.name,
          paymentMethod: method.id,
          paymentMethodLabel: method.label,
          createdBy,
          createdAt: ctx.now(),
        });
        return { statusCode: 201, body: presentDirectDebit(row) };
      });
      return result.body;
    },

    async list(auth: AuthUser | null, owner: MoneyOwner) {
      await requireWalletAccess(ctx, auth, owner, 'read');
      const rows = await directDebitsRepository.listOfOwner(db(), owner, 100);
      return { items: rows.map(presentDirectDebit), next_cursor: null, prev_cursor: null };
    },

    async cancel(auth: AuthUser | null, owner: MoneyOwner, id: number) {
      await requireWalletAccess(ctx, auth, owner, 'manage');
      const row = await directDebitsRepository.cancelActive(db(), id, owner, ctx.now());
      if (!row) {
        if (!(await directDebitsRepository.findOfOwner(db(), id, owner))) throw notFound('The direct debit');
        throw new AppError(409, 'DIRECT_DEBIT_NOT_ACTIVE', 'This direct debit is not active.');
      }
      return presentDirectDebit(row);
    },

    /**
     * Charges every mandate that is due. Each process claims a batch with FOR UPDATE SKIP LOCKED and
     * a lease, so several API processes never charge the same mandate at once.
     */
    async runDue(limit = BATCH) {
      const now = ctx.now();
      const today = isoDay(now);
      const claimed = await db().transaction((tx) =>
        directDebitsRepository.claimDue(tx, today, now, new Date(now.getTime() + CLAIM_MS), limit),
      );
      const results = { charged: 0, retry: 0, stopped: 0 };
      for (const mandate of claimed) results[await chargeOne(mandate)] += 1;
      return results;
    },

    /** Every mandate, newest first, keyset paged (platform admins). */
    async adminList(auth: AuthUser | null, query: PageQuery, status?: MandateRow['status']) {
      await ctx.access.require(auth, Permission.PlatformDirectDebitsRead);
      const rows = await directDebitsRepository.page(db(), { status }, pageById(query));
      return toPage(rows, query, (row) => [row.id], presentDirectDebit);
    },
  };
}
export type DirectDebitsService = ReturnType<typeof directDebitsService>;
