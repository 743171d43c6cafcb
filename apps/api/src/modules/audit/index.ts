/**
 * The audit module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 * Every module records its audit entries through `auditLog`.
 */
export { auditLog } from './audit.repository.js';
