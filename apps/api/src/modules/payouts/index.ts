/**
 * The payouts module's face (docs/architecture.md, "Module faces"): payouts to charities
 * (docs/product/payouts-and-reconciliation.md). Nothing else reads its tables.
 */
export { type PayoutSchedulesService, payoutSchedulesService } from './payout-schedules.service.js';
export { type PayoutsService, payoutsService } from './payouts.service.js';
