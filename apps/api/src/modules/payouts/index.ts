import { payoutsRepository } from './payouts.repository.js';

/**
 * The payouts module's face (docs/architecture.md, "Module faces"): payouts to charities
 * (docs/product/payouts-and-reconciliation.md). Nothing else reads its tables.
 */
export { type PayoutSchedulesService, payoutSchedulesService } from './payout-schedules.service.js';
export { type PayoutsService, payoutsService } from './payouts.service.js';

/** What reconciliation reads of payouts: those paid, by the provider's transfer id. */
export const payoutsQueries = {
  /** A payout by id (notifications tell its charity of it). */
  find: payoutsRepository.find,
  paidBetween: payoutsRepository.paidBetween,
  paidByTransferIds: payoutsRepository.paidByTransferIds,
};
