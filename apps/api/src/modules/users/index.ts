/**
 * The users module's face (docs/architecture.md, "Module faces"): what other modules may import from
 * it. Reads are `usersQueries`; the writes another module may ask for (sign-in records, account
 * changes), `usersWrites`.
 */
export { loadSessionDetail, personNames } from './users.presenter.js';
export { type NewUser, type UserRow, usersQueries, usersWrites } from './users.repository.js';
export { eraseUser } from './users.service.js';
