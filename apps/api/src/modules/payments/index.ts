/**
 * The payments module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Whose money a call is about, and who may move it, is `money-owner`.
 */
export { assertCanMoveMoney, type MoneyOwner, ownerEmails, requireWalletAccess } from './money-owner.js';
export { paymentMethodsQueries } from './payment-methods.repository.js';
export { keepCard, presentPaymentMethod } from './payment-methods.service.js';
export {
  type GiftPaymentRow,
  giftPaymentsQueries,
  giftPaymentsWrites,
  paymentsQueries,
} from './payments.repository.js';
export { assertCardGiven, providerFailure } from './payments.service.js';
export {
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderRecord,
} from './provider.js';
export { type ProviderAccountRow, providerAccountsQueries } from './provider-accounts.repository.js';
export type { SandboxProvider } from './sandbox-provider.js';
