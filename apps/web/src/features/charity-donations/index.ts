export { DonationsInbox, type DonationsInboxProps } from './components/donations-inbox';
