/**
 * The auth module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 */
export { emailChangedMail } from './auth.mails.js';
