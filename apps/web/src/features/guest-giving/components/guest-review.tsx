import { formatMoney, toMinorUnits } from '@kindred/shared';
import { DataList } from '@mantine/core';
import { DataRow } from '@/components/ui/data-row';
import { giftAidFor } from '@/entities/donation';
import type { GuestValues } from '../lib/guest-form';
import { type GuestGiveTarget, targetDescription } from '../lib/target';

export interface GuestReviewProps {
  values: GuestValues;
  target: GuestGiveTarget;
  currency: string;
  /** How the card is described: 'Card ending 4242' (the sandbox's typed card), or 'Your card' (Stripe's field). */
  paidBy: string;
}

/** Everything the guest's gift will be, in words, before the final confirm. */
export function GuestReview({ values, target, currency, paidBy }: GuestReviewProps) {
  const amount = toMinorUnits(values.amount.trim()) ?? 0;
  const giftAid = values.gift_aid ? giftAidFor(values.amount) : 0;
  const name = `${values.first_name.trim()} ${values.last_name.trim()}`;
  const title = values.declaration.title.trim();
  return (
    <DataList orientation="horizontal" data-testid="guest-review">
      <DataRow label="To">{targetDescription(target)}</DataRow>
      <DataRow label="Amount">{formatMoney(amount, currency)}</DataRow>
      <DataRow label="Paid by">{paidBy}</DataRow>
      <DataRow label="Gift Aid">
        {giftAid > 0
          ? `Yes: ${formatMoney(giftAid, currency)} added, ${formatMoney(amount + giftAid, currency)} for the charity`
          : 'No'}
      </DataRow>
      {values.gift_aid ? (
        <DataRow label="Declared by">
          {`${title ? `${title} ` : ''}${name}, ${values.declaration.house.trim()}, ${values.declaration.post_code.trim().toUpperCase()}`}
        </DataRow>
      ) : null}
      <DataRow label="From">{name}</DataRow>
      <DataRow label="Receipt to">{values.email.trim()}</DataRow>
      <DataRow label="Shown as">{values.anonymous ? 'Anonymous' : 'Your name'}</DataRow>
      <DataRow label="Message">{values.message.trim() || 'None'}</DataRow>
    </DataList>
  );
}
