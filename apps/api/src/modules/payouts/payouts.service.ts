import type { ApprovePayoutsBody, FundsMonth, PageQuery, PayoutRequestBody } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { decodeCursor, timedPage } from '../../lib/pagination.js';
import { donationsQueries, giftsForStatement, refundsQueries } from '../donations/index.js';
import { runIdempotent } from '../ledger/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { payoutMoney } from './payout-money.js';
import { payoutStatementCsv, payoutStatementPdf } from './payout-statements.js';
import { type PayoutRow, payoutsRepository } from './payouts.repository.js';

/** An approved payout whose provider answer was lost this long is sent again by the open-payouts round. */
const OPEN_PAYOUT_AGE_MS = 2 * 60 * 1000;

/**
 * Money out (docs/product/payouts-and-reconciliation.md): a charity's available money paid to its
 * verified bank account, asked for or on a schedule, approved by platform admins, paid through the
 * provider (a Stripe Connect transfer, or the sandbox's), with a statement of the gifts it pays.
 */
export function payoutsService(ctx: AppContext, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const { present, presentOne, open, send, fail } = payoutMoney(ctx, provider);

  const keyset = (query: PageQuery) => ({
    limit: query.limit,
    cursor: decodeCursor(query.cursor, ['time', 'id']),
    before: query.direction === 'before',
  });

  async function pageOf(filter: { charityId?: number; status?: PayoutRow['status'] }, query: PageQuery) {
    const rows = await payoutsRepository.page(db(), filter, keyset(query));
    const page = timedPage(rows, query, (row) => row.payout);
    return { ...page, items: await present(page.items) };
  }

  return {
    /** POST /charity/{id}/payouts */
    async request(
      auth: AuthUser | null,
      charityId: number,
      body: PayoutRequestBody,
      idempotency: IdempotencyRequest,
    ) {
      const user = await ctx.access.require(auth, Permission.CharityPayoutManage, [charityId]);
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => ({
        statusCode: 201,
        body: { payout_id: (await open(tx, charityId, body.amount, user.id)).id },
      }));
      const row = await payoutsRepository.find(db(), result.body.payout_id);
      if (!row) throw notFound('The payout');
      return { payout: await presentOne(row) };
    },

    /** GET /charity/{id}/payouts */
    async ofCharity(auth: AuthUser | null, charityId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [charityId]);
      return pageOf({ charityId }, query);
    },

    /** GET /admin/payouts */
    async forPlatform(auth: AuthUser | null, status: PayoutRow['status'] | undefined, query: PageQuery) {
      await ctx.access.require(auth, Permission.PlatformPayoutsRead);
      return pageOf(status ? { status } : {}, query);
    },

    /** POST /admin/payouts/approve: each asked-for payout approved, then paid (or failed) through the provider. */
    async approve(auth: AuthUser | null, body: ApprovePayoutsBody, idempotency: IdempotencyRequest) {
      const admin = await ctx.access.require(auth, Permission.PlatformPayoutsManage);
      await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        const rows = await payoutsRepository.lock(tx, body.payout_ids);
        if (rows.length !== new Set(body.payout_ids).size) throw notFound('A payout');
        const waiting = rows.filter((row) => row.status !== 'requested');
        if (waiting.length > 0)
          throw new AppError(
            409,
            'PAYOUT_NOT_WAITING',
            `Payout ${waiting[0]?.id} is ${waiting[0]?.status}: only payouts asked for can be approved.`,
          );
        for (const row of rows)
          await payoutsRepository.update(tx, row.id, {
            status: 'approved',
            approvedBy: admin.id,
            approvedAt: ctx.now(),
          });
        return { statusCode: 200, body: { approved: rows.map((row) => row.id) } };
      });
      const sent: PayoutRow[] = [];
      for (const row of await payoutsRepository.many(db(), body.payout_ids))
        sent.push(row.status === 'approved' ? await send(row) : row);
      return { payouts: await present(sent) };
    },

    /** POST /admin/payouts/{id}/reject: a payout asked for is refused, its money back. */
    async reject(auth: AuthUser | null, payoutId: number, reason: string) {
      const admin = await ctx.access.require(auth, Permission.PlatformPayoutsManage);
      const row = await payoutsRepository.find(db(), payoutId);
      if (!row) throw notFound('The payout');
      if (row.status !== 'requested')
        throw new AppError(
          409,
          'PAYOUT_NOT_WAITING',
          `This payout is ${row.status}: it can no longer be refused.`,
        );
      return { payout: await presentOne(await fail(row.id, `Refused by the platform: ${reason}`, admin.id)) };
    },

    /** Approved payouts whose answer was lost: sent again with the same key (never paid twice). */
    async finishOpenPayouts(): Promise<number> {
      const open = await payoutsRepository.approvedBefore(
        db(),
        new Date(ctx.now().getTime() - OPEN_PAYOUT_AGE_MS),
      );
      for (const row of open) await send(row);
      return open.length;
    },

    /** GET /charity/{id}/payouts/{payoutId}/statement: the gifts it pays, as PDF or CSV. */
    async statement(auth: AuthUser | null, charityId: number, payoutId: number, format: 'pdf' | 'csv') {
      if (!(await ctx.access.can(auth, Permission.PlatformPayoutsRead)))
        await ctx.access.require(auth, Permission.CharityFinanceRead, [charityId]);
      const row = await payoutsRepository.find(db(), payoutId);
      if (!row || row.charityId !== charityId) throw notFound('The payout');
      const items = await payoutsRepository.items(db(), row.id);
      const gifts = await giftsForStatement(
        db(),
        items.map((item) => item.donationId),
      );
      const payout = await presentOne(row);
      const lines = items.flatMap((item) => {
        const gift = gifts.get(item.donationId);
        return gift ? [{ ...gift, donationId: item.donationId, paid: item.amount }] : [];
      });
      const filename = `kindred-payout-${row.id}.${format}`;
      if (format === 'csv')
        return { type: 'text/csv; charset=utf-8', filename, body: payoutStatementCsv(lines) };
      return {
        type: 'application/pdf',
        filename,
        body: await payoutStatementPdf(payout, lines, ctx.config.currency),
      };
    },

    /** The charity's money paid out, and on its way (its funds answer). */
    async moneyOf(charityId: number) {
      const totals = await payoutsRepository.totals(db(), charityId);
      return { paid_out: totals.paid, payouts_waiting: totals.waiting };
    },

    /** GET /charity/{id}/funds/by_month: the last 12 months received, refunded and paid out (the chart). */
    async byMonth(auth: AuthUser | null, charityId: number): Promise<{ months: FundsMonth[] }> {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [charityId]);
      const now = ctx.now();
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
      const [received, refunded, paid] = await Promise.all([
        donationsQueries.receivedByMonth(db(), charityId, since),
        refundsQueries.refundedByMonth(db(), charityId, since),
        payoutsRepository.paidByMonth(db(), charityId, since),
      ]);
      const months: FundsMonth[] = [];
      for (let i = 0; i < 12; i += 1) {
        const month = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1))
          .toISOString()
          .slice(0, 7);
        months.push({
          month,
          received: received.get(month) ?? 0,
          refunded: refunded.get(month) ?? 0,
          paid_out: paid.get(month) ?? 0,
        });
      }
      return { months };
    },
  };
}
export type PayoutsService = ReturnType<typeof payoutsService>;
