/**
 * The groups module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Reads are `groupsQueries`; the writes another module may ask for, `groupsWrites`.
 */
export { type GroupRow, groupsQueries, groupsWrites } from './groups.repository.js';
/**
 * For reads and joins only (explore's searches, decision 010): another module never writes them, and
 * reads a group through `groupsQueries` where a join is not needed.
 */
export { groupMemberships as groupMembershipsForJoins, groups as groupsForJoins } from './groups.table.js';
