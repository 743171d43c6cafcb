import { type Donation, formatMoney, GIVING_TYPE } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import {
  DonationStatusBadge,
  donationTypeLabel,
  donationWhat,
  MoneyBackDetails,
  ReceiptButton,
} from '@/entities/donation';
import { showDate } from '@/lib/format';
import { declineReason, hasReceipt } from '../lib/donation';
import { RefundRequestAction } from './refund-request-action';

/** Where the gift went: the project (with its charity) or the charity itself, as links. */
export function DonationTarget({ donation }: { donation: Pick<Donation, 'project' | 'charity'> }) {
  return (
    <Text size="sm">
      {donation.project ? (
        <>
          {'To '}
          <Anchor component={Link} to={`/projects/${donation.project.id}`}>
            {donation.project.title}
          </Anchor>
          {' by '}
        </>
      ) : (
        'Directly to '
      )}
      <Anchor component={Link} to={`/charities/${donation.charity.id}`}>
        {donation.charity.name}
      </Anchor>
    </Text>
  );
}

function isTime(donation: Donation): boolean {
  return donation.type === GIVING_TYPE.volunteering || donation.type === GIVING_TYPE.skilledVolunteering;
}

/**
 * One donation in a list: what, to whom, when, its status, its receipt, its refunds with their
 * credit notes (a dispute, a request for a refund), asking for a refund, and its details.
 */
export function DonationCard({
  donation,
  onOpen,
  extra,
}: {
  donation: Donation;
  /** Opens the donation's details (its history). */
  onOpen: (id: number) => void;
  extra?: ReactNode;
}) {
  const what = donationWhat(donation);
  const reason = donation.status === 90 ? declineReason(donation) : null;
  const details = useRef<HTMLButtonElement>(null);
  return (
    <Paper component="li" withBorder p="md" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{what}</Text>
            <Text size="sm" c="dimmed">
              {donationTypeLabel(donation.type)}
              {donation.subscription_id ? ' · recurring' : ''}
            </Text>
          </Group>
          <DonationTarget donation={donation} />
          <Text size="sm" c="dimmed">
            {`Made ${showDate(donation.created_at)}`}
            {isTime(donation) && donation.date ? ` · on ${showDate(donation.date)}` : ''}
            {donation.gift_aid_amount > 0 ? ` · Gift Aid adds ${formatMoney(donation.gift_aid_amount)}` : ''}
          </Text>
          {isTime(donation) ? (
            <Text size="sm">
              {`Pledged ${donation.hours ?? 0} hours · confirmed ${donation.confirmed_hours === null ? '—' : `${donation.confirmed_hours} hours`}`}
            </Text>
          ) : null}
          {reason ? <Text size="sm">{`Reason: ${reason}`}</Text> : null}
          <MoneyBackDetails donation={donation} viewer="giver" />
          {extra}
        </Stack>
        <Stack gap="xs" align="flex-end" ml="auto">
          <DonationStatusBadge donation={donation} />
          <Group gap="xs" justify="flex-end">
            <RefundRequestAction
              donation={donation}
              // The button goes once asked: focus moves on to the gift's Details.
              onSent={() => setTimeout(() => details.current?.focus(), 0)}
            />
            {hasReceipt(donation) ? (
              <ReceiptButton donationId={donation.id} receiptNumber={donation.receipt_number} />
            ) : null}
            <Button
              ref={details}
              size="xs"
              variant="light"
              onClick={() => onOpen(donation.id)}
              aria-label={`Details of ${what} to ${donation.project?.title ?? donation.charity.name}`}
            >
              Details
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A list of donation cards. */
export function DonationList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={label}>
      {children}
    </Stack>
  );
}
