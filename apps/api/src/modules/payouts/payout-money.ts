import { formatMoney, PAYOUT_MINIMUM, type Payout } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { charitiesQueries, charitiesWrites } from '../charities/index.js';
import { donationsQueries, refundsQueries } from '../donations/index.js';
import { account, PLATFORM } from '../ledger/index.js';
import { type PaymentProvider, ProviderError, providerAccountsQueries } from '../payments/index.js';
import { usersQueries } from '../users/index.js';
import { type PayoutRow, payoutsRepository } from './payouts.repository.js';

const payoutKey = (payout: { id: number }) => `kindred-payout-${payout.id}`;

const charityOwner = (charityId: number) => ({ ownerType: 'charity', ownerId: charityId }) as const;

/**
 * The money of payouts (docs/product/payouts-and-reconciliation.md#a-payouts-life), shared by the
 * charity's requests, the schedules and the platform's approvals: a payout opened with its money set
 * aside and its gifts, sent to the provider, paid or failed; and how one is shown.
 */
export function payoutMoney(ctx: AppContext, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const { ledger } = ctx;

  const meta = (payout: PayoutRow, kind: string, description: string, userId: number | null) => ({
    kind,
    description,
    createdBy: userId,
    reference: { payout_id: payout.id, charity_id: payout.charityId },
  });

  /** What a charity can be paid out: its funds less the direct gifts not yet delivered. */
  async function availableOf(tx: Tx, charityId: number) {
    const balances = await ledger.balances(tx, charityOwner(charityId));
    const undelivered = await refundsQueries.undeliveredDirect(tx, charityId);
    return Math.max(0, balances.charityFunds - undelivered);
  }

  async function present(rows: PayoutRow[]): Promise<Payout[]> {
    const [charities, people, counts] = await Promise.all([
      charitiesQueries.names(
        db(),
        rows.map((row) => row.charityId),
      ),
      usersQueries.names(
        db(),
        rows.flatMap((row) => [row.requestedBy, row.approvedBy]).filter((id): id is number => id !== null),
      ),
      payoutsRepository.itemCounts(
        db(),
        rows.map((row) => row.id),
      ),
    ]);
    const person = (id: number | null) => (id === null ? null : { id, name: people.get(id) ?? '' });
    return rows.map((row) => ({
      id: row.id,
      charity: { id: row.charityId, name: charities.get(row.charityId)?.name ?? '' },
      amount: row.amount,
      status: row.status,
      scheduled: row.scheduled,
      transfer_id: row.transferId,
      failure_message: row.failureMessage,
      gifts: counts.get(row.id) ?? 0,
      requested_by: person(row.requestedBy),
      approved_by: person(row.approvedBy),
      created_at: row.createdAt.toISOString(),
      approved_at: row.approvedAt?.toISOString() ?? null,
      paid_at: row.paidAt?.toISOString() ?? null,
      failed_at: row.failedAt?.toISOString() ?? null,
    }));
  }

  async function presentOne(row: PayoutRow): Promise<Payout> {
    const [payout] = await present([row]);
    if (!payout) throw new Error('present returned nothing');
    return payout;
  }

  /**
   * A payout of `amount` (or all that is available, for a schedule): under the charity's money lock,
   * to its verified account; its money moves to the charity's payout balance, and it pays the oldest
   * delivered gifts first.
   */
  async function open(tx: Tx, charityId: number, amount: number | 'all', userId: number | null) {
    await charitiesWrites.lockMoney(tx, charityId);
    const payoutAccount = await providerAccountsQueries.find(tx, charityId);
    if (!payoutAccount?.verifiedAt)
      throw new AppError(
        409,
        'PAYOUT_ACCOUNT_NOT_VERIFIED',
        payoutAccount
          ? 'The payout account waits for a platform admin to check it. Payouts can be asked for once it is checked.'
          : 'Add the charity’s bank account first.',
      );
    const available = await availableOf(tx, charityId);
    const wanted = amount === 'all' ? available : amount;
    if (wanted < PAYOUT_MINIMUM) {
      const message = `A payout is at least ${formatMoney(PAYOUT_MINIMUM, ctx.config.currency)}.`;
      throw new AppError(409, 'PAYOUT_TOO_SMALL', message, { fields: { amount: message } });
    }
    if (wanted > available) {
      const message = `At most ${formatMoney(available, ctx.config.currency)} is available to pay out.`;
      throw new AppError(409, 'PAYOUT_TOO_LARGE', message, { fields: { amount: message }, available });
    }
    const payout = await payoutsRepository.insert(tx, {
      charityId,
      amount: wanted,
      status: 'requested',
      scheduled: amount === 'all',
      provider: payoutAccount.provider,
      accountId: payoutAccount.accountId,
      requestedBy: userId,
      createdAt: ctx.now(),
    });
    await ledger.transfer(
      tx,
      account(charityOwner(charityId), 'charity_funds'),
      account(charityOwner(charityId), 'payout'),
      wanted,
      meta(payout, 'payout_hold', `Payout ${payout.id} asked for`, userId),
    );
    // The gifts it pays, oldest delivered first.
    const [gifts, paid] = await Promise.all([
      donationsQueries.deliveredOf(tx, charityId),
      payoutsRepository.paidOfGifts(tx, charityId),
    ]);
    const items: Array<{ donationId: number; amount: number }> = [];
    let left = wanted;
    for (const gift of gifts) {
      if (left <= 0) break;
      const unpaid = Number(gift.left) - (paid.get(gift.id) ?? 0);
      if (unpaid <= 0) continue;
      const take = Math.min(unpaid, left);
      items.push({ donationId: gift.id, amount: take });
      left -= take;
    }
    await payoutsRepository.insertItems(tx, payout.id, items);
    return payout;
  }

  /** The payout's money leaves for the bank: paid with the transfer's id, or failed and its money back. */
  async function send(payout: PayoutRow): Promise<PayoutRow> {
    try {
      const transfer = await provider.transfer({
        accountId: payout.accountId,
        amount: payout.amount,
        currency: ctx.config.currency,
        idempotencyKey: payoutKey(payout),
        reference: String(payout.id),
      });
      return await db().transaction(async (tx) => {
        const [row] = await payoutsRepository.lock(tx, [payout.id]);
        if (row?.status !== 'approved') return row ?? payout;
        return settle(tx, row, 'paid', { transferId: transfer.id, paidAt: ctx.now() }, row.approvedBy);
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return fail(payout.id, error.message, null);
    }
  }

  /** A payout refused (by the bank, or by a platform admin): its money goes back to the charity's funds. */
  function fail(payoutId: number, message: string, userId: number | null) {
    return db().transaction(async (tx) => {
      const [row] = await payoutsRepository.lock(tx, [payoutId]);
      if (!row) throw notFound('The payout');
      if (row.status !== 'approved' && row.status !== 'requested') return row;
      return settle(tx, row, 'failed', { failureMessage: message, failedAt: ctx.now() }, userId);
    });
  }

  /**
   * A payout's outcome: its money leaves the charity's payout balance (to the provider when paid,
   * back to the charity's funds when failed), the row takes the outcome with `changes`, and the
   * event is recorded.
   */
  async function settle(
    tx: Tx,
    row: PayoutRow,
    outcome: 'paid' | 'failed',
    changes: Partial<PayoutRow>,
    userId: number | null,
  ) {
    const charity = charityOwner(row.charityId);
    await ledger.transfer(
      tx,
      account(charity, 'payout'),
      outcome === 'paid' ? PLATFORM.provider : account(charity, 'charity_funds'),
      row.amount,
      meta(row, `payout_${outcome}`, `Payout ${row.id} ${outcome === 'paid' ? 'paid' : 'not paid'}`, userId),
    );
    const settled = await payoutsRepository.update(tx, row.id, { ...changes, status: outcome });
    await ctx.events.record(tx, `payout.${outcome}`, {
      payout_id: row.id,
      charity_id: row.charityId,
      amount: row.amount,
    });
    return settled;
  }

  return { availableOf, present, presentOne, open, send, fail };
}
export type PayoutMoney = ReturnType<typeof payoutMoney>;
