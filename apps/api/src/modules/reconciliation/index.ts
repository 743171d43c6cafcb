/**
 * The reconciliation module's face (docs/architecture.md, "Module faces"): the provider's records
 * compared with the books (docs/product/payouts-and-reconciliation.md#reconciliation).
 */
export { type ReconciliationService, reconciliationService } from './reconciliation.service.js';
