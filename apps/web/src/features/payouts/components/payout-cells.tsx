import { formatMoney, type Payout } from '@kindred/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { TableColumn } from '@/components/ui/responsive-table';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { showDate } from '@/lib/format';
import { giftsCount, PAYOUT_STATUS, payoutWhen } from '../lib/status';
import { StatementButtons } from './statement-buttons';

/** A payout's status badge, marked when the charity's schedule made it. */
export function PayoutStatusBadges({ payout }: { payout: Payout }) {
  const status = PAYOUT_STATUS[payout.status];
  return (
    <Group gap={4} wrap="wrap">
      <WrappingBadge color={status.color} variant="filled">
        {status.label}
      </WrappingBadge>
      {payout.scheduled ? (
        <WrappingBadge color="gray.8" variant="outline">
          Scheduled
        </WrappingBadge>
      ) : null}
    </Group>
  );
}

/** What the provider or the platform admin said: the transfer id once paid, or why it failed. */
export function PayoutOutcome({ payout }: { payout: Payout }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{payoutWhen(payout)}</Text>
      {payout.transfer_id ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Transfer <code>{payout.transfer_id}</code>
        </Text>
      ) : null}
      {payout.failure_message ? (
        <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {payout.failure_message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The columns every payout list shows: when, how much, its status and outcome, its gifts and statements. */
export function payoutColumns(): TableColumn<Payout>[] {
  return [
    { header: 'Asked for', rowHeader: true, cell: (payout) => showDate(payout.created_at) },
    { header: 'Amount', cell: (payout) => formatMoney(payout.amount) },
    { header: 'Status', cell: (payout) => <PayoutStatusBadges payout={payout} /> },
    { header: 'What happened', cell: (payout) => <PayoutOutcome payout={payout} /> },
    { header: 'Gifts', cell: (payout) => giftsCount(payout.gifts) },
    { header: 'Statement', cell: (payout) => <StatementButtons payout={payout} /> },
  ];
}
