import { type Donation, formatMoney, GIVING_TYPE } from '@kindred/shared';
import { Button, Group } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import {
  canAskForRefund,
  DonationStatusBadge,
  MoneyBackDetails,
  ReceiptButton,
  RefundRequestDialog,
} from '@/entities/donation';
import { showDate } from '@/lib/format';
import { useRequestRefundByLink } from '../api/request-refund';
import { giftPaidBy, giftWhat } from '../lib/words';
import { Fact, Facts } from './facts';
import { ManagedSection } from './gift-target';
import { SignInLine } from './giving-links';

/**
 * "Ask for a refund" of the link's gift, while its giver may (approved or completed, within 30
 * days, something left, no request waiting), with its dialog.
 */
function AskForRefund({
  token,
  donation,
  onSent,
}: {
  token: string;
  donation: Donation;
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const request = useRequestRefundByLink(token);
  if (!canAskForRefund(donation) && !open) return null;
  return (
    <>
      <Button size="sm" variant="default" onClick={() => setOpen(true)}>
        Ask for a refund
      </Button>
      {open ? (
        <RefundRequestDialog
          donation={donation}
          send={(reason) => request.mutateAsync(reason)}
          onSent={onSent}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * One gift as its receipt's link shows it (docs/product/card-gifts.md#manage-from-the-mail): what,
 * to whom, when, its status, how it was paid and its Gift Aid, with the receipt to download; its
 * refunds with their credit notes, and asking for a refund (docs/product/refunds-and-disputes.md).
 * A single gift cannot otherwise be changed from its link.
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
  const heading = useRef<HTMLHeadingElement>(null);
  const paidBy = giftPaidBy(donation);
  const funds = donation.type === GIVING_TYPE.funds;
  return (
    <ManagedSection
      headingId={headingId}
      headingRef={heading}
      title={giftWhat(donation, currency)}
      status={<DonationStatusBadge donation={donation} />}
      target={donation}
    >
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
      <MoneyBackDetails donation={donation} viewer="giver" manageToken={token} currency={currency} />
      <Group gap="sm">
        {receipt ? (
          <ReceiptButton
            donationId={donation.id}
            receiptNumber={donation.receipt_number}
            manageToken={token}
            size="sm"
          />
        ) : null}
        <AskForRefund
          token={token}
          donation={donation}
          // The button goes once asked: focus moves to the gift's heading.
          onSent={() => setTimeout(() => heading.current?.focus(), 0)}
        />
      </Group>
      <SignInLine />
    </ManagedSection>
  );
}
