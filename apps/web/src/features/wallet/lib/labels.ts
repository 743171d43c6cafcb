import {
  DIRECT_DEBIT_TYPES,
  FREQUENCIES,
  type HeldGiftState,
  type HistoryItem,
  labelOf,
} from '@kindred/shared';

/** Names of the ledger transaction kinds people see in their history. */
export const KIND_LABELS: Record<string, string> = {
  deposit: 'Top-up',
  admin_deposit: 'Deposit by Kindred',
  admin_credits: 'Credits from Kindred',
  transfer: 'Transfer',
  donation: 'Gift',
  donation_hold: 'Gift held first',
  donation_capture: 'Held gift given',
  donation_release: 'Held gift released',
  donation_refund: 'Gift returned',
  subscription_invoice: 'Subscription invoice',
  subscription_direct_debit: 'Subscription by direct debit',
  charity_subscription: 'Charity subscription',
};

/** The kinds offered by the history's type filter (a held gift's one line is its hold). */
export const KIND_FILTERS = [
  'deposit',
  'admin_deposit',
  'admin_credits',
  'transfer',
  'donation',
  'donation_hold',
  'donation_refund',
  'subscription_invoice',
];

/** The colour of a held gift's state badge. */
export const HELD_GIFT_STATE_COLORS: Record<HeldGiftState, string> = {
  held_signoff: 'yellow.9',
  held_review: 'yellow.9',
  given: 'teal.9',
  released: 'dark',
};

/** 'some_kind' -> 'Some kind' for kinds not named above (later capabilities add kinds). */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}

export const ACCOUNT_LABELS: Record<HistoryItem['account'], string> = {
  wallet: 'Wallet',
  credits: 'Credits',
  held: 'Held',
};

export function frequencyLabel(code: number): string {
  return labelOf(FREQUENCIES, code) ?? `Every period (${code})`;
}

export function directDebitTypeLabel(code: number): string {
  return code === 1 ? 'Wallet top-up' : (labelOf(DIRECT_DEBIT_TYPES, code) ?? `Type ${code}`);
}

export const DIRECT_DEBIT_STATUS: Record<
  'active' | 'cancelled' | 'failed',
  { label: string; color: string }
> = {
  active: { label: 'Active', color: 'teal.9' },
  cancelled: { label: 'Cancelled', color: 'dark' },
  failed: { label: 'Failed', color: 'red.9' },
};
