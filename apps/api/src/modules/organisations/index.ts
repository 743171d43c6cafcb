/**
 * The organisations module's face (docs/architecture.md, "Module faces"): what other modules may
 * import from it. Reads are `organisationsQueries` and `hierarchyQueries`; the writes another module
 * may ask for, `organisationsWrites`.
 */
export { hierarchyQueries } from './hierarchy.repository.js';
export { organisationsQueries, organisationsWrites, signoffPolicyOf } from './organisations.repository.js';
