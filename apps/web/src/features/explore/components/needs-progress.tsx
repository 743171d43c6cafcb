import { Progress, Stack, Text } from '@mantine/core';
import { type NeedTotals, needsProgress } from '../progress';

export interface NeedsProgressProps {
  totals: NeedTotals;
  currency?: string;
  size?: 'sm' | 'md';
}

/** One labelled bar per need: '₹3,000 of ₹10,000 raised', '13 of 40 volunteering hours pledged'. */
export function NeedsProgress({ totals, currency, size = 'sm' }: NeedsProgressProps) {
  const needs = needsProgress(totals, currency);
  if (needs.length === 0) return null;
  return (
    <Stack gap={size === 'sm' ? 6 : 'sm'}>
      {needs.map((need) => (
        <div key={need.kind} data-need={need.name}>
          <Text size={size} mb={4}>
            {need.text}
          </Text>
          <Progress.Root size={size === 'sm' ? 'sm' : 'lg'}>
            <Progress.Section value={need.percent} color="indigo.8" aria-label={need.text} />
          </Progress.Root>
        </div>
      ))}
    </Stack>
  );
}
