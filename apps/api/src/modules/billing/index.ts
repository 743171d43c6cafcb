/**
 * The billing module's face (docs/architecture.md, "Module faces"). No other module uses it: it
 * holds the services the composition root (services.ts) builds.
 */
export { invoicePayments } from './invoice-payments.js';
export { invoiceRunsService } from './invoice-runs.service.js';
export { organisationSubscriptionService } from './organisation-subscription.service.js';
export { platformBillingService } from './platform-billing.service.js';
export { subscriptionPlans } from './subscription-plans.js';
