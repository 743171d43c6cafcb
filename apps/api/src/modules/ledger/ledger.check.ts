import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface LedgerProblem {
  rule: string;
  detail: unknown;
}

const RULES: Array<{ rule: string; query: ReturnType<typeof sql> }> = [
  {
    rule: 'entries of each transaction sum to zero',
    query: sql`select transaction_id, sum(amount)::text as sum from ledger_entries group by transaction_id having sum(amount) <> 0`,
  },
  {
    rule: 'each transaction has at least two entries',
    query: sql`select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id group by t.id having count(e.id) < 2`,
  },
  {
    rule: 'all balances per currency sum to zero',
    query: sql`select currency, sum(balance)::text as sum from ledger_accounts group by currency having sum(balance) <> 0`,
  },
  {
    rule: 'each cached balance equals the sum of its entries',
    query: sql`select a.id, a.balance::text as balance, coalesce(e.total, 0)::text as entries
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.total, 0)`,
  },
  {
    rule: 'no negative wallet, credits or held balance',
    query: sql`select id, owner_type, owner_id, kind, balance::text as balance from ledger_accounts
      where balance < 0 and (not allow_negative or kind in ('wallet', 'credits', 'held'))`,
  },
  {
    // docs/product/donations.md#statuses and refunds-and-disputes.md: a funds donation at 80 or 85
    // rests in the project's or charity's funds, less what was refunded, with what is set aside for
    // a dispute or a card's refund in their held balance (and what the platform paid back from its
    // own funds counted against it); one at 20 or 40 rests in its donor's held balance, less what
    // was refunded; one at 90 rests nowhere; offers of time and goods move no money.
    rule: "each donation's ledger movements match its status",
    query: sql`select id, type, status, amount::text as amount, refunded::text as refunded,
        given::text as given, donor_held::text as donor_held
      from (
        select d.id, d.type, d.status, d.amount, d.refunded_amount as refunded, count(t.id) as movements,
          coalesce(sum(e.amount) filter (where a.kind in ('project_funds', 'charity_funds', 'losses')
            or (a.kind = 'held' and a.owner_type in ('project', 'charity'))), 0) as given,
          coalesce(sum(e.amount) filter (where a.kind = 'held' and a.owner_type not in ('project', 'charity')), 0) as donor_held
        from donations d
        left join ledger_transactions t on t.donation_id = d.id
        left join ledger_entries e on e.transaction_id = t.id
        left join ledger_accounts a on a.id = e.account_id
        group by d.id
      ) moved
      where (type = 2 and status in (80, 85) and (given <> amount - refunded or donor_held <> 0))
         or (type = 2 and status in (20, 40) and (given <> 0 or donor_held <> amount - refunded))
         or (type = 2 and status = 90 and (given <> 0 or donor_held <> 0))
         or (type = 2 and status = 30)
         or (type <> 2 and movements > 0)`,
  },
  {
    // A refund that gave money back took exactly its amount from where the gift's money was; one
    // pending or failed gave nothing back.
    rule: 'each refund balances',
    query: sql`select r.id, r.status, r.amount::text as amount, coalesce(sum(e.amount), 0)::text as taken
      from donation_refunds r
      left join ledger_transactions t on t.kind = 'refund' and t.reference->>'refund_id' = r.id::text
      left join ledger_entries e on e.transaction_id = t.id
        and e.account_id in (select id from ledger_accounts
          where kind in ('project_funds', 'charity_funds', 'held', 'losses'))
      group by r.id
      having (r.status = 'succeeded' and coalesce(sum(e.amount), 0) <> -r.amount)
          or (r.status <> 'succeeded' and coalesce(sum(e.amount), 0) <> 0)`,
  },
  {
    // A card's refund on its way is set aside once; one finished or refused has nothing left aside.
    rule: 'each refund to a card is set aside while pending, and no longer after',
    query: sql`select r.id, r.status, r.amount::text as amount, coalesce(sum(e.amount), 0)::text as aside
      from donation_refunds r
      left join ledger_transactions t on t.reference->>'refund_id' = r.id::text
        and t.kind in ('refund_hold', 'refund_release', 'refund')
      left join ledger_entries e on e.transaction_id = t.id
        and e.account_id in (select id from ledger_accounts where kind = 'held' and owner_type in ('project', 'charity'))
      where r.held_owner_type is not null
      group by r.id
      having (r.status = 'pending' and coalesce(sum(e.amount), 0) <> r.amount)
          or (r.status <> 'pending' and coalesce(sum(e.amount), 0) <> 0)`,
  },
  {
    // An open dispute's money is set aside; a closed one was released (won) or refunded (lost).
    rule: 'each dispute is held while open, then released or refunded',
    query: sql`select p.id, p.status, p.held_amount::text as held_amount, coalesce(sum(e.amount), 0)::text as aside
      from donation_disputes p
      left join ledger_transactions t on t.reference->>'dispute_id' = p.id::text
        and t.kind in ('dispute_hold', 'dispute_release')
      left join ledger_entries e on e.transaction_id = t.id
        and e.account_id in (select id from ledger_accounts where kind = 'held' and owner_type in ('project', 'charity'))
      group by p.id
      having (p.status = 'open' and coalesce(sum(e.amount), 0) <> p.held_amount)
          or (p.status = 'won' and coalesce(sum(e.amount), 0) <> 0)
          or (p.status = 'lost' and p.held_amount > 0 and not exists (select 1 from donation_refunds r
                where r.donation_id = p.donation_id and r.origin = 'dispute' and r.status = 'succeeded'))`,
  },
  {
    // docs/product/payouts-and-reconciliation.md: a payout's money waits in the charity's payout
    // balance from its request until it is paid (then it left through the provider) or failed (then
    // it went back); its gifts never add up to more than it pays.
    rule: 'each payout balances',
    query: sql`select p.id, p.status, p.amount::text as amount, coalesce(w.waiting, 0)::text as waiting,
        coalesce(o.paid, 0)::text as paid, coalesce(i.items, 0)::text as items
      from payouts p
      left join (select (t.reference->>'payout_id')::bigint as payout_id, sum(e.amount) as waiting
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'payout'
        where t.reference ? 'payout_id' group by 1) w on w.payout_id = p.id
      left join (select (t.reference->>'payout_id')::bigint as payout_id, sum(e.amount) as paid
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'provider'
        where t.kind = 'payout_paid' group by 1) o on o.payout_id = p.id
      left join (select payout_id, sum(amount) as items from payout_items group by payout_id) i on i.payout_id = p.id
      where (p.status in ('requested', 'approved') and (coalesce(w.waiting, 0) <> p.amount or coalesce(o.paid, 0) <> 0))
         or (p.status = 'paid' and (coalesce(w.waiting, 0) <> 0 or coalesce(o.paid, 0) <> p.amount))
         or (p.status = 'failed' and (coalesce(w.waiting, 0) <> 0 or coalesce(o.paid, 0) <> 0))
         or coalesce(i.items, 0) > p.amount`,
  },
  {
    rule: 'each idempotency key used once',
    query: sql`select scope, key, count(*)::int as uses from idempotency_keys group by scope, key having count(*) > 1`,
  },
  {
    rule: 'each provider payment credited at most once',
    query: sql`select reference->>'payment_id' as payment_id, count(*)::int as credits from ledger_transactions
      where kind = 'deposit' and reference ? 'payment_id' group by reference->>'payment_id' having count(*) > 1`,
  },
];

/** The ledger's invariants (issue: money). An empty list means the books balance. */
export async function checkLedger(db: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const { rule, query } of RULES) {
    const result = await db.execute(query);
    const rows = (result as unknown as { rows: unknown[] }).rows;
    for (const row of rows) problems.push({ rule, detail: row });
  }
  return problems;
}
