import {
  type AdminDepositBody,
  HELD_GIFT_STATE_LABELS,
  type HistoryItem,
  type PageQuery,
  type TransferFundsBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { csvMoney, toCsv } from '../../lib/csv.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { auditLog } from '../audit/index.js';
import { account, ledgerQueries, PLATFORM, runIdempotent } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { assertCanMoveMoney, type MoneyOwner, requireWalletAccess } from '../payments/index.js';
import { usersQueries } from '../users/index.js';
import { historyItem, historyNames } from './history-names.js';

const DAY = 86_400_000;
/** The longest range one statement or history call covers. */
export const MAX_RANGE_DAYS = 366 * 5;

function range(from: string, to: string) {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY);
  if (end <= start)
    throw badRequest('The end date is before the start date.', { to: 'Must be on or after the start.' });
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY) {
    throw badRequest('Choose a range of at most five years.', { from: 'Range too long.' });
  }
  return { start, end };
}

export interface HistoryOptions {
  from: string;
  to: string;
  account?: 'wallet' | 'credits' | 'held' | undefined;
  kind?: string | undefined;
}

export function walletService(ctx: AppContext) {
  const { ledger } = ctx;
  const db = () => ctx.database.db;

  function filter(owner: MoneyOwner, options: HistoryOptions) {
    const { start, end } = range(options.from, options.to);
    return {
      owner,
      currency: ctx.config.currency,
      from: start,
      to: end,
      accounts: options.account
        ? [options.account]
        : (['wallet', 'credits', 'held'] as Array<'wallet' | 'credits' | 'held'>),
      kinds: options.kind ? [options.kind] : undefined,
      // A held gift is one line, unless the held account itself is asked for.
      foldHolds: options.account !== 'held',
    };
  }

  return {
    async history(auth: AuthUser | null, owner: MoneyOwner, options: HistoryOptions, query: PageQuery) {
      await requireWalletAccess(ctx, auth, owner, 'read');
      const cursor = decodeCursor(query.cursor, ['time', 'id']);
      const rows = await ledgerQueries.history(db(), filter(owner, options), {
        limit: query.limit + 1,
        ...(cursor ? { cursor } : {}),
        before: query.direction === 'before',
      });
      const names = await historyNames(db(), rows);
      return toPage(
        rows,
        query,
        (row) => [row.createdAt.toISOString(), row.id],
        (row) => historyItem(row, names),
      );
    },

    /** The statement of a date range as CSV, oldest first, read in batches. */
    async statement(auth: AuthUser | null, owner: MoneyOwner, options: HistoryOptions): Promise<string> {
      await requireWalletAccess(ctx, auth, owner, 'read');
      const f = filter(owner, options);
      const rows: HistoryItem[] = [];
      let cursor: Array<string | number> | undefined;
      for (;;) {
        const batch = await ledgerQueries.history(db(), f, {
          limit: 1000,
          ...(cursor ? { cursor } : {}),
          before: false,
        });
        const names = await historyNames(db(), batch);
        rows.push(...batch.map((row) => historyItem(row, names)));
        const last = batch[batch.length - 1];
        if (batch.length < 1000 || !last) break;
        cursor = [last.createdAt.toISOString(), last.id];
      }
      return toCsv(
        {
          header: ['date', 'description', 'type', 'account', 'amount', 'currency', 'status'],
          rows: rows
            .reverse()
            .map((item) => [
              item.created_at,
              item.description,
              item.kind,
              item.account,
              csvMoney(item.amount),
              ctx.config.currency,
              item.gift?.state ? HELD_GIFT_STATE_LABELS[item.gift.state] : '',
            ]),
        },
        { lineEnd: 'windows' },
      );
    },

    /** A platform admin puts money (received by other means) or credits into a wallet. */
    async adminDeposit(
      auth: AuthUser | null,
      owner: MoneyOwner,
      body: AdminDepositBody,
      adminId: number,
      idempotency: IdempotencyRequest,
    ) {
      await ctx.access.require(auth, Permission.PlatformWalletDeposit);
      if (owner.ownerType === 'user') {
        const user = await usersQueries.find(db(), owner.ownerId);
        if (!user || user.deletedAt) throw notFound('The user');
      } else if (!(await organisationsQueries.business(db(), owner.ownerId))) {
        throw notFound('The organisation');
      }
      return runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const credits = body.kind === 'credits';
        const transactionId = await ledger.transfer(
          tx,
          credits ? PLATFORM.creditsIssued : PLATFORM.manual,
          account(owner, credits ? 'credits' : 'wallet'),
          body.amount,
          {
            kind: credits ? 'admin_credits' : 'admin_deposit',
            description: credits
              ? `Credits from Kindred: ${body.reason}`
              : `Deposit recorded by Kindred: ${body.reason}`,
            createdBy: adminId,
            reference: { admin_id: adminId, reason: body.reason },
          },
        );
        await auditLog.record(tx, {
          actorId: adminId,
          action: credits ? `${owner.ownerType}.credits` : `${owner.ownerType}.deposit`,
          targetType: owner.ownerType,
          targetId: owner.ownerId,
          reason: body.reason,
          details: { amount: body.amount, transaction_id: transactionId },
          at: ctx.now(),
        });
        const balances = await ledger.balances(tx, owner);
        return {
          statusCode: 201,
          body: {
            transaction_id: transactionId,
            wallet: {
              wallet_amount: balances.wallet,
              credits: balances.credits,
              held: balances.held,
              currency: ctx.config.currency,
            },
          },
        };
      });
    },

    /** Moves money between an organisation and one of its sub-businesses (Super Admin of the parent). */
    async transferFunds(
      auth: AuthUser | null,
      body: TransferFundsBody,
      userId: number,
      idempotency: IdempotencyRequest,
    ) {
      // Both organisations are named in the body: a caller who is a Super Admin of neither is refused
      // before anything about them is read; which of the two is the parent is checked below.
      const held = await ctx.access.allowed(auth, Permission.BusinessFundsTransfer, [
        body.from_business_id,
        body.to_business_id,
      ]);
      const caller =
        held.size > 0
          ? (auth as AuthUser)
          : await ctx.access.require(auth, Permission.BusinessFundsTransfer, [body.from_business_id]);
      const [from, to] = await Promise.all([
        organisationsQueries.business(db(), body.from_business_id),
        organisationsQueries.business(db(), body.to_business_id),
      ]);
      if (!from || !to) throw notFound('The organisation');
      const parent = from.id === to.parentId ? from : to.id === from.parentId ? to : undefined;
      if (!parent) {
        throw new AppError(
          409,
          'NOT_RELATED',
          'Funds move only between an organisation and its own sub-businesses.',
        );
      }
      await ctx.access.require(caller, Permission.BusinessFundsTransfer, [parent.id]);
      await assertCanMoveMoney(ctx, { ownerType: 'business', ownerId: from.id }, from);
      await assertCanMoveMoney(ctx, { ownerType: 'business', ownerId: to.id }, to);
      const fromOwner = { ownerType: 'business', ownerId: from.id } as const;
      const toOwner = { ownerType: 'business', ownerId: to.id } as const;
      return runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const transactionId = await ledger.transfer(
          tx,
          account(fromOwner, 'wallet'),
          account(toOwner, 'wallet'),
          body.amount,
          {
            kind: 'transfer',
            description: body.description || `Transfer from ${from.name} to ${to.name}`,
            createdBy: userId,
            reference: { from_business_id: from.id, to_business_id: to.id },
          },
        );
        const wallet = async (owner: MoneyOwner) => {
          const b = await ledger.balances(tx, owner);
          return { wallet_amount: b.wallet, credits: b.credits, held: b.held, currency: ctx.config.currency };
        };
        return {
          statusCode: 200,
          body: { transaction_id: transactionId, from: await wallet(fromOwner), to: await wallet(toOwner) },
        };
      });
    },
  };
}
