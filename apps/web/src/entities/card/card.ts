/** The sandbox card form's values and checks: shared with the donate button's page (packages/shared). */
export {
  CARD_MESSAGES,
  type CardValues,
  cardErrors,
  EMPTY_CARD,
  SANDBOX_CARDS_NOTE,
  TEST_CARDS,
  toCardInput,
} from '@kindred/shared';
