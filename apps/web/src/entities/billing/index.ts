export { billingQueries, INVOICE_PAGE_SIZE } from './billing-queries';
