import type { CardInput } from '../wallet/schemas.js';

/** The Luhn checksum that every card number carries (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The sandbox card form's fields, as typed. The checks below are the web app's card fields' and
 * the donate button's page's alike (docs/product/embed.md): the same words about the same card.
 */
export interface CardValues {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

export const EMPTY_CARD: CardValues = { number: '', exp_month: '', exp_year: '', cvc: '' };

/** Sandbox test cards (docs/product/money.md#deposits), shown in the card forms' help text. */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Asks for the bank's extra step (3-D Secure) when paying (docs/product/card-gifts.md#the-sandbox-cards). */
  authenticate: '4000 0025 0000 3155',
} as const;

/** What the sandbox's card fields say above the card number, in the web app and on the donate button. */
export const SANDBOX_CARDS_NOTE =
  `Test payments (sandbox): no real card is charged. ${TEST_CARDS.succeeds} succeeds, ` +
  `${TEST_CARDS.authenticate} asks your bank to confirm and ${TEST_CARDS.declined} is declined; use any ` +
  'future expiry date and any 3 digits.';

export const CARD_MESSAGES = {
  number: 'Enter the card number (12 to 19 digits).',
  luhn: 'This card number is not valid. Check the digits.',
  month: 'Enter the month, 1 to 12.',
  year: 'Enter the year, for example 2030.',
  expired: 'The card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
} as const;

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

function yearOf(text: string): number | null {
  const value = text.trim();
  if (/^\d{2}$/.test(value)) return 2000 + Number(value);
  if (/^\d{4}$/.test(value)) return Number(value);
  return null;
}

function monthOf(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,2}$/.test(value)) return null;
  const month = Number(value);
  return month >= 1 && month <= 12 ? month : null;
}

/** Field errors of the card, keyed `<prefix>number` and so on (null when the field is fine). */
export function cardErrors(
  card: CardValues,
  prefix = 'card.',
  now = new Date(),
): Record<string, string | null> {
  const number = digitsOf(card.number);
  const month = monthOf(card.exp_month);
  const year = yearOf(card.exp_year);
  const thisYear = now.getFullYear();
  const yearOk = year !== null && year >= thisYear && year <= 2100;
  // A card is good until the end of its expiry month.
  const expired = month !== null && yearOk && year === thisYear && month < now.getMonth() + 1;
  return {
    [`${prefix}number`]: !/^\d{12,19}$/.test(number)
      ? CARD_MESSAGES.number
      : luhnValid(number)
        ? null
        : CARD_MESSAGES.luhn,
    [`${prefix}exp_month`]: month === null ? CARD_MESSAGES.month : null,
    [`${prefix}exp_year`]: !yearOk ? CARD_MESSAGES.year : expired ? CARD_MESSAGES.expired : null,
    [`${prefix}cvc`]: /^\d{3,4}$/.test(card.cvc.trim()) ? null : CARD_MESSAGES.cvc,
  };
}

/** The API's card body of valid card values (digits only). */
export function toCardInput(card: CardValues): CardInput {
  return {
    number: digitsOf(card.number),
    exp_month: monthOf(card.exp_month) ?? 0,
    exp_year: yearOf(card.exp_year) ?? 0,
    cvc: card.cvc.trim(),
  };
}
