import {
  type GuestDonateBody,
  type GuestGiftValues,
  guestDonateBodySchema,
  initialGuestGiftValues,
  toGuestDonateBody,
} from '@kindred/shared';
import { cardErrors } from '@/entities/card';
import { checkAmount } from '@/lib/amount';
import { schemaErrors } from '@/lib/form';

/** What the guest's form holds: a guest's gift with its message to the charity. */
export interface GuestValues extends GuestGiftValues {
  message: string;
}

export const initialGuestValues = (): GuestValues => ({ ...initialGuestGiftValues(), message: '' });

/** How the card is taken: typed into our sandbox form (sent to the API), or by Stripe in the browser. */
export interface CardOptions {
  typedCard: boolean;
}

/**
 * The body of POST /guest/donate/... for the checked values: trimmed, the declaration only with
 * Gift Aid (docs/product/card-gifts.md#giving-without-an-account), the card only when it is typed.
 */
export function toGuestBody(values: GuestValues, { typedCard }: CardOptions): GuestDonateBody {
  return toGuestDonateBody(values, typedCard);
}

/**
 * The checks the server makes (guestDonateBodySchema), run before anything is sent; the amount and
 * the typed card with the same words as the other money forms.
 */
export function validateGuest(
  values: GuestValues,
  options: CardOptions,
  now = new Date(),
): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  for (const [path, message] of Object.entries(
    schemaErrors(guestDonateBodySchema, toGuestBody(values, { typedCard: false })),
  )) {
    errors[path] = typeof message === 'string' ? message : null;
  }
  const amount = checkAmount(values.amount);
  errors.amount = amount.ok ? null : amount.message;
  if (options.typedCard) Object.assign(errors, cardErrors(values.card, 'card.', now));
  return errors;
}

/** The server's field names that are another field of this form. */
export const SERVER_FIELD_MAP: Record<string, string> = {
  card: 'card.number',
  declaration: 'declaration.house',
};
