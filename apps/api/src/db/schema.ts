/** Every table of the product, for drizzle and drizzle-kit. Each module owns its own table file. */

export * from '../events/events.table.js';
export * from '../modules/admin/admin.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../modules/billing/billing.table.js';
export * from '../modules/charities/charities.table.js';
export * from '../modules/donations/donations.table.js';
export * from '../modules/donations/refunds.table.js';
export * from '../modules/employees/employees.table.js';
export * from '../modules/fundraisers/fundraisers.table.js';
export * from '../modules/groups/groups.table.js';
export * from '../modules/integrations/integrations.table.js';
export * from '../modules/invitations/invitations.table.js';
export * from '../modules/ledger/ledger.table.js';
export * from '../modules/matching/matching.table.js';
export * from '../modules/messages/messages.table.js';
export * from '../modules/notices/notices.table.js';
export * from '../modules/notifications/notifications.table.js';
export * from '../modules/organisations/organisations.table.js';
export * from '../modules/payments/payments.table.js';
export * from '../modules/payouts/payouts.table.js';
export * from '../modules/places/places.table.js';
export * from '../modules/projects/projects.table.js';
export * from '../modules/reconciliation/reconciliation.table.js';
export * from '../modules/users/users.table.js';
