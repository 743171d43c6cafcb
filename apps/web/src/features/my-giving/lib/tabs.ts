/** The tabs of My giving, in order; the active one is `?tab=` in the URL. */
export const GIVING_TABS = [
  { value: 'donations', label: 'Donations' },
  { value: 'subscriptions', label: 'Recurring' },
  { value: 'volunteering', label: 'Volunteering' },
  { value: 'totals', label: 'Totals' },
  { value: 'statements', label: 'Receipts & statements' },
  { value: 'gift-aid', label: 'Gift Aid' },
] as const;
export type GivingTab = (typeof GIVING_TABS)[number]['value'];

export function tabOf(params: URLSearchParams): GivingTab {
  const value = params.get('tab');
  return GIVING_TABS.some((t) => t.value === value) ? (value as GivingTab) : 'donations';
}
