import { DONATION_METHOD, type Donation, TRANSACTION_STATUS } from '@kindred/shared';
import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import {
  DonationStatusBadge,
  donationTypeLabel,
  donationWhat,
  GiftFundraiser,
  isRefundable,
  MoneyBackDetails,
} from '@/entities/donation';
import { showDate } from '@/lib/format';
import { ListCard } from './list-card';
import { RefundDialog } from './refund-dialog';

export interface DonationCardProps {
  donation: Donation;
  /** When given, the card has a checkbox to choose it for a bulk action. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
  /** Hide the project's name (on the project's own screen). */
  hideProject?: boolean;
  /** The viewer may refund the charity's gifts: a gift that can take one has a Refund button. */
  mayRefund?: boolean;
}

/** The latest reason given for a status change (a rejection's reason). */
function latestReason(donation: Donation): string | null {
  for (let index = donation.history.length - 1; index >= 0; index -= 1) {
    const reason = donation.history[index]?.reason;
    if (reason) return reason;
  }
  return null;
}

/** One donation as the charity sees it: who, what, where to, its status and its dates. */
export function DonationCard({
  donation,
  selection,
  hideProject = false,
  mayRefund = false,
}: DonationCardProps) {
  const [refunding, setRefunding] = useState(false);
  const what = donationWhat(donation);
  const titleId = `donation-${donation.id}-title`;
  const reason = donation.status === TRANSACTION_STATUS.canceled ? latestReason(donation) : null;
  return (
    <ListCard titleId={titleId} testId={`donation-${donation.id}`}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {selection ? (
          <Checkbox
            mt={4}
            checked={selection.selected}
            onChange={(event) => selection.onChange(event.currentTarget.checked)}
            aria-label={`Choose ${what} from ${donation.donor.name}`}
          />
        ) : null}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            {/* A skill's label ("Arts/Music/Drama/Dance/Crafts") breaks rather than widening a phone's screen. */}
            <Text fw={700} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {what} from {donation.donor.name}
            </Text>
            <DonationStatusBadge donation={donation} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" color="dark">
              {donationTypeLabel(donation.type)}
            </Badge>
            {donation.gift_aid ? (
              <Badge variant="outline" color="dark">
                Gift Aid
              </Badge>
            ) : null}
            {donation.anonymous ? (
              <Badge variant="outline" color="dark">
                Anonymous to the public
              </Badge>
            ) : null}
            {donation.subscription_id ? (
              <Badge variant="outline" color="dark">
                Recurring
              </Badge>
            ) : null}
            <DisputeBadge donation={donation} />
          </Group>
          <Text size="sm">
            {hideProject
              ? null
              : donation.method === DONATION_METHOD.direct || !donation.project
                ? 'Given directly to the charity · '
                : `To ${donation.project.title} · `}
            Given {showDate(donation.created_at)}
            {donation.date ? ` · On ${showDate(donation.date)}` : ''}
            {donation.confirmed_hours !== null ? ` · ${donation.confirmed_hours} hours confirmed` : ''}
          </Text>
          <GiftFundraiser donation={donation} />
          {donation.description ? <Text size="sm">{donation.description}</Text> : null}
          {donation.message ? (
            <Text size="sm" fs="italic">
              “{donation.message}”
            </Text>
          ) : null}
          {reason ? <Text size="sm">Reason: {reason}</Text> : null}
          <MoneyBackDetails donation={donation} viewer="staff" />
          {mayRefund && isRefundable(donation) ? (
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => setRefunding(true)}
                aria-label={`Refund ${what} from ${donation.donor.name}`}
              >
                Refund…
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
      {refunding ? <RefundDialog donation={donation} onClose={() => setRefunding(false)} /> : null}
    </ListCard>
  );
}

const DISPUTE_BADGES = {
  open: { label: 'Disputed by the giver’s bank', color: 'red.9', variant: 'filled' },
  won: { label: 'Dispute won', color: 'teal.9', variant: 'filled' },
  lost: { label: 'Dispute lost', color: 'dark', variant: 'outline' },
} as const;

/** The card payment's dispute by the giver's bank: open, or how it ended. */
function DisputeBadge({ donation }: { donation: Donation }) {
  if (!donation.dispute) return null;
  const look = DISPUTE_BADGES[donation.dispute.status];
  return (
    <WrappingBadge color={look.color} variant={look.variant} radius="sm">
      {look.label}
    </WrappingBadge>
  );
}
