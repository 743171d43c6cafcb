/**
 * The admin module's face (docs/architecture.md, "Module faces"). No other module uses it: it
 * holds the services the composition root (services.ts) builds.
 */

export { adminService } from './admin.service.js';
export { adminAccountsService } from './admin-accounts.service.js';
export { adminProjectsService } from './admin-projects.service.js';
export { statisticsService } from './statistics.service.js';
