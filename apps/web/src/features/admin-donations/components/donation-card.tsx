import { type Donation, formatMoney, TRANSACTION_STATUS } from '@kindred/shared';
import { Anchor, Button, Checkbox, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { publicCharityPath } from '@/entities/charity';
import { donationWhat, isRefundable, MoneyBackDetails } from '@/entities/donation';
import { publicProjectPath } from '@/entities/project';
import { showDateTime } from '@/lib/format';
import type { SandboxEventAnswer } from '../api/raise-sandbox-event';
import { nextStep, paidFrom, queueReason, type StandingContext, standing, waitingFor } from '../lib/queue';
import { SandboxPanel } from './sandbox-panel';

export interface DonationCardProps {
  donation: Donation;
  /** Null when the viewer may only look (an Employee). */
  selection: { selected: boolean; onToggle: (selected: boolean) => void } | null;
  onReject: (() => void) | null;
  /** Opens the refund dialog; null when the viewer may only look. */
  onRefund: (() => void) | null;
  /** A sandbox event changed the gift (null: no sandbox panel, the viewer may only look). */
  onSandboxEvent: ((answer: SandboxEventAnswer) => void) | null;
  /** Where it is shown: the queue (the default), or found by its number, in the queue or not. */
  context?: StandingContext;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** A button of the card that acts on its donation, named with the donation's number. */
function CardAction({
  action,
  donationId,
  onClick,
  danger = false,
}: {
  action: 'Refund' | 'Reject';
  donationId: number;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="default"
      c={danger ? 'red.9' : undefined}
      onClick={onClick}
      aria-label={`${action} donation #${donationId}`}
    >
      {action}
    </Button>
  );
}

/**
 * One donation of the platform's queue: who gave what to whom, how long it has waited, its
 * history, its refunds and dispute; refunding it, and on a gift by card the sandbox's provider events.
 */
export function DonationCard({
  donation,
  selection,
  onReject,
  onRefund,
  onSandboxEvent,
  context = 'queue',
}: DonationCardProps) {
  const what = donationWhat(donation);
  // The same gift may show twice (in the queue and found by its number): each card its own id.
  const titleId = useId();
  const held = donation.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval;
  const queued = held || donation.status === TRANSACTION_STATUS.approved;
  const refundable = onRefund !== null && isRefundable(donation);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {selection ? (
              <Checkbox
                mt={4}
                checked={selection.selected}
                onChange={(event) => selection.onToggle(event.currentTarget.checked)}
                aria-label={`Select donation #${donation.id}: ${what} from ${donation.donor.name}`}
              />
            ) : null}
            <Stack gap={2}>
              <Title order={2} size="h4" id={titleId}>
                {what} from {donation.donor.name}
                {donation.donor.kind === 'business' ? ' (organisation)' : ''}
              </Title>
              <Text size="sm">
                {donation.project ? (
                  <>
                    To{' '}
                    <Anchor component={Link} to={publicProjectPath(donation.project.id)}>
                      {donation.project.title}
                    </Anchor>{' '}
                    of{' '}
                    <Anchor component={Link} to={publicCharityPath(donation.charity.id)}>
                      {donation.charity.name}
                    </Anchor>
                  </>
                ) : (
                  <>
                    Directly to{' '}
                    <Anchor component={Link} to={publicCharityPath(donation.charity.id)}>
                      {donation.charity.name}
                    </Anchor>
                  </>
                )}
              </Text>
            </Stack>
          </Group>
          <WrappingBadge
            color={held || donation.status === TRANSACTION_STATUS.canceled ? 'red.9' : 'teal.9'}
            variant="filled"
            style={{ flexShrink: 0 }}
          >
            {queued ? queueReason(donation) : donation.status_label}
          </WrappingBadge>
        </Group>

        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Fact label="Amount">{donation.amount === null ? '—' : formatMoney(donation.amount)}</Fact>
          <Fact label="Gift Aid">
            {donation.gift_aid ? `Yes, +${formatMoney(donation.gift_aid_amount)}` : 'No'}
          </Fact>
          <Fact label="Paid from">{paidFrom(donation)}</Fact>
          {queued ? (
            <Fact label="Waiting">
              <time dateTime={donation.created_at} title={showDateTime(donation.created_at)}>
                {waitingFor(donation.created_at)}
              </time>
            </Fact>
          ) : (
            <Fact label="Given">
              <time dateTime={donation.created_at}>{showDateTime(donation.created_at)}</time>
            </Fact>
          )}
        </SimpleGrid>

        {donation.message ? (
          <Text size="sm">
            <Text span fw={600}>
              Message:
            </Text>{' '}
            “{donation.message}”
          </Text>
        ) : null}

        <MoneyBackDetails donation={donation} viewer="staff" />

        {onSandboxEvent ? <SandboxPanel donation={donation} onChanged={onSandboxEvent} /> : null}

        <details>
          <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
            History of donation #{donation.id} ({donation.history.length}{' '}
            {donation.history.length === 1 ? 'change' : 'changes'})
          </Text>
          <List size="sm" mt="xs" spacing={4}>
            {donation.history.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never move.
              <List.Item key={index}>
                <Text span size="sm" fw={600}>
                  {entry.status_label}
                </Text>
                {' · '}
                <time dateTime={entry.at}>{showDateTime(entry.at)}</time>
                {` · ${entry.by ? `by ${entry.by.name}` : 'by Kindred'}`}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </List.Item>
            ))}
          </List>
        </details>

        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 14rem' }}>
            {standing(donation, context)}
            {selection ? ` ${nextStep(donation)}` : null}
          </Text>
          <Group gap="xs">
            {refundable ? <CardAction action="Refund" donationId={donation.id} onClick={onRefund} /> : null}
            {onReject ? (
              <CardAction action="Reject" donationId={donation.id} onClick={onReject} danger />
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
