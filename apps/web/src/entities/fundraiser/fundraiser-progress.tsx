import { Group, Progress, Stack, Text } from '@mantine/core';
import { giftsText, percentRaised, raisedText, timeLeftText } from './fundraiser-format';

export interface FundraiserProgressProps {
  page: { raised: number; target: number; gifts: number; end_date: string; ended: boolean };
  /** Today ('YYYY-MM-DD'), for the days left. */
  today: string;
  /** 'lg' on the page itself (the amount raised large), 'sm' on a card. */
  size?: 'sm' | 'lg';
}

/**
 * A page's progress toward its target: what it raised of the target, a bar, its gifts and the
 * days left (or that it ended).
 */
export function FundraiserProgress({ page, today, size = 'sm' }: FundraiserProgressProps) {
  const percent = percentRaised(page.raised, page.target);
  const raised = raisedText(page.raised, page.target);
  const facts = `${giftsText(page.gifts)} · ${timeLeftText(page, today)}`;
  return (
    <Stack gap={size === 'lg' ? 'xs' : 4} data-testid="fundraiser-progress">
      <Text size={size === 'lg' ? 'lg' : 'sm'} fw={size === 'lg' ? 600 : undefined}>
        {raised}
      </Text>
      <Progress.Root size={size === 'lg' ? 'xl' : 'sm'}>
        <Progress.Section value={percent} color="indigo.8" aria-label={`${raised} (${percent}%)`} />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{facts}</Text>
        {size === 'lg' ? <Text size="sm">{`${percent}% of the target`}</Text> : null}
      </Group>
    </Stack>
  );
}
