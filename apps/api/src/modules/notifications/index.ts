/**
 * The notifications module's face (docs/architecture.md, "Module faces"): what a person is told,
 * in the app and by mail (docs/product/notifications.md). Nothing else reads its tables.
 */
export { type NotificationsService, notificationsService } from './notifications.service.js';
export type { TellReads } from './who-is-told.js';
