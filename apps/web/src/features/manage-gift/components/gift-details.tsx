import { type Donation, formatMoney, GIVING_TYPE } from '@kindred/shared';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { DonationStatusBadge, ReceiptButton } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { giftPaidBy, giftWhat } from '../lib/words';
import { Fact, Facts } from './facts';
import { GiftTarget } from './gift-target';
import { SignInLine } from './giving-links';

/**
 * One gift as its receipt's link shows it (docs/product/card-gifts.md#manage-from-the-mail): what,
 * to whom, when, its status, how it was paid and its Gift Aid, with the receipt to download. A
 * single gift cannot be changed from its link.
 */
export function GiftDetails({
  token,
  donation,
  currency,
  receipt,
}: {
  token: string;
  donation: Donation;
  currency: string;
  receipt: boolean;
}) {
  const headingId = useId();
  const paidBy = giftPaidBy(donation);
  const funds = donation.type === GIVING_TYPE.funds;
  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {giftWhat(donation, currency)}
          </Title>
          <DonationStatusBadge donation={donation} />
        </Group>
        <GiftTarget target={donation} />
        <Facts>
          <Fact label="Date">{showDate(donation.created_at)}</Fact>
          {paidBy ? <Fact label="Paid by">{paidBy}</Fact> : null}
          {funds ? (
            <Fact label="Gift Aid">
              {donation.gift_aid ? `Yes: it adds ${formatMoney(donation.gift_aid_amount, currency)}` : 'No'}
            </Fact>
          ) : null}
          {donation.receipt_number ? <Fact label="Receipt">{donation.receipt_number}</Fact> : null}
        </Facts>
        {receipt ? (
          <Group>
            <ReceiptButton
              donationId={donation.id}
              receiptNumber={donation.receipt_number}
              manageToken={token}
              size="sm"
            />
          </Group>
        ) : null}
        <SignInLine />
      </Stack>
    </Paper>
  );
}
