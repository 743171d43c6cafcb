import { formatMoney, toMinorUnits } from '@kindred/shared';
import { DataList } from '@mantine/core';
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

function Row({ label, children }: { label: string; children: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Everything the guest's gift will be, in words, before the final confirm. */
export function GuestReview({ values, target, currency, paidBy }: GuestReviewProps) {
  const amount = toMinorUnits(values.amount.trim()) ?? 0;
  const giftAid = values.gift_aid ? giftAidFor(values.amount) : 0;
  const name = `${values.first_name.trim()} ${values.last_name.trim()}`;
  const title = values.declaration.title.trim();
  return (
    <DataList orientation="horizontal" data-testid="guest-review">
      <Row label="To">{targetDescription(target)}</Row>
      <Row label="Amount">{formatMoney(amount, currency)}</Row>
      <Row label="Paid by">{paidBy}</Row>
      <Row label="Gift Aid">
        {giftAid > 0
          ? `Yes: ${formatMoney(giftAid, currency)} added, ${formatMoney(amount + giftAid, currency)} for the charity`
          : 'No'}
      </Row>
      {values.gift_aid ? (
        <Row label="Declared by">
          {`${title ? `${title} ` : ''}${name}, ${values.declaration.house.trim()}, ${values.declaration.post_code.trim().toUpperCase()}`}
        </Row>
      ) : null}
      <Row label="From">{name}</Row>
      <Row label="Receipt to">{values.email.trim()}</Row>
      <Row label="Shown as">{values.anonymous ? 'Anonymous' : 'Your name'}</Row>
      <Row label="Message">{values.message.trim() || 'None'}</Row>
    </DataList>
  );
}
