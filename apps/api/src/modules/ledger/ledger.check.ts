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
    // docs/product/donations.md#statuses: a funds donation at 80 or 85 rests whole in the project's
    // or charity's funds, one at 40 whole in its donor's held balance, one at 90 moved nothing or
    // was returned whole; offers of time and goods move no money.
    rule: "each donation's ledger movements match its status",
    query: sql`select id, type, status, amount::text as amount, delivered::text as delivered, held::text as held
      from (
        select d.id, d.type, d.status, d.amount, count(t.id) as movements,
          coalesce(sum(e.amount) filter (where a.kind in ('project_funds', 'charity_funds')), 0) as delivered,
          coalesce(sum(e.amount) filter (where a.kind = 'held'), 0) as held
        from donations d
        left join ledger_transactions t on t.donation_id = d.id
        left join ledger_entries e on e.transaction_id = t.id
        left join ledger_accounts a on a.id = e.account_id
        group by d.id
      ) moved
      where (type = 2 and status in (80, 85) and (delivered <> amount or held <> 0))
         or (type = 2 and status in (20, 40) and (delivered <> 0 or held <> amount))
         or (type = 2 and status = 90 and (delivered <> 0 or held <> 0))
         or (type = 2 and status = 30)
         or (type <> 2 and movements > 0)`,
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
