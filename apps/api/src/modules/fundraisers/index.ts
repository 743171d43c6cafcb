/**
 * The fundraisers module's face (docs/architecture.md, "Module faces"): what other modules may
 * import from it. Reads are `fundraisersQueries`; the writes another module may ask for (a gift's
 * counting), `fundraisersWrites`.
 */

/** The pages as their cards show them (explore's fundraisers list them as every list does). */
export { fundraiserViews } from './fundraiser-views.js';
export { type FundraiserRow, fundraisersQueries, fundraisersWrites } from './fundraisers.repository.js';
export { fundraisersService } from './fundraisers.service.js';
/**
 * For reads and joins only (explore's search, decision 010): another module never writes it, and
 * reads a page through `fundraisersQueries` where a join is not needed.
 */
export { fundraisers as fundraisersForJoins } from './fundraisers.table.js';
