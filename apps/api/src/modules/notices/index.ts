/**
 * The notices module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 */
export { lockNotice } from './lock-notice.js';
export { DELIVER_NOTICES } from './notices.service.js';
