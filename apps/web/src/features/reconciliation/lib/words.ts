import { formatMoney } from '@kindred/shared';
import { showDate } from '@/lib/format';
import type { Mismatch, ReconciliationRun } from '../api/get-reconciliation';

/*
 * The reconciliation in a platform admin's words (docs/product/payouts-and-reconciliation.md):
 * the last run in one sentence, and each disagreement: what it is and what is wrong with it.
 */

/** When the daily round runs (the API's scheduled job 'reconciliation', 30 5 * * *). */
export const RUNS_AT = '05:30';

/** The provider by name: 'the sandbox', 'Stripe'. */
export function providerName(provider: string): string {
  if (provider === 'sandbox') return 'the sandbox';
  if (provider === 'stripe') return 'Stripe';
  return provider;
}

/** Two instants as days: '29 Nov to 2 Dec 2026', the year once when both share it. */
export function dayRange(since: string, until: string): string {
  const from = showDate(since);
  const to = showDate(until);
  const year = to.slice(-5);
  return `${from.endsWith(year) ? from.slice(0, -5) : from} to ${to}`;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * The last run in one sentence: 'Checked 7 records of the sandbox from 29 Nov to 2 Dec 2026: all 7
 * agree.' or '…: 2 disagree.'
 */
export function runSentence(run: ReconciliationRun): string {
  const checked = `Checked ${count(run.provider_records, 'record', 'records')} of ${providerName(run.provider)} from ${dayRange(run.since, run.until)}`;
  if (run.mismatches > 0)
    return `${checked}: ${run.mismatches.toLocaleString('en-GB')} disagree${run.mismatches === 1 ? 's' : ''}.`;
  if (run.provider_records === 0) return `${checked}: there was nothing to compare, and nothing disagrees.`;
  if (run.provider_records === 1) return `${checked}: it agrees.`;
  return `${checked}: all ${run.provider_records.toLocaleString('en-GB')} agree.`;
}

/** What a disagreement is about, as the list names it. */
export const KIND_LABELS: Record<Mismatch['kind'], string> = {
  charge: 'Charge',
  refund: 'Refund',
  dispute: 'Dispute lost',
  transfer: 'Payout transfer',
};

/** What the provider did that the books do not know about, with its amount in place of `%`. */
const AT_PROVIDER: Record<Mismatch['kind'], string> = {
  charge: 'The provider charged % the books do not know about',
  refund: 'The provider refunded % the books do not know about',
  dispute: 'The provider gave back % for a lost dispute the books do not know about',
  transfer: 'The provider paid out % the books do not know about',
};

/** What the books keep that the provider has no record of. */
const IN_BOOKS: Record<Mismatch['kind'], string> = {
  charge: 'a card payment',
  refund: 'a refund',
  dispute: 'a lost dispute',
  transfer: 'a payout',
};

/**
 * The problem in words: 'The provider refunded ₹5 the books do not know about', 'The books keep
 * ₹30.01, the provider ₹30', 'The books keep a payout of ₹30 the provider has no record of'.
 */
export function problemSentence(mismatch: Mismatch, currency: string): string {
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, currency));
  const provider = money(mismatch.provider_amount);
  const books = money(mismatch.books_amount);
  switch (mismatch.problem) {
    case 'missing_in_books':
      return AT_PROVIDER[mismatch.kind].replace('%', provider ?? 'an amount');
    case 'missing_at_provider':
      return `The books keep ${IN_BOOKS[mismatch.kind]}${books ? ` of ${books}` : ''} the provider has no record of`;
    case 'amount_differs':
      return `The books keep ${books ?? 'no amount'}, the provider ${provider ?? 'none'}`;
  }
}
