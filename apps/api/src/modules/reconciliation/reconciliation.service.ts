import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { refundsQueries } from '../donations/index.js';
import { type PaymentProvider, type ProviderRecord, paymentsQueries } from '../payments/index.js';
import { payoutsQueries } from '../payouts/index.js';
import { type Mismatch, type MismatchRow, reconciliationRepository } from './reconciliation.repository.js';

/** Each run looks back this far: the provider's records settle within a day or two. */
const WINDOW_MS = 3 * 86_400_000;
/** Our side is read a day wider on each side, so a record near an edge finds its other half. */
const MARGIN_MS = 86_400_000;

type Kind = MismatchRow['kind'];

/**
 * Books that reconcile (docs/product/payouts-and-reconciliation.md#reconciliation): every day the
 * provider's records (charges, refunds, disputes lost, transfers) are compared with what the books
 * keep of them, by the provider's own id and amount, each way; each disagreement is listed for
 * platform admins until a later run finds it agreeing.
 */
export function reconciliationService(ctx: AppContext, provider: PaymentProvider) {
  const db = () => ctx.database.db;

  /** What the books keep of the provider's ids of one kind: id -> amount. */
  async function booksOf(kind: Kind, ids: string[]): Promise<Map<string, number>> {
    switch (kind) {
      case 'charge': {
        const rows = await paymentsQueries.byProviderIds(db(), provider.name, ids);
        return new Map(
          [...rows]
            .filter(([, row]) => row.status === 'credited' || row.status === 'refunded')
            .map(([id, row]) => [id, row.amount]),
        );
      }
      case 'refund':
        return refundsQueries.byProviderRefundIds(db(), ids);
      case 'dispute':
        return refundsQueries.lostDisputesByIds(db(), ids);
      case 'transfer':
        return payoutsQueries.paidByTransferIds(db(), ids);
    }
  }

  /** What the books keep as moved through the provider between two moments: kind, provider id, amount. */
  async function booksBetween(since: Date, until: Date) {
    const [charges, refunds, disputes, transfers] = await Promise.all([
      paymentsQueries.capturedBetween(db(), provider.name, since, until),
      refundsQueries.providerRefundsBetween(db(), since, until),
      refundsQueries.lostDisputesBetween(db(), since, until),
      payoutsQueries.paidBetween(db(), since, until),
    ]);
    const moved: Array<{ kind: Kind; id: string; amount: number }> = [];
    for (const row of charges)
      if (row.providerPaymentId)
        moved.push({ kind: 'charge', id: row.providerPaymentId, amount: row.amount });
    for (const row of refunds)
      if (row.providerRefundId) moved.push({ kind: 'refund', id: row.providerRefundId, amount: row.amount });
    for (const row of disputes)
      moved.push({ kind: 'dispute', id: row.providerDisputeId, amount: row.amount });
    for (const row of transfers)
      if (row.transferId) moved.push({ kind: 'transfer', id: row.transferId, amount: row.amount });
    return moved;
  }

  /**
   * Refunds of payments we gave back whole (a gift that could not be made after its charge) are the
   * provider's with no refund of ours: they agree when the payment is kept as given back.
   */
  async function givenBack(records: ProviderRecord[]): Promise<Set<string>> {
    const payments = await paymentsQueries.byProviderIds(
      db(),
      provider.name,
      records.filter((r) => r.kind === 'refund' && r.paymentId).map((r) => r.paymentId as string),
    );
    return new Set(
      records
        .filter((r) => r.kind === 'refund' && r.paymentId && payments.get(r.paymentId)?.status === 'refunded')
        .map((r) => r.id),
    );
  }

  return {
    /** The daily round: compares the window just past, records each disagreement, resolves those that agree now. */
    async run(): Promise<{ records: number; mismatches: number }> {
      const until = ctx.now();
      const since = new Date(until.getTime() - WINDOW_MS);
      const records = await provider.listRecords(since, until);
      const kept = new Map<Kind, Map<string, number>>();
      for (const kind of ['charge', 'refund', 'dispute', 'transfer'] as const)
        kept.set(
          kind,
          await booksOf(
            kind,
            records.filter((r) => r.kind === kind).map((r) => r.id),
          ),
        );
      const back = await givenBack(records);
      const mismatches: Mismatch[] = [];
      const agreeing: Array<{ kind: Kind; providerId: string }> = [];
      for (const record of records) {
        const books = kept.get(record.kind)?.get(record.id);
        const base = {
          kind: record.kind,
          providerId: record.id,
          providerAmount: record.amount,
          paymentId: record.paymentId,
        };
        if (books === undefined && !back.has(record.id))
          mismatches.push({ ...base, problem: 'missing_in_books', booksAmount: null });
        else if (books !== undefined && books !== record.amount)
          mismatches.push({ ...base, problem: 'amount_differs', booksAmount: books });
        else agreeing.push({ kind: record.kind, providerId: record.id });
      }
      // The other way: what the books keep that the provider has no record of (read with a margin).
      const wide = await provider.listRecords(
        new Date(since.getTime() - MARGIN_MS),
        new Date(until.getTime() + MARGIN_MS),
      );
      const atProvider = new Set(wide.map((r) => `${r.kind}:${r.id}`));
      for (const moved of await booksBetween(since, until))
        if (!atProvider.has(`${moved.kind}:${moved.id}`))
          mismatches.push({
            kind: moved.kind,
            providerId: moved.id,
            problem: 'missing_at_provider',
            providerAmount: null,
            booksAmount: moved.amount,
            paymentId: null,
          });
      const at = ctx.now();
      await db().transaction(async (tx) => {
        for (const mismatch of mismatches) await reconciliationRepository.upsert(tx, mismatch, at);
        await reconciliationRepository.resolve(tx, agreeing, at);
        await reconciliationRepository.insertRun(tx, {
          provider: provider.name,
          since,
          until,
          providerRecords: records.length,
          matched: agreeing.length,
          mismatches: mismatches.length,
          ranAt: at,
        });
      });
      return { records: records.length, mismatches: mismatches.length };
    },

    /** GET /admin/reconciliation: the last run and every disagreement still open. */
    async report(auth: AuthUser | null) {
      await ctx.access.require(auth, Permission.PlatformPayoutsRead);
      const [run, open] = await Promise.all([
        reconciliationRepository.lastRun(db()),
        reconciliationRepository.open(db()),
      ]);
      return {
        last_run: run
          ? {
              ran_at: run.ranAt.toISOString(),
              since: run.since.toISOString(),
              until: run.until.toISOString(),
              provider: run.provider,
              provider_records: run.providerRecords,
              matched: run.matched,
              mismatches: run.mismatches,
            }
          : null,
        mismatches: open.map((row) => ({
          id: row.id,
          kind: row.kind,
          provider_id: row.providerId,
          problem: row.problem,
          provider_amount: row.providerAmount,
          books_amount: row.booksAmount,
          payment_id: row.paymentId,
          first_seen_at: row.firstSeenAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
        })),
      };
    },
  };
}
export type ReconciliationService = ReturnType<typeof reconciliationService>;
