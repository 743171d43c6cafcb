import { formatMoney, GIFT_TYPES, GIVING_TYPE, labelOf, SKILL_TYPES, toMinorUnits } from '@kindred/shared';
import { DataList } from '@mantine/core';
import { DataRow } from '@/components/ui/data-row';
import { giftAidFor } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { frequencyLabel, type GiveValues } from '../lib/give-form';
import { charityName, type GiveKind, type GiveTarget, pledgeWindow, targetName } from '../lib/target';

export interface ReviewProps {
  values: GiveValues;
  kind: GiveKind;
  target: GiveTarget;
  currency: string;
  today: string;
  /** The organisation the gift is made on behalf of: it pays, and the charity sees its name. */
  onBehalfOf?: string | undefined;
  /** Paying by a saved card: its label ('Visa ending 4242'). */
  card?: string | null;
}

/** Everything the gift will be, in words, before the final confirm. */
export function Review({ values, kind, target, currency, today, onBehalfOf, card = null }: ReviewProps) {
  const payer = onBehalfOf ? `${onBehalfOf}’s` : 'Your';
  const pot = values.source === 'wallet' ? 'wallet' : 'credits';
  const typed = values.card.number.replace(/\D/g, '').slice(-4);
  const paidFrom =
    values.source === 'card'
      ? (card ?? (typed ? `The card ending ${typed}` : 'The card you type below'))
      : `${payer} ${pot}`;
  const to =
    target.kind === 'project' ? `${targetName(target)} (${charityName(target)})` : targetName(target);
  const amount = toMinorUnits(values.amount) ?? 0;
  const giftAid = values.gift_aid && values.source !== 'credits' ? giftAidFor(values.amount) : 0;
  const recurring = values.repeat === 'recurring';
  const dates = pledgeWindow(target, today);
  return (
    <DataList orientation="horizontal" data-testid="give-review">
      <DataRow label="To">{to}</DataRow>
      {kind === GIVING_TYPE.funds ? (
        <>
          <DataRow label="Amount">
            {recurring
              ? `${formatMoney(amount, currency)} ${frequencyLabel(values.frequency).toLowerCase()}`
              : formatMoney(amount, currency)}
          </DataRow>
          {recurring ? (
            <DataRow label="First gift">
              {values.start_date === today ? 'Today' : showDate(values.start_date)}
            </DataRow>
          ) : null}
          {recurring ? (
            <DataRow label="Until">{values.end_date ? showDate(values.end_date) : 'You cancel it'}</DataRow>
          ) : null}
          <DataRow label="Paid from">{paidFrom}</DataRow>
          <DataRow label="Gift Aid">
            {giftAid > 0
              ? `Yes: ${formatMoney(giftAid, currency)} added, ${formatMoney(amount + giftAid, currency)} for the charity${recurring ? ' each time' : ''}`
              : 'No'}
          </DataRow>
        </>
      ) : null}
      {kind === GIVING_TYPE.volunteering || kind === GIVING_TYPE.skilledVolunteering ? (
        <>
          {kind === GIVING_TYPE.skilledVolunteering ? (
            <DataRow label="Skill">{labelOf(SKILL_TYPES, Number(values.skill_type)) ?? 'Other'}</DataRow>
          ) : null}
          <DataRow label="Hours">{String(values.hours)}</DataRow>
          <DataRow label="Date">
            {values.date
              ? showDate(values.date)
              : dates.defaultDate
                ? `${showDate(dates.defaultDate)} (the project end date)`
                : 'Not set'}
          </DataRow>
        </>
      ) : null}
      {kind === GIVING_TYPE.gifts ? (
        <>
          <DataRow label="Kind of gift">{labelOf(GIFT_TYPES, Number(values.gift_type)) ?? 'Other'}</DataRow>
          <DataRow label="What">{values.description.trim()}</DataRow>
          <DataRow label="Quantity">{String(values.quantity)}</DataRow>
          <DataRow label="Estimated value">
            {values.estimated_value.trim()
              ? formatMoney(toMinorUnits(values.estimated_value.trim()) ?? 0, currency)
              : 'Not given'}
          </DataRow>
        </>
      ) : null}
      <DataRow label="Shown as">{values.anonymous ? 'Anonymous' : (onBehalfOf ?? 'Your name')}</DataRow>
      <DataRow label="Message">{values.message.trim() || 'None'}</DataRow>
    </DataList>
  );
}
