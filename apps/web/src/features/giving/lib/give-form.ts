import {
  type DonateBody,
  type DonationSource,
  dateRangeMessage,
  FREQUENCIES,
  GIVING_TYPE,
  labelOf,
  MAX_GIFT_QUANTITY,
  MAX_PLEDGE_HOURS,
  PLEDGE_HOURS_MESSAGE,
  toMinorUnits,
} from '@kindred/shared';
import { type CardValues, cardErrors, EMPTY_CARD, toCardInput } from '@/entities/card';
import { checkAmount } from '@/lib/amount';
import type { GiveKind } from './target';

/** What the flow's form holds; numbers stay as typed until they are checked. */
export interface GiveValues {
  /** Funds: the amount in major units, as typed or set by a preset. */
  amount: string;
  source: DonationSource;
  /** Paying by card: a saved card's id, or 'new' for a card typed now. */
  card_choice: string;
  /** The person chose the card themselves (until then the default saved card is chosen for them). */
  card_chosen: boolean;
  /** A card typed now (the sandbox's form; with Stripe the card is in Stripe's own field). */
  card: CardValues;
  /** 'once', or a frequency code ('1'..'4') for a recurring gift. */
  repeat: 'once' | 'recurring';
  frequency: string;
  start_date: string | null;
  /** Recurring: the last day it may give on (blank: until cancelled). */
  end_date: string | null;
  gift_aid: boolean;
  /** Volunteering: whole hours. */
  hours: string | number;
  /** Blank: the project's end date. */
  date: string | null;
  skill_type: string | null;
  gift_type: string | null;
  description: string;
  quantity: string | number;
  /** The gift's estimated value in major units ('' when unknown). */
  estimated_value: string;
  anonymous: boolean;
  message: string;
}

export function initialValues(
  kind: GiveKind,
  options: { skill?: string; gift?: string; today: string },
): GiveValues {
  return {
    amount: '',
    source: 'wallet',
    card_choice: 'new',
    card_chosen: false,
    card: EMPTY_CARD,
    repeat: 'once',
    frequency: '3',
    start_date: options.today,
    end_date: null,
    gift_aid: false,
    hours: '',
    date: null,
    skill_type: kind === GIVING_TYPE.skilledVolunteering ? (options.skill ?? null) : null,
    gift_type: kind === GIVING_TYPE.gifts ? (options.gift ?? null) : null,
    description: '',
    quantity: 1,
    estimated_value: '',
    anonymous: false,
    message: '',
  };
}

const wholeNumber = (value: string | number): number | null => {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
};

export interface ValidateContext {
  kind: GiveKind;
  /** How this deployment takes cards: a typed card is checked here only in the sandbox. */
  cardMode?: 'sandbox' | 'stripe';
  today: string;
  /** The dates a pledge may take. */
  dates: { min: string; max: string | null };
  /** Volunteering: the hours the project still needs (null: no limit known). */
  hoursLeft?: number | null;
}

/** The checks the server makes (donateBodySchema and the service), run before anything is sent. */
export function validateGive(
  values: GiveValues,
  { kind, today, dates, hoursLeft = null, cardMode = 'sandbox' }: ValidateContext,
): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  if (kind === GIVING_TYPE.funds) {
    const amount = checkAmount(values.amount);
    if (!amount.ok) errors.amount = amount.message;
    if (values.source === 'card' && values.card_choice === 'new') {
      if (values.repeat === 'recurring')
        errors.card_choice =
          'A recurring gift by card is charged to a saved card: save this card in your wallet first.';
      else if (cardMode === 'sandbox') Object.assign(errors, cardErrors(values.card));
    }
    if (values.repeat === 'recurring') {
      if (!values.frequency) errors.frequency = 'Choose how often.';
      if (!values.start_date) errors.start_date = 'Choose the first date.';
      else if (values.start_date < today) errors.start_date = 'Today or later.';
      if (values.end_date && values.start_date && values.end_date < values.start_date)
        errors.end_date = 'The end must come after the start.';
    }
  }
  if (kind === GIVING_TYPE.volunteering || kind === GIVING_TYPE.skilledVolunteering) {
    const hours = wholeNumber(values.hours);
    if (hours === null || hours < 1 || hours > MAX_PLEDGE_HOURS) errors.hours = PLEDGE_HOURS_MESSAGE;
    else if (kind === GIVING_TYPE.volunteering && hoursLeft !== null && hours > hoursLeft)
      errors.hours =
        hoursLeft === 0
          ? 'Every hour this project asked for is already taken.'
          : `Enter ${hoursLeft} hours or fewer: that is what this project still needs.`;
    if (values.date && (values.date < dates.min || (dates.max !== null && values.date > dates.max))) {
      errors.date = dateRangeMessage(dates.min, dates.max);
    }
    if (kind === GIVING_TYPE.skilledVolunteering && !values.skill_type) errors.skill_type = 'Choose a skill.';
  }
  if (kind === GIVING_TYPE.gifts) {
    if (!values.gift_type) errors.gift_type = 'Choose a kind of gift.';
    if (!values.description.trim()) errors.description = 'Say what you will give.';
    else if (values.description.trim().length > 500) errors.description = 'Use at most 500 characters.';
    const quantity = wholeNumber(values.quantity);
    if (String(values.quantity).trim() === '') errors.quantity = 'Say how many.';
    else if (quantity === null || quantity < 1 || quantity > MAX_GIFT_QUANTITY)
      errors.quantity = `Enter a whole number between 1 and ${MAX_GIFT_QUANTITY.toLocaleString('en-GB')}.`;
    const value = values.estimated_value.trim();
    if (value && toMinorUnits(value) === null) {
      errors.estimated_value = 'Use digits and a decimal point only, for example 40 or 12.50.';
    }
  }
  if (values.message.trim().length > 1000) errors.message = 'Use at most 1,000 characters.';
  return errors;
}

/**
 * The card of a gift by card: a saved one by id, or the card typed into the sandbox's form. With
 * Stripe a new card is in Stripe's field, and the browser pays the payment the server opens.
 */
function cardOf(values: GiveValues): Pick<DonateBody, 'card' | 'payment_method_id'> {
  if (values.card_choice !== 'new') return { payment_method_id: Number(values.card_choice) };
  return values.card.number.trim() ? { card: toCardInput(values.card) } : {};
}

/** The body of the donate call for the checked values (only the fields the kind takes). */
export function toDonateBody(values: GiveValues, kind: GiveKind): DonateBody {
  const common = {
    ...(values.anonymous ? { anonymous: true } : {}),
    ...(values.message.trim() ? { message: values.message.trim() } : {}),
  };
  switch (kind) {
    case GIVING_TYPE.funds: {
      const recurring = values.repeat === 'recurring';
      return {
        type: kind,
        amount: toMinorUnits(values.amount) ?? 0,
        source: values.source,
        ...(values.source === 'card' ? cardOf(values) : {}),
        ...(values.gift_aid && values.source !== 'credits' ? { gift_aid: true } : {}),
        ...(recurring
          ? {
              frequency: Number(values.frequency) as 1 | 2 | 3 | 4,
              ...(values.start_date ? { start_date: values.start_date } : {}),
              ...(values.end_date ? { end_date: values.end_date } : {}),
            }
          : {}),
        ...common,
      };
    }
    case GIVING_TYPE.volunteering:
    case GIVING_TYPE.skilledVolunteering:
      return {
        type: kind,
        hours: Number(values.hours),
        ...(values.date ? { date: values.date } : {}),
        ...(kind === GIVING_TYPE.skilledVolunteering ? { skill_type: Number(values.skill_type) } : {}),
        ...common,
      };
    default:
      return {
        type: kind,
        gift_type: Number(values.gift_type),
        description: values.description.trim(),
        quantity: Number(values.quantity),
        estimated_value: toMinorUnits(values.estimated_value.trim()) ?? 0,
        ...common,
      };
  }
}

/** 'Monthly' for a frequency code. */
export const frequencyLabel = (code: string | number) => labelOf(FREQUENCIES, Number(code)) ?? 'Monthly';

/** The server's field names that the form shows (anything else goes in the flow's alert). */
export const FORM_FIELDS = new Set<string>([
  'amount',
  'source',
  'card_choice',
  'card.number',
  'card.exp_month',
  'card.exp_year',
  'card.cvc',
  'frequency',
  'start_date',
  'end_date',
  'gift_aid',
  'hours',
  'date',
  'skill_type',
  'gift_type',
  'description',
  'quantity',
  'estimated_value',
  'anonymous',
  'message',
]);
