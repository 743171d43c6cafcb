import { toMinorUnits } from '../money/money.js';
import { type CardValues, EMPTY_CARD, toCardInput } from '../validation/card.js';
import type { GuestDonateBody } from './guest.js';

/**
 * What a guest's gift form holds (the web app's guest giving and the donate button's page,
 * docs/product/card-gifts.md#giving-without-an-account); the amount stays as typed until it is checked.
 */
export interface GuestGiftValues {
  /** In major units, as typed or set by a preset. */
  amount: string;
  email: string;
  first_name: string;
  last_name: string;
  /** The sandbox's card form (with Stripe the card is typed into Stripe's own field). */
  card: CardValues;
  gift_aid: boolean;
  /** With Gift Aid: the declaration's address (the name is the giver's). */
  declaration: { title: string; house: string; post_code: string };
  anonymous: boolean;
  /** A message to the charity, where the form has one. */
  message?: string;
}

/** An empty guest gift form. */
export const initialGuestGiftValues = (): GuestGiftValues => ({
  amount: '',
  email: '',
  first_name: '',
  last_name: '',
  card: EMPTY_CARD,
  gift_aid: false,
  declaration: { title: '', house: '', post_code: '' },
  anonymous: false,
});

/**
 * The body of POST /guest/donate/... (guestDonateBodySchema) for a guest's gift form: trimmed, the
 * declaration only with Gift Aid, the card only when it is typed into the form (the sandbox), the
 * message only when there is one.
 */
export function toGuestDonateBody(values: GuestGiftValues, typedCard: boolean): GuestDonateBody {
  const title = values.declaration.title.trim();
  const message = values.message?.trim();
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
