/**
 * The explore module's face (docs/architecture.md, "Module faces"). No other module uses it: it
 * holds the services the composition root (services.ts) builds.
 */
export { exploreService } from './explore.service.js';
