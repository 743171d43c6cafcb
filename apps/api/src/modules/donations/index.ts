/**
 * The donations module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it.
 */
export type { GiftTarget } from './donation-flow.js';
export { giftsForStatement, type StatementGift } from './donation-views.js';
export {
  type DonationForHistory,
  type DonationRow,
  type DonationWhere,
  donationsQueries,
  type GivingPeriod,
  type GivingTotals,
} from './donations.repository.js';
export type { GiftRecorder } from './gift-recorder.js';
export { type GiftSummary, giftSummary } from './gift-summary.js';
export { refundsQueries } from './refunds.repository.js';
export { subscriptionsQueries, subscriptionsWrites } from './subscriptions.repository.js';
