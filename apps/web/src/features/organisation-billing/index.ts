export { AdminBillingScreen } from './components/admin-billing-screen';
export { InvoicesSection } from './components/invoices-section';
export { SubscriptionSection } from './components/subscription-section';
