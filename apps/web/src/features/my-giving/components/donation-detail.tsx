import { formatMoney, GIVING_TYPE } from '@kindred/shared';
import { Group, Modal, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailedState, LoadingState } from '@/components/ui/states';
import {
  DonationStatusBadge,
  donationQueries,
  donationTypeLabel,
  donationWhat,
  GiftFundraiser,
  MoneyBackDetails,
  ReceiptButton,
} from '@/entities/donation';
import { showDate, showDateTime } from '@/lib/format';
import { hasReceipt } from '../lib/donation';
import { DonationTarget } from './donation-card';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw="7rem">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function DetailBody({ id }: { id: number }) {
  const query = useQuery(donationQueries.detail(id));
  if (query.isError)
    return (
      <FailedState title="The donation could not be loaded" error={query.error} onRetry={query.refetch} />
    );
  const donation = query.data;
  if (!donation) return <LoadingState label="Loading the donation…" />;
  const time =
    donation.type === GIVING_TYPE.volunteering || donation.type === GIVING_TYPE.skilledVolunteering;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text fw={700} size="lg">
          {donationWhat(donation)}
        </Text>
        <DonationStatusBadge donation={donation} />
      </Group>
      <DonationTarget donation={donation} />
      <GiftFundraiser donation={donation} />
      <Stack gap={4}>
        <Fact label="Kind">{donationTypeLabel(donation.type)}</Fact>
        {donation.type === GIVING_TYPE.funds ? (
          <Fact label="From">
            {donation.source === 'credits' ? 'Credits' : donation.source === 'card' ? 'Card' : 'Wallet'}
          </Fact>
        ) : null}
        {donation.gift_aid ? (
          <Fact label="Gift Aid">{`Adds ${formatMoney(donation.gift_aid_amount)}`}</Fact>
        ) : null}
        {time ? <Fact label="On">{showDate(donation.date)}</Fact> : null}
        {time && donation.confirmed_hours !== null ? (
          <Fact label="Confirmed">{`${donation.confirmed_hours} hours`}</Fact>
        ) : null}
        {donation.description ? <Fact label="Description">{donation.description}</Fact> : null}
        <Fact label="Shown as">{donation.anonymous ? 'Anonymous' : 'Your name'}</Fact>
        {donation.message ? <Fact label="Message">{donation.message}</Fact> : null}
        {donation.receipt_number ? <Fact label="Receipt">{donation.receipt_number}</Fact> : null}
      </Stack>
      <MoneyBackDetails donation={donation} viewer="giver" />
      {hasReceipt(donation) ? (
        <Group>
          <ReceiptButton donationId={donation.id} receiptNumber={donation.receipt_number} size="sm" />
        </Group>
      ) : null}
      <Title order={3} size="h4">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={donation.history.length - 1}>
        {donation.history.map((entry) => (
          <Timeline.Item key={`${entry.at}-${entry.status}`} title={entry.status_label}>
            <Text size="sm">{`${showDateTime(entry.at)} · by ${entry.by?.name ?? 'Kindred (scheduled)'}`}</Text>
            {entry.reason ? <Text size="sm">{`Why: ${entry.reason}`}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** A donation's details and history (who changed it, when and why), in a dialog. */
export function DonationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title="Donation details"
      size="lg"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': 'Close details' }}
    >
      {id !== null ? <DetailBody id={id} /> : null}
    </Modal>
  );
}
