/**
 * The accounts module's face (docs/architecture.md, "Module faces"): the steps a charity and an
 * organisation share (added by a platform admin, reviewed, locked, given a logo), which the
 * charities and organisations modules use. It has no tables of its own.
 */
export { type AccountKind, accountSteps, memberPerson } from './account-steps.js';
