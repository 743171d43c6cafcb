/**
 * The ledger module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Money moves only through the ledger service's named operations (decision 006); reads are
 * `ledgerQueries`.
 */
export { keptAnswer, refuseWithKey, runIdempotent } from './idempotency.js';
export type { AccountRef } from './ledger.repository.js';
export {
  account,
  type HistoryRow,
  InsufficientFundsError,
  type LedgerService,
  ledgerQueries,
  movementRefusal,
  type Owner,
  PLATFORM,
  projectNotLive,
} from './ledger.service.js';
