import { formatMoney } from '@kindred/shared';
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organisationMoneyQueries } from '@/entities/organisation';

export interface MatchingNoteProps {
  /** The gift in minor units; null while the amount is not a valid one. */
  amount: number | null;
  currency: string;
}

/**
 * Under the amount of a one-off gift from one's own wallet: what one's organisation adds to it
 * ("Acme Ltd will match this gift with ₹500."), within its ratio, one's yearly cap and its budget
 * left. Nothing when no organisation would add anything.
 */
export function MatchingNote({ amount, currency }: MatchingNoteProps) {
  const [debounced] = useDebouncedValue(amount, 300);
  const preview = useQuery({
    ...organisationMoneyQueries.matchingPreview(debounced ?? 0),
    enabled: debounced !== null && debounced > 0,
    placeholderData: keepPreviousData,
  });
  const items = amount !== null && amount > 0 ? (preview.data?.items ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Text size="sm" c="teal.9" role="status" aria-live="polite" data-testid="matching-note">
      {items
        .map(
          (item) => `${item.business.name} will match this gift with ${formatMoney(item.amount, currency)}.`,
        )
        .join(' ')}
    </Text>
  );
}
