import { type GuestDonateBody, guestDonateBodySchema, toMinorUnits } from '@kindred/shared';
import { type CardValues, cardErrors, EMPTY_CARD, toCardInput } from '@/entities/card';
import { checkAmount } from '@/lib/amount';
import { schemaErrors } from '@/lib/form';

/** What the guest's form holds; the amount stays as typed until it is checked. */
export interface GuestValues {
  /** In major units, as typed or set by a preset. */
  amount: string;
  email: string;
  first_name: string;
  last_name: string;
  /** The sandbox's card form (with Stripe the card is typed into Stripe's own field). */
  card: CardValues;
  gift_aid: boolean;
  /** With Gift Aid: the declaration's address (the name is the giver's, above). */
  declaration: { title: string; house: string; post_code: string };
  anonymous: boolean;
  message: string;
}

export const initialGuestValues = (): GuestValues => ({
  amount: '',
  email: '',
  first_name: '',
  last_name: '',
  card: EMPTY_CARD,
  gift_aid: false,
  declaration: { title: '', house: '', post_code: '' },
  anonymous: false,
  message: '',
});

/** How the card is taken: typed into our sandbox form (sent to the API), or by Stripe in the browser. */
export interface CardOptions {
  typedCard: boolean;
}

/**
 * The body of POST /guest/donate/... for the checked values: trimmed, the declaration only with
 * Gift Aid (docs/product/card-gifts.md#giving-without-an-account), the card only when it is typed.
 */
export function toGuestBody(values: GuestValues, { typedCard }: CardOptions): GuestDonateBody {
  const title = values.declaration.title.trim();
  const message = values.message.trim();
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    amount: toMinorUnits(values.amount.trim()) ?? 0,
    ...(typedCard ? { card: toCardInput(values.card) } : {}),
    ...(values.gift_aid
      ? {
          gift_aid: true,
          declaration: {
            ...(title ? { title } : {}),
            house: values.declaration.house.trim(),
            post_code: values.declaration.post_code.trim().toUpperCase(),
          },
        }
      : {}),
    ...(values.anonymous ? { anonymous: true } : {}),
    ...(message ? { message } : {}),
  };
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
