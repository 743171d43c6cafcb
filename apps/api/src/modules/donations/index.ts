/**
 * The donations module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it.
 */
export type { GiftTarget } from './donation-flow.js';
export {
  type DonationForHistory,
  type DonationRow,
  type DonationWhere,
  donationsQueries,
  type GivingPeriod,
  type GivingTotals,
} from './donations.repository.js';
export type { GiftRecorder } from './gift-recorder.js';
export { subscriptionsQueries, subscriptionsWrites } from './subscriptions.repository.js';
