/**
 * Taking a card (docs/product/card-gifts.md): the sandbox's card fields and Stripe's card field,
 * how this deployment takes cards, and the checks of a typed card. Shared by the wallet's forms,
 * the give flow and the pages a giver reaches from a mail.
 */

export { CARD_MESSAGES, type CardValues, cardErrors, EMPTY_CARD, TEST_CARDS, toCardInput } from './card';
export {
  answerSandboxBank,
  type BankOutcome,
  finishWithStripe,
  SandboxBankCheck,
  type SandboxBankCheckProps,
} from './card-action';
export { CardFields, type CardFieldsProps, CardFormLoading, CardPaymentsUnavailable } from './card-fields';
export { type CardMode, cardModeOf } from './card-mode';
export { CARD_FIELD_MAP, declinedOnTheCard } from './card-refusal';
export {
  type PaymentProviderName,
  type PaymentSetup,
  usePaymentSetup,
  usePublicConfig,
} from './payment-setup';
export { isStripePaymentError, STRIPE_CARD_MESSAGES, StripePaymentError } from './stripe';
export {
  EMPTY_STRIPE_CARD,
  StripeCardField,
  type StripeCardFieldProps,
  type StripeCardHandle,
  type StripeCardState,
} from './stripe-card-field';
export { type StripeCard, useStripeCard } from './use-stripe-card';
