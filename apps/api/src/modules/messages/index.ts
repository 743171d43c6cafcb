/**
 * The messages module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 */
export { messagesQueries } from './messages.repository.js';
