import {
  type CardValues,
  cardErrors,
  checkAmountText,
  type GuestDonateBody,
  type GuestGiftValues,
  giftAidOf,
  guestDonateBodySchema,
  initialGuestGiftValues,
  toGuestDonateBody,
  toMinorUnits,
} from '@kindred/shared';

/** What the donate button's form holds: a guest's gift, without a message. */
export type GiftValues = Omit<GuestGiftValues, 'message'>;

export const initialGiftValues: () => GiftValues = initialGuestGiftValues;

/** A field's path in the values: `email`, `card.number`, `declaration.house`... */
export type FieldPath =
  | 'amount'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'card.number'
  | 'card.exp_month'
  | 'card.exp_year'
  | 'card.cvc'
  | 'declaration.title'
  | 'declaration.house'
  | 'declaration.post_code';

/** The fields in the order the form shows them: the first refused one takes the focus. */
export const FIELD_ORDER: readonly FieldPath[] = [
  'amount',
  'email',
  'first_name',
  'last_name',
  'card.number',
  'card.exp_month',
  'card.exp_year',
  'card.cvc',
  'declaration.title',
  'declaration.house',
  'declaration.post_code',
];

export type FieldErrors = Partial<Record<FieldPath, string>>;

/** The amount in minor units, or 0 while it is not a valid amount. */
export function amountOf(values: GiftValues): number {
  const check = checkAmountText(values.amount);
  return check.ok ? check.minorUnits : 0;
}

/** What Gift Aid adds to the typed amount (25%), or 0 while the amount is not valid. */
export function giftAidFor(values: GiftValues): number {
  const minor = toMinorUnits(values.amount.trim());
  return minor ? giftAidOf(minor) : 0;
}

/** The body of POST /guest/donate/... (guestDonateBodySchema), the card only when it is typed here. */
export const toGiftBody = (values: GiftValues, typedCard: boolean): GuestDonateBody =>
  toGuestDonateBody(values, typedCard);

/** The server's field names that are another field of this form. */
const SERVER_FIELDS: Record<string, FieldPath> = {
  card: 'card.number',
  declaration: 'declaration.house',
};

/** A refused field of the API (or of the schema) as the form's field, or null when it has none. */
export function fieldOf(path: string): FieldPath | null {
  const mapped = SERVER_FIELDS[path];
  if (mapped) return mapped;
  return (FIELD_ORDER as readonly string[]).includes(path) ? (path as FieldPath) : null;
}

/**
 * The checks the server makes (guestDonateBodySchema, with the shared words for every refused
 * field), run before anything is sent; the amount and the typed card with the words of every
 * other money form (the shared checks). Empty when the gift can be sent.
 */
export function validateGift(values: GiftValues, typedCard: boolean, now = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = guestDonateBodySchema.safeParse(toGiftBody(values, false));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  const amount = checkAmountText(values.amount);
  if (amount.ok) delete errors.amount;
  else errors.amount = amount.message;
  if (typedCard) {
    for (const [path, message] of Object.entries(cardErrors(values.card, 'card.', now))) {
      if (message) errors[path as FieldPath] = message;
    }
  }
  return errors;
}

/** A field's value as typed. */
export function valueAt(values: GiftValues, path: FieldPath): string {
  const [group, key] = path.split('.') as [string, string | undefined];
  if (group === 'card' && key) return values.card[key as keyof CardValues];
  if (group === 'declaration' && key) return values.declaration[key as keyof GiftValues['declaration']];
  return values[group as 'amount' | 'email' | 'first_name' | 'last_name'];
}

/**
 * The messages still true after an edit: a field that changed loses its message (it is checked
 * again when the gift is sent), and so does the declaration when Gift Aid is taken off.
 */
export function errorsAfterEdit(errors: FieldErrors, before: GiftValues, after: GiftValues): FieldErrors {
  const kept: FieldErrors = {};
  for (const path of FIELD_ORDER) {
    const message = errors[path];
    if (message === undefined || valueAt(before, path) !== valueAt(after, path)) continue;
    if (!after.gift_aid && path.startsWith('declaration.')) continue;
    kept[path] = message;
  }
  return kept;
}

/** The first refused field in the form's order. */
export const firstRefused = (errors: FieldErrors): FieldPath | undefined =>
  FIELD_ORDER.find((path) => errors[path] !== undefined);
