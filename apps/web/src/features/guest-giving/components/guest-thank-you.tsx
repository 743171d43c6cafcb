import { type DonateResponse, formatMoney, TRANSACTION_STATUS } from '@kindred/shared';
import { Alert, Anchor, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DataRow } from '@/components/ui/data-row';
import { ShareGift } from '@/entities/donation';
import type { GuestThroughFundraiser } from '../lib/target';

export interface GuestThankYouProps {
  answer: DonateResponse;
  /** The email the receipt goes to. */
  email: string;
  /** How the card was described in the review. */
  paidBy: string;
  /** The fundraising page the gift went through: shared, and linked back to. */
  fundraiser?: GuestThroughFundraiser;
  onClose: () => void;
}

/**
 * The last step of a guest's gift: what was given, to whom, how it was paid, where the receipt
 * goes and what happens next (docs/product/card-gifts.md#giving-without-an-account).
 */
export function GuestThankYou({ answer, email, paidBy, fundraiser, onClose }: GuestThankYouProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const gift = answer.donation;
  const charity = gift?.charity.name ?? 'The charity';
  const reviewed = gift?.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval;
  const receipt = gift?.receipt_number ?? null;
  return (
    <Stack gap="md" mt="md" data-testid="guest-thank-you">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        Thank you for your gift
      </Title>
      {gift ? (
        <DataList>
          <DataRow label="You gave">
            {gift.gift_aid && gift.gift_aid_amount > 0
              ? `${formatMoney(gift.amount ?? 0)}, with ${formatMoney(gift.gift_aid_amount)} of Gift Aid`
              : formatMoney(gift.amount ?? 0)}
          </DataRow>
          <DataRow label="To">
            {gift.project ? `${gift.project.title}, a project of ${gift.charity.name}` : gift.charity.name}
          </DataRow>
          <DataRow label="Paid by">{paidBy}</DataRow>
        </DataList>
      ) : null}
      {receipt ? <Text size="sm">{`Your receipt ${receipt} is on its way to ${email}.`}</Text> : null}
      <Alert color="teal" variant="light" title="What happens next">
        {reviewed
          ? `Kindred’s team reviews this gift before it reaches ${charity}. Your card was charged and the amount is held until then; its receipt is mailed to ${email} once it is approved.`
          : `${charity} has your gift. The mail with your receipt has a link to see this gift and download the receipt for 30 days, without signing in.`}
      </Alert>
      <ShareGift fundraiser={fundraiser} charity={gift?.charity} project={gift?.project} onClose={onClose} />
      <Text size="sm">
        {`Make an account with ${email} and this gift shows in your giving. `}
        <Anchor component={Link} to="/register">
          Make an account
        </Anchor>
        {' or '}
        <Anchor component={Link} to="/login">
          sign in
        </Anchor>
        .
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
