/**
 * The charities module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Reads are `charitiesQueries`; the writes another module may ask for, `charitiesWrites`.
 */
export {
  type CharityRow,
  charitiesQueries,
  charitiesWrites,
  isPublicCharity,
  publicCharity,
} from './charities.repository.js';
/**
 * For reads and joins only (explore's searches, decision 010): another module never writes it, and
 * reads a charity through `charitiesQueries` where a join is not needed.
 */
export { charities as charitiesForJoins } from './charities.table.js';
