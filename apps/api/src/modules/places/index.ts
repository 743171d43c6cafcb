/**
 * The places module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 */
export { placesQueries } from './places.service.js';
