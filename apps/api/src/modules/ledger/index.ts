/**
 * The ledger module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Money moves only through the ledger service's named operations (decision 006); reads are
 * `ledgerQueries`.
 */
export { runIdempotent } from './idempotency.js';
export type { AccountRef } from './ledger.repository.js';
export {
  account,
  type HistoryRow,
  InsufficientFundsError,
  type LedgerService,
  ledgerQueries,
  type Owner,
  PLATFORM,
  projectNotLive,
} from './ledger.service.js';
