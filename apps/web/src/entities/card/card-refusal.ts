import { ApiError, isApiError } from '@/lib/api-client';

/** The server's field names of a card to the sandbox card form's fields: a refused card shows beside its number. */
export const CARD_FIELD_MAP: Record<string, string> = {
  card: 'card.number',
  'card.number': 'card.number',
  'card.exp_month': 'card.exp_month',
  'card.exp_year': 'card.exp_year',
  'card.cvc': 'card.cvc',
};

/**
 * A declined card (402 CARD_DECLINED) as a refusal of the card itself, so that its message shows
 * beside the card number too; any other error as it is.
 */
export function declinedOnTheCard(error: unknown): unknown {
  if (!isApiError(error) || error.code !== 'CARD_DECLINED' || error.fieldErrors.card) return error;
  return new ApiError(error.status, error.code, error.message, {
    ...error.details,
    fields: { card: error.message },
  });
}
